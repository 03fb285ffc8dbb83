import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffCoupon } from '@cgg/contracts/staff';
import { describe, expect, it } from 'vitest';
import { fakeApi, refusal } from '../test/fake-api.ts';
import { admin, operator, support } from '../test/fixtures.ts';
import { renderBackOffice } from '../test/render-back-office.tsx';

const coupon = (over: Partial<StaffCoupon>): StaffCoupon => ({
  id: 1, code: 'WINTER10', description: 'Winter sale', amount: null, percent: 10, customer_id: null, customer_email: null,
  expires_at: '2026-12-31T23:59:59.999Z', used_at: null, orders: 3, created_at: '2026-11-01T09:00:00.000Z', ...over,
});
const me = { 'staff/me': { success: true, data: operator } };

describe('coupons', () => {
  it('lists coupons with their discount, who may use them, their last day and their use; an admin follows a customer\'s coupon to them', async () => {
    fakeApi({
      'staff/me': { success: true, data: admin },
      'staff/coupons': { success: true, data: [coupon({}), coupon({ id: 2, code: 'SORRY5', amount: '5.00', percent: null, customer_id: 42, customer_email: 'kept@example.co.uk', expires_at: null, orders: 1, used_at: '2026-11-20T15:00:00.000Z' })] },
    });
    renderBackOffice('/admin/coupons', 'tok');
    const table = await screen.findByRole('table', { name: 'Coupons' });
    const winter = within(table).getByText('WINTER10').closest('tr') as HTMLElement;
    expect(winter.textContent).toBe('WINTER10Winter sale10% offEveryone31 Dec 2026, 23:593 orders');
    const sorry = within(table).getByText('SORRY5').closest('tr') as HTMLElement;
    expect(within(sorry).getByRole('link', { name: 'kept@example.co.uk' }).getAttribute('href')).toBe('/admin/customers/42');
    expect(sorry.textContent).toContain('£5.00 off');
    expect(sorry.textContent).toContain('No end');
    expect(sorry.textContent).toContain('Used 20 Nov 2026, 15:00');
  });

  it('an operator sees a customer\'s coupon by customer number, with no link to a screen they do not have', async () => {
    fakeApi({ ...me, 'staff/coupons': { success: true, data: [coupon({ id: 2, code: 'SORRY5', amount: '5.00', percent: null, customer_id: 42, customer_email: null })] } });
    renderBackOffice('/admin/coupons', 'tok');
    const row = (await screen.findByText('SORRY5')).closest('tr') as HTMLElement;
    expect(within(row).getByText('customer #42')).toBeTruthy();
    expect(within(row).queryByRole('link')).toBeNull();
  });

  it('issues a coupon: checks the fields first, shows the API\'s refusal under its field, then lists it first and says what was issued', async () => {
    let answer: unknown = null;
    const api = fakeApi({
      ...me,
      'staff/coupons': { success: true, data: [coupon({})] },
      'staff/coupon_create': (b) => answer ?? { success: true, data: coupon({ id: 9, code: String(b.code), amount: '2.50', percent: null, customer_id: 42, customer_email: null, expires_at: null, orders: 0, description: 'CGG Coupon' }) },
    });
    renderBackOffice('/admin/coupons', 'tok');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Issue a coupon' });
    await user.type(within(form).getByLabelText('Code'), 'no spaces');
    await user.type(within(form).getByLabelText('For one customer (customer number)'), 'kept@');
    await user.click(within(form).getByRole('button', { name: 'Issue coupon' }));
    expect(within(form).getByText('A code is 3-40 letters, digits, _ or -.')).toBeTruthy();
    expect(within(form).getByText('Enter the amount off in pounds, e.g. 5 or 2.50.')).toBeTruthy();
    expect(within(form).getByText('Enter a customer number, or leave it empty for everyone.')).toBeTruthy();
    expect(api.routes()).not.toContain('staff/coupon_create');

    await user.clear(within(form).getByLabelText('Code'));
    await user.type(within(form).getByLabelText('Code'), 'SORRY250');
    await user.type(within(form).getByLabelText('Amount off (£)'), '£2.50');
    await user.clear(within(form).getByLabelText('For one customer (customer number)'));
    await user.type(within(form).getByLabelText('For one customer (customer number)'), '424242');
    answer = { refusal: { status: 400, body: { code: 'rest_invalid_param', message: 'There is no customer #424242.', data: { status: 400, params: { customer_id: 'There is no customer #424242.' } } } } };
    await user.click(within(form).getByRole('button', { name: 'Issue coupon' }));
    expect(await within(form).findByText('There is no customer #424242.')).toBeTruthy();
    expect(within(form).getByLabelText('For one customer (customer number)').getAttribute('aria-invalid')).toBe('true');

    answer = null;
    await user.clear(within(form).getByLabelText('For one customer (customer number)'));
    await user.type(within(form).getByLabelText('For one customer (customer number)'), '42');
    await user.click(within(form).getByRole('button', { name: 'Issue coupon' }));
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toBe('Issued SORRY250: £2.50 off for customer #42, once.');
    expect(api.sent.filter((s) => s.route === 'staff/coupon_create').at(-1)!.body).toEqual({ code: 'SORRY250', amount: '2.50', customer_id: 42 });
    const rows = within(screen.getByRole('table', { name: 'Coupons' })).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('SORRY250');
    expect((within(form).getByLabelText('Code') as HTMLInputElement).value).toBe('');

    // The next coupon refused: the last one's "Issued" does not stay beside the refusal.
    answer = { refusal: { status: 409, body: { code: 'cgg_coupon_exists', message: 'A coupon with the code SORRY250 already exists.', data: { status: 409 } } } };
    await user.type(within(form).getByLabelText('Code'), 'SORRY250');
    await user.type(within(form).getByLabelText('Amount off (£)'), '1');
    await user.click(within(form).getByRole('button', { name: 'Issue coupon' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('A coupon with the code SORRY250 already exists.');
    expect(screen.queryByText(/^Issued SORRY250/)).toBeNull();
  });

  it('a percentage must be a whole number; a code in use is refused with the API\'s words', async () => {
    fakeApi({ ...me, 'staff/coupons': { success: true, data: [] }, 'staff/coupon_create': refusal(409, 'cgg_coupon_exists', 'A coupon with the code winter10 already exists.') });
    renderBackOffice('/admin/coupons', 'tok');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Issue a coupon' });
    expect(await screen.findByText('No coupons yet.')).toBeTruthy();
    await user.type(within(form).getByLabelText('Code'), 'winter10');
    await user.click(within(form).getByLabelText('Percentage off'));
    await user.type(within(form).getByLabelText('Percentage off (%)'), '12.5');
    await user.click(within(form).getByRole('button', { name: 'Issue coupon' }));
    expect(within(form).getByText('The percentage off is a whole number from 1 to 100.')).toBeTruthy();
    await user.clear(within(form).getByLabelText('Percentage off (%)'));
    await user.type(within(form).getByLabelText('Percentage off (%)'), '10');
    await user.click(within(form).getByRole('button', { name: 'Issue coupon' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('A coupon with the code winter10 already exists.');
  });

  it('is not offered to support', async () => {
    const api = fakeApi({ 'staff/me': { success: true, data: support } });
    renderBackOffice('/admin/coupons', 'tok');
    expect(await screen.findByRole('heading', { name: 'Coupons is not one of your screens' })).toBeTruthy();
    expect(api.routes()).not.toContain('staff/coupons');
  });
});
