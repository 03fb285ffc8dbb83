import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffSettings } from '@cgg/contracts/staff';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test/fake-api.ts';
import { admin } from '../test/fixtures.ts';
import { renderBackOffice } from '../test/render-back-office.tsx';

const settings: StaffSettings = {
  suggested_tickets: [5, 10, 25, 50], announcement: '', live_draw_info: 'Live on Facebook at 8pm', main_competition: 12, slider_height_desktop: 520,
  slider_height_tablet: 420, slider_height_mobile: 300, show_question: 1, slider_speed: 5000, reward_prize_info: '', frontend_scripts: '',
  credit_card_monthly_cap: '250.00',
};

describe('site content', () => {
  it('previews the announcement, checks each field, and sends only what changed', async () => {
    const api = fakeApi({
      'staff/me': { success: true, data: admin },
      'staff/settings_view': { success: true, data: settings },
      'staff/seo_list': { success: true, data: [{ page: 'faq', page_title: 'FAQ | CGG', meta_title: 'FAQ', meta_description: 'Questions.' }] },
      'staff/settings': (b) => ({ success: true, data: { ...settings, ...b } }),
    });
    renderBackOffice('/admin/content', 'tok');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Shop settings' });
    await user.type(within(form).getByLabelText('Announcement bar'), 'Big launch tonight!');
    expect(within(screen.getByRole('region', { name: 'Announcement preview' })).getByText('Big launch tonight!')).toBeTruthy();
    await user.clear(within(form).getByLabelText('Carousel height, phone (px)'));
    await user.type(within(form).getByLabelText('Carousel height, phone (px)'), '20');
    await user.clear(within(form).getByLabelText('Carousel speed (milliseconds)'));
    await user.type(within(form).getByLabelText('Carousel speed (milliseconds)'), 'fast');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(within(form).getByText('Between 100 and 1200 pixels.')).toBeTruthy();
    expect(within(form).getByText('Enter a whole number.')).toBeTruthy();
    expect(api.routes()).not.toContain('staff/settings');
    await user.clear(within(form).getByLabelText('Carousel height, phone (px)'));
    await user.type(within(form).getByLabelText('Carousel height, phone (px)'), '320');
    await user.clear(within(form).getByLabelText('Carousel speed (milliseconds)'));
    await user.type(within(form).getByLabelText('Carousel speed (milliseconds)'), '5000');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect((await within(form).findByRole('status')).textContent).toMatch(/^Saved\./);
    expect(api.sent.find((s) => s.route === 'staff/settings')!.body).toEqual({ announcement: 'Big launch tonight!', slider_height_mobile: 320, base: { announcement: '', slider_height_mobile: 300 } });
  });

  it('shows the monthly credit-card cap, refuses an amount that is not pounds, and sends a change', async () => {
    const api = fakeApi({
      'staff/me': { success: true, data: admin },
      'staff/settings_view': { success: true, data: settings },
      'staff/seo_list': { success: true, data: [] },
      'staff/settings': (b) => ({ success: true, data: { ...settings, ...b, credit_card_monthly_cap: '100.00' } }),
    });
    renderBackOffice('/admin/content', 'tok');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Shop settings' });
    const cap = within(form).getByLabelText('Credit card limit per customer per month (£)') as HTMLInputElement;
    expect(cap.value).toBe('250.00');
    expect(within(form).getByText(/the most one customer may pay by credit card in a calendar month \(London time\)/)).toBeTruthy();
    await user.clear(cap);
    await user.type(cap, '£100');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(within(form).getByText('Enter an amount in pounds, e.g. 50 or 12.50')).toBeTruthy();
    expect(api.routes()).not.toContain('staff/settings');
    await user.clear(cap);
    await user.type(cap, '100');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect((await within(form).findByRole('status')).textContent).toMatch(/^Saved\./);
    expect(api.sent.find((s) => s.route === 'staff/settings')!.body).toEqual({ credit_card_monthly_cap: '100', base: { credit_card_monthly_cap: '250.00' } });
    expect(cap.value).toBe('100.00');
  });

  it("edits a page's SEO row with a search-result preview", async () => {
    const api = fakeApi({
      'staff/me': { success: true, data: admin },
      'staff/settings_view': { success: true, data: settings },
      'staff/seo_list': { success: true, data: [{ page: 'faq', page_title: 'FAQ | CGG', meta_title: 'FAQ', meta_description: 'Questions.' }] },
      'staff/seo_update': (b) => ({ success: true, data: b }),
    });
    renderBackOffice('/admin/content', 'tok');
    const user = userEvent.setup();
    const faq = await screen.findByRole('form', { name: 'SEO: faq' });
    await user.clear(within(faq).getByLabelText('Meta description'));
    await user.click(within(faq).getByRole('button', { name: 'Save' }));
    expect(within(faq).getByText('A description is required.')).toBeTruthy();
    await user.type(within(faq).getByLabelText('Meta description'), 'Everything about our competitions.');
    expect(within(within(faq).getByRole('region', { name: 'Search result preview: faq' })).getByText('Everything about our competitions.')).toBeTruthy();
    await user.click(within(faq).getByRole('button', { name: 'Save' }));
    expect(await within(faq).findByText('Saved.')).toBeTruthy();
    expect(api.sent.find((s) => s.route === 'staff/seo_update')!.body).toEqual({
      page: 'faq', page_title: 'FAQ | CGG', meta_title: 'FAQ', meta_description: 'Everything about our competitions.',
      base: { page_title: 'FAQ | CGG', meta_title: 'FAQ', meta_description: 'Questions.' },
    });
  });
});
