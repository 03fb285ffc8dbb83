import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HarmSettings } from '@cgg/contracts/staff';
import { describe, expect, it } from 'vitest';
import { fakeApi, refusal } from '../test/fake-api.ts';
import { admin, operator } from '../test/fixtures.ts';
import { renderBackOffice } from '../test/render-back-office.tsx';

const harm: HarmSettings = {
  spend_spike_multiplier: 3, spend_spike_weeks: 8, spend_spike_floor: '100.00', raises_count: 3, raises_days: 30, late_night_orders: 5, late_night_days: 7,
  late_night_from_hour: 0, late_night_to_hour: 5, after_end_minutes: 60, near_limit_percent: 90, high_spend: '500.00', high_spend_days: 7, break_lookback_days: 7,
};
const ended = refusal(401, 'cgg_staff_sign_in', 'Please sign in to the back office.');
const codeStep = { success: true, data: { step: 'totp', token: 'step-2' } };

/** The review thresholds form, with its "how many raises" field typed in and saved. */
async function typeAndSave(user: ReturnType<typeof userEvent.setup>) {
  const form = await screen.findByRole('form', { name: 'Review thresholds' });
  const field = within(form).getByLabelText('Limit raises: how many') as HTMLInputElement;
  await user.clear(field);
  await user.type(field, '7');
  await user.click(within(form).getByRole('button', { name: 'Save thresholds' }));
  return { form, field };
}

async function signInAgain(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Sign in again' });
  await user.type(within(dialog).getByLabelText('Email address'), 'amy@cgg.test');
  await user.type(within(dialog).getByLabelText('Password'), 'Admin!Pass2026');
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
  await user.type(await within(dialog).findByLabelText('Code'), '123456');
  await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
}

describe('a session that ends while a member works', () => {
  it('keeps the screen, and what was typed, behind a sign-in; the same member carries on and saves it', async () => {
    let sessionLive = true;
    const api = fakeApi({
      'staff/me': { success: true, data: admin },
      getsettings: { success: false },
      'staff/harm_settings': { success: true, data: harm },
      'staff/harm_settings_update': (b) => (sessionLive ? ended : { success: true, data: { ...harm, ...b } }),
      'staff/login': codeStep,
      'staff/second_factor': () => {
        sessionLive = false;
        return { success: true, data: { token: 'session-2', staff: admin } };
      },
    });
    renderBackOffice('/admin/content', 'session-1');
    const user = userEvent.setup();
    const { form, field } = await typeAndSave(user);

    const dialog = await screen.findByRole('dialog', { name: 'Sign in again' });
    expect(document.activeElement).toBe(dialog);
    expect(within(dialog).getByText('Your back-office session has ended. Please sign in again. What you had typed is still here.')).toBeTruthy();
    // Behind it: the form as it was, out of reach, and why nothing was saved.
    expect(form.closest('.bo-area-holder')!.hasAttribute('inert')).toBe(true);
    expect(field.value).toBe('7');
    expect(within(form).getByRole('alert').textContent).toBe('Your session had ended, so nothing was done. Sign in again, then try again.');
    expect(sessionStorage.getItem('cgg.backoffice.token')).toBeNull();

    sessionLive = false;
    await signInAgain(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(form.isConnected).toBe(true);
    expect(form.closest('.bo-area-holder')!.hasAttribute('inert')).toBe(false);
    expect(field.value).toBe('7');
    // The focus goes back to the button that was pressed, and the tab names the screen again.
    // The dialog hands the focus back as it goes (an effect's clean-up): waited for, as a user would see it.
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByRole('button', { name: 'Save thresholds' })));
    await waitFor(() => expect(document.title).toBe('Site content · Back office | CGG Competitions'));

    await user.click(within(form).getByRole('button', { name: 'Save thresholds' }));
    expect((await within(form).findByRole('status')).textContent).toBe('Saved. The next check of each customer uses them.');
    const saves = api.sent.filter((s) => s.route === 'staff/harm_settings_update');
    // The same change both times, from the same loaded value.
    expect(saves.map((s) => [s.bearer, s.body])).toEqual([['session-1', { raises_count: 7, base: { raises_count: 3 } }], ['session-2', { raises_count: 7, base: { raises_count: 3 } }]]);
  });

  it('someone else signing in starts afresh, with what their role allows', async () => {
    const api = fakeApi({
      'staff/me': { success: true, data: admin },
      getsettings: { success: false },
      'staff/harm_settings': { success: true, data: harm },
      'staff/harm_settings_update': ended,
      'staff/login': codeStep,
      'staff/second_factor': { success: true, data: { token: 'session-3', staff: operator } },
    });
    renderBackOffice('/admin/content', 'session-1');
    const user = userEvent.setup();
    await typeAndSave(user);
    await signInAgain(user);
    expect(await screen.findByRole('heading', { name: 'Site content is not one of your screens' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Review thresholds' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sent.filter((s) => s.route === 'staff/harm_settings_update')).toHaveLength(1);
  });

  it('a list that could not load while the session was over loads once signed in again', async () => {
    let sessionLive = true;
    const api = fakeApi({
      'staff/me': { success: true, data: admin },
      'staff/dead_jobs': () => (sessionLive ? ended : { success: true, data: [] }),
      'staff/login': codeStep,
      'staff/second_factor': { success: true, data: { token: 'session-2', staff: admin } },
    });
    renderBackOffice('/admin/jobs', 'session-1');
    const user = userEvent.setup();
    expect((await screen.findByRole('alert')).textContent).toBe('Your session had ended, so nothing was done. Sign in again, then try again.');
    sessionLive = false;
    await signInAgain(user);
    expect(await screen.findByText('No failed jobs.')).toBeTruthy();
    expect(api.sent.filter((s) => s.route === 'staff/dead_jobs').map((s) => s.bearer)).toEqual(['session-1', 'session-2']);
  });
});
