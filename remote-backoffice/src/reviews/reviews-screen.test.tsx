import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STAFF_LIST_CAPS, type ReviewFlag } from '@cgg/contracts/staff';
import { describe, expect, it } from 'vitest';
import { fakeApi, refusal } from '../test/fake-api.ts';
import { admin, operator, support } from '../test/fixtures.ts';
import { renderBackOffice } from '../test/render-back-office.tsx';

const flag = (over: Partial<ReviewFlag> = {}): ReviewFlag => ({
  id: 5, customer_id: 41, name: 'Jamie Taylor', rule: 'late_night', raised_at: '2026-11-25T10:15:00.000Z',
  text: 'Placed 5 orders between 00:00 and 05:00 (London) in 7 days (latest 25 Nov 2026, 02:10)', figures: { orders: 5 }, ...over,
});
const raises = flag({ id: 6, customer_id: 7, name: 'Sam Raise', rule: 'limit_raises', text: 'Asked to raise or remove their spending limit 3 times in 30 days (latest 24 Nov 2026, 21:00)' });

describe('reviews', () => {
  it('lists each open flag with its rule and figures; a note is required; recording closes the flag', async () => {
    const api = fakeApi({ 'staff/me': { success: true, data: support }, 'staff/reviews': { success: true, data: [flag(), raises] }, 'staff/review_close': { success: true, data: [raises] } });
    renderBackOffice('/admin/reviews', 'tok');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Review of Jamie Taylor' });
    const card = form.closest('li') as HTMLElement;
    expect(within(card).getByText('Buying late at night')).toBeTruthy();
    expect(within(card).getByText(/Placed 5 orders between 00:00 and 05:00 \(London\) in 7 days/)).toBeTruthy();
    expect(within(card).getByText('Flagged 25 Nov 2026, 10:15')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Jamie Taylor' }).getAttribute('href')).toBe('/admin/customers/41');

    await user.click(within(form).getByRole('button', { name: 'Record and close' }));
    expect(within(form).getByText('Write a note: what was done or why nothing was needed.')).toBeTruthy();
    // Nothing chosen for the customer: said, never recorded as "Contacted the customer".
    expect(within(form).getByText('Choose the action taken.')).toBeTruthy();
    // The message is tied to the select, so a screen reader reads it there.
    expect(within(form).getByLabelText('Action taken').getAttribute('aria-describedby')).toBe('bo-review-action-5-error');
    expect(within(form).getByLabelText('Action taken').getAttribute('aria-invalid')).toBe('true');
    expect(api.routes()).not.toContain('staff/review_close');

    await user.selectOptions(within(form).getByLabelText('Action taken'), 'Suggested a spending limit');
    await user.type(within(form).getByLabelText('Note'), 'Suggested £100 a month by phone.');
    await user.click(within(form).getByRole('button', { name: 'Record and close' }));
    expect((await screen.findByRole('status')).textContent).toBe('Review of Jamie Taylor recorded.');
    expect(screen.queryByRole('form', { name: 'Review of Jamie Taylor' })).toBeNull();
    expect(screen.getByRole('form', { name: 'Review of Sam Raise' })).toBeTruthy();
    expect(api.sent.find((s) => s.route === 'staff/review_close')!.body).toEqual({ flag_id: 5, action: 'limit_suggested', note: 'Suggested £100 a month by phone.' });
  });

  it("shows the API's refusal when someone else closed it first, and says when nothing is left", async () => {
    fakeApi({ 'staff/me': { success: true, data: admin }, 'staff/reviews': { success: true, data: [flag()] }, 'staff/review_close': refusal(409, 'cgg_flag_closed', 'Not changed: this flag was already reviewed and closed.') });
    renderBackOffice('/admin/reviews', 'tok');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Review of Jamie Taylor' });
    await user.selectOptions(within(form).getByLabelText('Action taken'), 'No action needed');
    await user.type(within(form).getByLabelText('Note'), 'Nothing needed.');
    await user.click(within(form).getByRole('button', { name: 'Record and close' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Not changed: this flag was already reviewed and closed.');

    fakeApi({ 'staff/me': { success: true, data: admin }, 'staff/reviews': { success: true, data: [] } });
    renderBackOffice('/admin/reviews', 'tok2');
    expect(await screen.findByText('Nothing to review.')).toBeTruthy();
    expect(screen.queryByText(/open flags are shown/)).toBeNull();
  });

  it('says when the queue stopped at its cap', async () => {
    const many = Array.from({ length: STAFF_LIST_CAPS.openFlags }, (_, i) => flag({ id: i + 1, customer_id: i + 1, name: `Customer ${i + 1}` }));
    fakeApi({ 'staff/me': { success: true, data: admin }, 'staff/reviews': { success: true, data: many } });
    renderBackOffice('/admin/reviews', 'tok');
    expect(await screen.findByText('Only the newest 200 open flags are shown. Older ones appear here as these are closed.')).toBeTruthy();
  });

  it('is not in an operator\'s menu', async () => {
    fakeApi({ 'staff/me': { success: true, data: operator }, 'staff/dashboard': refusal(500, 'x', 'x') });
    renderBackOffice('/admin', 'tok');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).queryByRole('link', { name: 'Reviews' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Competitions' })).toBeTruthy();
  });
});
