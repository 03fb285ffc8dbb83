import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STAFF_LIST_CAPS, type PaymentProblem } from '@cgg/contracts/staff';
import { describe, expect, it } from 'vitest';
import { fakeApi, refusal } from '../test/fake-api.ts';
import { admin, operator } from '../test/fixtures.ts';
import { renderBackOffice } from '../test/render-back-office.tsx';

const mismatch: PaymentProblem = {
  id: 31, provider: 'stripe', intent_id: 'pi_3Mismatch', order_id: 10422, order_status: 'pending', kind: 'amount_mismatch',
  detail: "The intent took 500p; the order's card part is 450p.", repaired: false, found_at: '2026-07-01T09:00:00.000Z',
  resolved_at: null, resolved_by: null, resolution: null, on_close: 'refund_and_release', customer_mail: 'sent', customer_told_at: '2026-07-01T09:00:20.000Z',
};
const stray: PaymentProblem = {
  ...mismatch, id: 32, intent_id: 'pi_3Stray', order_id: null, order_status: null, kind: 'unknown_intent',
  detail: 'The provider has an intent (succeeded, 500p) that names no order of ours.', on_close: 'record', customer_mail: null, customer_told_at: null,
};

describe('payment problems screen', () => {
  it('lists each open problem with what it means; closing a held wrong amount refunds and releases it, with a note', async () => {
    const api = fakeApi({
      'staff/me': { success: true, data: admin },
      'staff/payment_problems': { success: true, data: [mismatch, stray] },
      'staff/payment_problem_resolve': {
        success: true,
        data: { problem: { ...mismatch, order_status: 'cancelled', resolved_at: '2026-07-01T10:00:00.000Z', resolved_by: 'Amy Admin <amy@cgg.test>', resolution: 'Refunded.' }, refunded: '5.00', order_released: true },
      },
    });
    renderBackOffice('/admin/payments', 'tok');
    const list = await screen.findByRole('list', { name: 'Payment problems to deal with' });
    const first = within(list).getByRole('heading', { name: 'Problem #31: amount_mismatch' }).closest('li') as HTMLElement;
    expect(within(first).getByText(/Paid the wrong amount: the payment cannot be kept as it is\./)).toBeTruthy();
    expect(within(first).getByText(/^Closing it refunds the payment in full and releases the order/)).toBeTruthy();
    expect(first.textContent).toContain('Order #10422 (pending) · stripe payment pi_3Mismatch · found 1 Jul 2026, 10:00 · customer mailed 1 Jul 2026, 10:00');
    const second = within(list).getByRole('heading', { name: 'Problem #32: unknown_intent' }).closest('li') as HTMLElement;
    expect(second.textContent).toContain('No order');
    expect(second.textContent).not.toContain('customer');
    expect(within(second).getByRole('button', { name: 'Record and close' })).toBeTruthy();

    // A note is needed: nothing is sent without one.
    await userEvent.click(within(first).getByRole('button', { name: 'Refund, release and close' }));
    expect(await within(first).findByText('Say what you did about it.')).toBeTruthy();
    expect(api.routes()).not.toContain('staff/payment_problem_resolve');

    await userEvent.type(within(first).getByLabelText('What you did'), 'Refunded.');
    await userEvent.click(within(first).getByRole('button', { name: 'Refund, release and close' }));
    // Money goes back to the card: asked once more, and Go back sends nothing.
    expect(within(first).getByText(/^Refund the whole payment/).textContent).toBe("Refund the whole payment pi_3Mismatch to the customer's card and release order #10422?");
    await userEvent.click(within(first).getByRole('button', { name: 'Go back' }));
    expect(api.routes()).not.toContain('staff/payment_problem_resolve');
    await userEvent.click(within(first).getByRole('button', { name: 'Refund, release and close' }));
    await userEvent.click(within(first).getByRole('button', { name: 'Yes, refund' }));
    expect((await screen.findByRole('status')).textContent).toBe('Problem #31 dealt with: £5.00 refunded to the card, order #10422 released.');
    expect(api.sent.find((s) => s.route === 'staff/payment_problem_resolve')!.body).toEqual({ id: 31, note: 'Refunded.', refund: true });
    expect(within(list).queryByRole('heading', { name: 'Problem #31: amount_mismatch' })).toBeNull();
    expect(within(list).getByRole('heading', { name: 'Problem #32: unknown_intent' })).toBeTruthy();
  });

  it('a payment already refunded elsewhere is closed without asking for a refund, and the button says so', async () => {
    const api = fakeApi({
      'staff/me': { success: true, data: admin },
      'staff/payment_problems': { success: true, data: [mismatch] },
      'staff/payment_problem_resolve': { success: true, data: { problem: { ...mismatch, order_status: 'cancelled', resolved_at: '2026-07-01T10:00:00.000Z' }, refunded: '0.00', order_released: true } },
    });
    renderBackOffice('/admin/payments', 'tok');
    const form = await screen.findByRole('form', { name: 'Deal with problem #31' });
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Already refunded elsewhere (do not refund again)' }));
    await userEvent.type(within(form).getByLabelText('What you did'), 'Refunded in the Stripe dashboard.');
    await userEvent.click(within(form).getByRole('button', { name: 'Release and close' }));
    expect((await screen.findByRole('status')).textContent).toBe('Problem #31 dealt with: order #10422 released.');
    expect(api.sent.find((s) => s.route === 'staff/payment_problem_resolve')!.body).toEqual({ id: 31, note: 'Refunded in the Stripe dashboard.', refund: false });
  });

  it("shows the API's refusal by the form and keeps the problem", async () => {
    fakeApi({
      'staff/me': { success: true, data: admin },
      'staff/payment_problems': { success: true, data: [stray] },
      'staff/payment_problem_resolve': refusal(409, 'cgg_payment_problem_closed', 'Payment problem #32 is already dealt with.'),
    });
    renderBackOffice('/admin/payments', 'tok');
    const form = await screen.findByRole('form', { name: 'Deal with problem #32' });
    await userEvent.type(within(form).getByLabelText('What you did'), 'Refunded in the dashboard.');
    await userEvent.click(within(form).getByRole('button', { name: 'Record and close' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('Payment problem #32 is already dealt with.');
    expect(screen.getByRole('heading', { name: 'Problem #32: unknown_intent' })).toBeTruthy();
  });

  it('says when there is nothing to deal with', async () => {
    fakeApi({ 'staff/me': { success: true, data: admin }, 'staff/payment_problems': { success: true, data: [] } });
    renderBackOffice('/admin/payments', 'tok');
    expect(await screen.findByText('No payment problems to deal with.')).toBeTruthy();
  });

  it('says when the queue stopped at its cap', async () => {
    const many = Array.from({ length: STAFF_LIST_CAPS.paymentProblems }, (_, i) => ({ ...stray, id: i + 1, intent_id: `pi_${i + 1}` }));
    fakeApi({ 'staff/me': { success: true, data: admin }, 'staff/payment_problems': { success: true, data: many } });
    renderBackOffice('/admin/payments', 'tok');
    expect(await screen.findByText('Only the oldest 100 open problems are shown. Reload the page once you have dealt with these to see the next ones.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Payment problems to deal with' })).getAllByRole('listitem')).toHaveLength(100);
  });

  it('is not offered to operators, and its address says it is not theirs', async () => {
    const api = fakeApi({ 'staff/me': { success: true, data: operator } });
    renderBackOffice('/admin/payments', 'tok');
    expect(await screen.findByRole('heading', { name: 'Payment problems is not one of your screens' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Back office' }).textContent).not.toContain('Payment problems');
    expect(api.routes()).not.toContain('staff/payment_problems');
  });
});
