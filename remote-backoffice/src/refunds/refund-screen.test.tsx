import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, refusal } from '../test/fake-api.ts';
import { support } from '../test/fixtures.ts';
import { renderBackOffice } from '../test/render-back-office.tsx';

const me = { success: true, data: support };
const refunded = (body: Record<string, unknown>) => ({
  success: true,
  data: { order_id: body.order_id, amount: '5.00', left: '7.50', order_status: 'completed', reference: 'demo_re_1', repeated: false },
});

/** Presses Refund, and confirms the refund when the form was complete (the confirmation shows). */
async function press(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Refund' }));
  const yes = screen.queryByRole('button', { name: 'Yes, refund' });
  if (yes) await user.click(yes);
}

async function fill(user: ReturnType<typeof userEvent.setup>, order: string, amount: string, reason: string) {
  for (const [label, value] of [['Order number', order], ['Amount (£)', amount], ['Reason', reason]] as const) {
    await user.clear(screen.getByLabelText(label));
    if (value) await user.type(screen.getByLabelText(label), value);
  }
  await press(user);
}

describe('refund screen', () => {
  it('checks the order number, the amount and the reason before sending', async () => {
    const api = fakeApi({ 'staff/me': me });
    renderBackOffice('/admin/refunds', 'tok');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Refund an order' });
    expect(screen.getByText(/Support staff refund up to the limit/)).toBeTruthy();
    await fill(user, 'abc', '5.555', '');
    expect(screen.getByText('Enter the order number, e.g. 10016.')).toBeTruthy();
    expect(screen.getByText('Enter an amount in pounds, e.g. 50 or 12.50')).toBeTruthy();
    expect(screen.getByText('Say why the order is refunded.')).toBeTruthy();
    // £0 is no refund: said at once, with no confirmation to press first.
    await fill(user, '10016', '0', 'Asked');
    expect(screen.getByText('The refund amount must be more than £0.00.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Yes, refund' })).toBeNull();
    expect(api.routes()).toEqual(['staff/me']);
  });

  it('asks first, naming the order, the amount and what a whole refund does; Go back sends nothing', async () => {
    const api = fakeApi({ 'staff/me': me, 'staff/refund_order': (body) => refunded(body) });
    renderBackOffice('/admin/refunds', 'tok');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Refund an order' });
    await user.type(screen.getByLabelText('Order number'), '10061');
    await user.type(screen.getByLabelText('Reason'), 'Customer asked');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const question = screen.getByText(/^Refund all that is left of order #10061/);
    expect(question.textContent).toBe('Refund all that is left of order #10061 to the card? This is the whole order: its site credit, points and coupons go back to the customer and its tickets are released from the draw.');
    expect(document.activeElement).toBe(question);
    // Not the order meant: back to the form, as it was, and nothing sent.
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    expect((screen.getByLabelText('Order number') as HTMLInputElement).value).toBe('10061');
    expect(api.routes()).toEqual(['staff/me']);
    await user.clear(screen.getByLabelText('Order number'));
    await user.type(screen.getByLabelText('Order number'), '10016');
    await user.type(screen.getByLabelText('Amount (£)'), '2.50');
    await user.click(screen.getByLabelText('As site credit'));
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(screen.getByText(/^Refund £2.50/).textContent).toBe('Refund £2.50 of order #10016 as site credit? A part refund keeps the tickets; if £2.50 is all that is left of the card payment, it refunds the whole order and releases its tickets.');
    await user.click(screen.getByRole('button', { name: 'Yes, refund' }));
    await screen.findByRole('status');
    expect(api.sent.filter((s) => s.route === 'staff/refund_order').map((s) => s.body.order_id)).toEqual([10016]);
  });

  it('refunds, and a retry after a lost answer repeats the same refund (one key) while the next refund gets a new one', async () => {
    let answers = 0;
    const api = fakeApi({
      'staff/me': me,
      'staff/refund_order': (body) => (++answers === 1 ? refusal(502, 'http_error', 'Bad gateway') : refunded(body)),
    });
    renderBackOffice('/admin/refunds', 'tok');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Refund an order' });
    await fill(user, '#10016', '£5', 'Customer asked');
    expect((await screen.findByRole('alert')).textContent).toBe('The back office could not reach the shop. Please try again.');
    await press(user);
    expect((await screen.findByRole('status')).textContent).toBe('Refunded £5.00 of order #10016 (reference demo_re_1). Left to refund: £7.50. Order status: Paid.');
    const [first, second] = api.sent.filter((s) => s.route === 'staff/refund_order');
    expect(first!.body).toEqual({ order_id: 10016, amount: '5', to: 'card', reason: 'Customer asked', idempotency_key: first!.body.idempotency_key });
    expect(second!.body.idempotency_key).toBe(first!.body.idempotency_key);
    await fill(user, '10017', '', 'Duplicate order');
    await screen.findByText(/of order #10017/);
    const third = api.sent.filter((s) => s.route === 'staff/refund_order')[2]!;
    expect(third.body.idempotency_key).not.toBe(first!.body.idempotency_key);
    expect(third.body).not.toHaveProperty('amount');
  });

  it('a changed ask after a lost answer is a new refund with a new key, not a retry of the first', async () => {
    let answers = 0;
    const api = fakeApi({
      'staff/me': me,
      'staff/refund_order': (body) => (++answers === 1 ? refusal(502, 'http_error', 'Bad gateway') : { success: true, data: { ...refunded(body).data, to: body.to } }),
    });
    renderBackOffice('/admin/refunds', 'tok');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Refund an order' });
    await fill(user, '10016', '5', 'Customer asked');
    await screen.findByRole('alert');
    await user.click(screen.getByLabelText('As site credit'));
    await press(user);
    await screen.findByText(/as site credit of order #10016/);
    const [first, second] = api.sent.filter((s) => s.route === 'staff/refund_order');
    expect(second!.body).toMatchObject({ to: 'site_credit', amount: '5' });
    expect(second!.body.idempotency_key).not.toBe(first!.body.idempotency_key);
  });

  it('refunds to site credit when that is chosen, and says so', async () => {
    const api = fakeApi({ 'staff/me': me, 'staff/refund_order': (body) => ({ success: true, data: { ...refunded(body).data, to: body.to } }) });
    renderBackOffice('/admin/refunds', 'tok');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Refund an order' });
    expect((screen.getByLabelText('Back to the card') as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByLabelText('As site credit'));
    await fill(user, '10016', '5', 'Goodwill');
    expect((await screen.findByRole('status')).textContent).toBe('Refunded £5.00 as site credit of order #10016 (reference demo_re_1). Left to refund: £7.50. Order status: Paid.');
    expect(api.sent.find((s) => s.route === 'staff/refund_order')!.body).toMatchObject({ order_id: 10016, amount: '5', to: 'site_credit' });
    expect((screen.getByLabelText('Back to the card') as HTMLInputElement).checked).toBe(true);
  });

  it('says what else a whole refund gave back, as support tells the customer', async () => {
    const whole = { order_id: 10016, amount: '7.50', left: '0.00', order_status: 'refunded', reference: 'demo_re_2', repeated: false, to: 'card',
      credit_returned: '2.00', points_returned: 300, tickets_released: 3, coupons_returned: ['SAVE5'] };
    fakeApi({ 'staff/me': me, 'staff/refund_order': { success: true, data: whole } });
    renderBackOffice('/admin/refunds?order=10016', 'tok');
    await screen.findByRole('heading', { name: 'Refund an order' });
    await fill(userEvent.setup(), '10016', '', 'Customer asked');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Refunded £7.50 of order #10016 (reference demo_re_2). Given back: £2.00 site credit, 300 points, coupon SAVE5. 3 tickets released. Left to refund: £0.00. Order status: Refunded.',
    );
  });

  it("shows the API's refusal (over the member's limit)", async () => {
    fakeApi({ 'staff/me': me, 'staff/refund_order': refusal(403, 'cgg_refund_over_limit', 'Your refund limit is £20.00; ask an admin to refund more.') });
    renderBackOffice('/admin/refunds', 'tok');
    await screen.findByRole('heading', { name: 'Refund an order' });
    await fill(userEvent.setup(), '10016', '50', 'Goodwill');
    expect((await screen.findByRole('alert')).textContent).toBe('Your refund limit is £20.00; ask an admin to refund more.');
  });
});
