import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Settings } from '@cgg/contracts';
import type { HarmSettings } from '@cgg/contracts/staff';
import { describe, expect, it } from 'vitest';
import { fakeApi, refusal } from '../test/fake-api.ts';
import { admin } from '../test/fixtures.ts';
import { renderBackOffice } from '../test/render-back-office.tsx';

const settings: Settings = {
  suggested_tickets: [5, 10], announcement: '', live_draw_info: '', main_competition: null, slider_height_desktop: 520,
  slider_height_tablet: 420, slider_height_mobile: 300, show_question: 1, slider_speed: 5000, reward_prize_info: '', frontend_scripts: '',
};
const harm: HarmSettings = {
  spend_spike_multiplier: 3, spend_spike_weeks: 8, spend_spike_floor: '100.00', raises_count: 3, raises_days: 30, late_night_orders: 5, late_night_days: 7,
  late_night_from_hour: 0, late_night_to_hour: 5, after_end_minutes: 60, near_limit_percent: 90, high_spend: '500.00', high_spend_days: 7, break_lookback_days: 7,
};

describe('review thresholds', () => {
  it('checks each field, sends only what changed, and shows a refusal', async () => {
    let answer: unknown = null;
    const api = fakeApi({
      'staff/me': { success: true, data: admin },
      getsettings: { success: true, data: settings },
      'staff/harm_settings': { success: true, data: harm },
      'staff/harm_settings_update': (b) => answer ?? { success: true, data: { ...harm, ...b, spend_spike_floor: '150.00' } },
    });
    renderBackOffice('/admin/content', 'tok');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Review thresholds' });
    const field = (label: string) => within(form).getByLabelText(label);
    await user.clear(field('Limit raises: how many'));
    await user.type(field('Limit raises: how many'), '0');
    await user.clear(field('Late night: how many orders'));
    await user.type(field('Late night: how many orders'), 'five');
    await user.clear(field('Spend spike: only above (£)'));
    await user.type(field('Spend spike: only above (£)'), '£150');
    await user.click(within(form).getByRole('button', { name: 'Save thresholds' }));
    expect(within(form).getByText('Between 1 and 100.')).toBeTruthy();
    expect(within(form).getByText('Enter a number.')).toBeTruthy();
    expect(within(form).getByText('Enter an amount in pounds, e.g. 100 or 100.00.')).toBeTruthy();
    expect(api.routes()).not.toContain('staff/harm_settings_update');

    await user.clear(field('Limit raises: how many'));
    await user.type(field('Limit raises: how many'), '4');
    await user.clear(field('Late night: how many orders'));
    await user.type(field('Late night: how many orders'), '5');
    await user.clear(field('Spend spike: only above (£)'));
    await user.type(field('Spend spike: only above (£)'), '150');
    await user.click(within(form).getByRole('button', { name: 'Save thresholds' }));
    expect((await within(form).findByRole('status')).textContent).toBe('Saved. The next check of each customer uses them.');
    expect(api.sent.find((s) => s.route === 'staff/harm_settings_update')!.body).toEqual({ raises_count: 4, spend_spike_floor: '150', base: { raises_count: 3, spend_spike_floor: '100.00' } });
    expect((field('Spend spike: only above (£)') as HTMLInputElement).value).toBe('150.00');

    answer = refusal(400, 'rest_invalid_param', 'The late-night window must end after it starts (e.g. from 0 to 5).');
    await user.clear(field('Late night: from hour (London, 0-23)'));
    await user.type(field('Late night: from hour (London, 0-23)'), '6');
    await user.click(within(form).getByRole('button', { name: 'Save thresholds' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('The late-night window must end after it starts (e.g. from 0 to 5).');
  });
});
