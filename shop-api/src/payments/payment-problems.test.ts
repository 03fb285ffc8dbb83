import { randomUUID } from 'node:crypto';
import { staffPaymentProblemsResponseSchema, staffResolvePaymentProblemResponseSchema } from '@cgg/contracts/staff';
import { STORE_ERRORS, storeCheckoutResponseSchema, storeHeldOrderCancelResponseSchema, storeHeldOrderSchema } from '@cgg/contracts/store';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inTransaction } from '../accounts/queryable.ts';
import { paymentProblemsCommand } from '../cli/commands/payment-problems.ts';
import { UsageError } from '../cli/command.ts';
import { createMailer } from '../mail/mailer.ts';
import { createStaff } from '../staff/staff-accounts.ts';
import { createStaffSession } from '../staff/staff-sessions.ts';
import { billing, cardPayment, createCompetition, createCustomer } from '../store/store-fixtures.ts';
import { storeInject, storeTestApp, type StoreClientState } from '../store/store-test-kit.ts';
import { mailPaymentProblemsToCustomers } from './payment-problem-mails.ts';
import { expireReservations } from './reservation-expiry.ts';

/*
 * Payment problems for a person: an order paid with the wrong amount is held (its tickets
 * reserved) until an admin deals with it, which refunds the payment and releases the order; other
 * problems are closed with a note. The back office's routes and the CLI do the same.
 */

type Kit = Awaited<ReturnType<typeof storeTestApp>>;
let t: Kit;
beforeAll(async () => {
  t = await storeTestApp({ settleAfterMs: null });
});
afterAll(() => t.close());

let seq = 0;
async function staffBearer(role: 'admin' | 'operator' | 'support') {
  const member = await inTransaction(t.pool, (client) =>
    createStaff(client, { email: `problems-${role}-${++seq}@cgg.test`, name: `Problems ${role}`, role, password: 'Staff!Pass-2026', by: { staffId: null, actor: 'test' }, now: new Date() }),
  );
  return createStaffSession(t.pool, member.id, 'signed-in', new Date());
}
const staffPost = (name: string, payload: object, bearer: string) =>
  t.app.inject({ method: 'POST', url: `/?rest_route=/api/v1/staff/${name}`, headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` }, payload });

/**
 * A card order (3 x £1, £1 of it site credit) whose provider took a different amount than the
 * order's card part: flagged and held. `provider`: the provider's intent says it took 250p (as in
 * life: we asked for the order's 200p); else the order's card part is made 150p (the intent's 200p).
 */
async function mismatchedOrder(o: { provider?: boolean } = {}) {
  const c = await createCompetition(t.pool, { total: 20, pricePence: 100 });
  const who = await createCustomer(t.pool);
  await t.pool.query(`INSERT INTO credit_logs (customer_id, type, amount_pence, description, created_at) VALUES ($1, 'admin-credit', 100, 'x', now())`, [who.id]);
  const state: StoreClientState = { bearer: who.token };
  await storeInject(t.app, state, 'GET', '/cart');
  await storeInject(t.app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: 3 });
  const order = (await storeInject(t.app, state, 'POST', '/checkout', { billing_address: billing, payment_method: 'cgg-card', payment_data: [...cardPayment(), { key: 'use_credit', value: '100' }] }, { 'idempotency-key': randomUUID() })).body;
  // What the order expects of the card no longer matches what the provider took.
  if (o.provider) await t.pool.query('UPDATE demo_pay_intents SET amount = 250 WHERE id = $1', [order.extensions.cgg.payment.intent_id]);
  else await t.pool.query('UPDATE orders SET card_charged_pence = 150 WHERE id = $1', [order.order_id]);
  await storeInject(t.app, state, 'POST', '/cgg/checkout-return', { order_id: order.order_id, order_key: order.order_key });
  const { rows } = await t.pool.query("SELECT id::int FROM payment_discrepancies WHERE order_id = $1 AND kind = 'amount_mismatch'", [order.order_id]);
  expect(rows).toHaveLength(1);
  return { c, who, state, order, problemId: rows[0].id as number, intentId: order.extensions.cgg.payment.intent_id as string };
}

async function standing(orderId: number, competitionId: number, customerId: number, intentId: string) {
  const { rows } = await t.pool.query(
    `SELECT o.status, (SELECT tickets_sold FROM competitions WHERE id = $2) AS sold,
       (SELECT COALESCE(sum(amount_pence), 0)::int FROM credit_logs WHERE customer_id = $3) AS credit,
       (SELECT COALESCE(sum(amount), 0)::int FROM demo_pay_refunds WHERE intent_id = $4) AS refunded
     FROM orders o WHERE o.id = $1`,
    [orderId, competitionId, customerId, intentId],
  );
  return rows[0];
}

describe('payment problems', () => {
  it('an amount mismatch is held for an admin, who refunds it and releases the order once; the list and the audit log say so', async () => {
    const m = await mismatchedOrder();
    expect(await standing(m.order.order_id, m.c.id, m.who.id, m.intentId)).toMatchObject({ status: 'pending', sold: 3, credit: 0, refunded: 0 });
    const admin = await staffBearer('admin');

    const open = staffPaymentProblemsResponseSchema.parse((await staffPost('payment_problems', {}, admin)).json()).data;
    expect(open.find((p) => p.id === m.problemId)).toMatchObject({
      kind: 'amount_mismatch', order_id: m.order.order_id, order_status: 'pending', intent_id: m.intentId, repaired: false, resolved_at: null, on_close: 'refund_and_release',
      detail: "The intent took £2.00; the order's card part is £1.50.",
    });

    // Two admins at once: one does it, the other is told it is done; refunded and released once.
    const [res, other] = await Promise.all([
      staffPost('payment_problem_resolve', { id: m.problemId, note: 'Refunded: the amount was wrong.' }, admin),
      staffPost('payment_problem_resolve', { id: m.problemId, note: 'Refunded: the amount was wrong.' }, admin),
    ]);
    const [won, lost] = res.statusCode === 200 ? [res, other] : [other, res];
    expect(lost.statusCode).toBe(409);
    const done = staffResolvePaymentProblemResponseSchema.parse(won.json()).data;
    expect(done).toMatchObject({ refunded: '2.00', order_released: true, problem: { order_status: 'cancelled', resolution: 'Refunded: the amount was wrong.', resolved_by: 'Problems admin <problems-admin-1@cgg.test>' } });
    expect(await standing(m.order.order_id, m.c.id, m.who.id, m.intentId)).toMatchObject({ status: 'cancelled', sold: 0, credit: 100, refunded: 200 });

    // Closed: not open any more, refused again, nothing refunded twice.
    expect(staffPaymentProblemsResponseSchema.parse((await staffPost('payment_problems', {}, admin)).json()).data.some((p) => p.id === m.problemId)).toBe(false);
    const again = await staffPost('payment_problem_resolve', { id: m.problemId, note: 'Again' }, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'cgg_payment_problem_closed', message: `Payment problem #${m.problemId} is already dealt with.` });
    expect(await standing(m.order.order_id, m.c.id, m.who.id, m.intentId)).toMatchObject({ refunded: 200, credit: 100 });
    const all = staffPaymentProblemsResponseSchema.parse((await staffPost('payment_problems', { open: false }, admin)).json()).data;
    expect(all.find((p) => p.id === m.problemId)?.resolved_at).not.toBeNull();
    const log = (await staffPost('audit_log', { action: 'payment-problem.resolve' }, admin)).json().data[0];
    expect(log).toMatchObject({ subject: `payment problem #${m.problemId}`, after: { note: 'Refunded: the amount was wrong.', refund_asked: true, refunded_pence: 200, order_released: true } });
  });

  it('a wrong amount paid for an order already given up is refunded; one refunded elsewhere is released without asking the provider', async () => {
    const admin = await staffBearer('admin');
    const gone = await mismatchedOrder();
    // Released when its reservation ran out, then the wrong amount came in.
    await t.pool.query(`UPDATE orders SET status = 'cancelled', payment_failure = '{"reason": "expired", "message": "The reservation expired before the payment was confirmed."}' WHERE id = $1`, [gone.order.order_id]);
    const ask = { order_id: gone.order.order_id, order_key: gone.order.order_key };
    expect((await storeInject(t.app, gone.state, 'POST', '/cgg/checkout-return', ask)).body).toMatchObject({ code: STORE_ERRORS.reservationExpired.code, data: { refunded: false } });
    const listed = staffPaymentProblemsResponseSchema.parse((await staffPost('payment_problems', {}, admin)).json()).data;
    expect(listed.find((p) => p.id === gone.problemId)?.on_close).toBe('refund');
    const refunded = staffResolvePaymentProblemResponseSchema.parse((await staffPost('payment_problem_resolve', { id: gone.problemId, note: 'Refunded.' }, admin)).json()).data;
    expect(refunded).toMatchObject({ refunded: '2.00', order_released: false });
    expect(await standing(gone.order.order_id, gone.c.id, gone.who.id, gone.intentId)).toMatchObject({ status: 'cancelled', refunded: 200 });
    // Its answer now says the money went back, not that nothing was taken.
    expect((await storeInject(t.app, gone.state, 'POST', '/cgg/checkout-return', ask)).body).toMatchObject({ code: STORE_ERRORS.reservationExpired.code, data: { refunded: true } });

    // Taken by a provider the shop no longer uses: refused until closed as refunded elsewhere, then released only.
    const elsewhere = await mismatchedOrder();
    await t.pool.query("UPDATE payment_discrepancies SET provider = 'stripe' WHERE id = $1", [elsewhere.problemId]);
    const refused = await staffPost('payment_problem_resolve', { id: elsewhere.problemId, note: 'x' }, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('cgg_payment_problem_other_provider');
    const released = staffResolvePaymentProblemResponseSchema.parse((await staffPost('payment_problem_resolve', { id: elsewhere.problemId, note: 'Refunded in the Stripe dashboard.', refund: false }, admin)).json()).data;
    expect(released).toMatchObject({ refunded: '0.00', order_released: true });
    expect(await standing(elsewhere.order.order_id, elsewhere.c.id, elsewhere.who.id, elsewhere.intentId)).toMatchObject({ status: 'cancelled', sold: 0, credit: 100, refunded: 0 });
  });

  it('only admins see or close them; a note is required and an unknown problem is not found', async () => {
    const m = await mismatchedOrder();
    for (const role of ['operator', 'support'] as const) {
      const bearer = await staffBearer(role);
      expect((await staffPost('payment_problems', {}, bearer)).statusCode).toBe(403);
      expect((await staffPost('payment_problem_resolve', { id: m.problemId, note: 'x' }, bearer)).statusCode).toBe(403);
    }
    const admin = await staffBearer('admin');
    const blank = await staffPost('payment_problem_resolve', { id: m.problemId, note: '   ' }, admin);
    expect(blank.statusCode).toBe(400);
    expect(JSON.stringify(blank.json())).toContain('Say what you did about it.');
    const unknown = await staffPost('payment_problem_resolve', { id: 2_000_000_000, note: 'x' }, admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'cgg_payment_problem_not_found', message: 'There is no payment problem #2000000000.' });
    expect(await standing(m.order.order_id, m.c.id, m.who.id, m.intentId)).toMatchObject({ status: 'pending', sold: 3, refunded: 0 });
  });

  it('the CLI lists open problems and closes one with a note; a problem with no order is only recorded', async () => {
    const m = await mismatchedOrder();
    await t.pool.query(
      `INSERT INTO payment_discrepancies (provider, intent_id, order_id, kind, detail, repaired, found_at) VALUES ('demo', $1, NULL, 'unknown_intent', 'The provider has an intent (succeeded, 500p) that names no order of ours.', false, now())`,
      [`pi_demo_stray_${randomUUID().slice(0, 8)}`],
    );
    const stray = (await t.pool.query("SELECT id::int FROM payment_discrepancies WHERE kind = 'unknown_intent' ORDER BY id DESC LIMIT 1")).rows[0].id as number;
    const run = async (args: string[]) => {
      const lines: string[] = [];
      try {
        return { code: await paymentProblemsCommand.run(args, { pool: t.pool, out: (l) => lines.push(l), operator: 'amy' }), text: lines.join('\n') };
      } catch (err) {
        if (err instanceof UsageError) return { code: 2, text: err.message };
        throw err;
      }
    };
    const listed = await run([]);
    expect(listed.code).toBe(0);
    expect(listed.text).toMatch(new RegExp(`#${m.problemId}\\s+amount_mismatch\\s+demo ${m.intentId}\\s+order #${m.order.order_id} \\(pending\\).*OPEN \\(closing refunds it and releases the order\\)`));
    expect(listed.text).toMatch(new RegExp(`#${stray}\\s+unknown_intent .* no order .*OPEN`));

    expect(await run(['--resolve', String(stray)])).toEqual({ code: 2, text: 'Missing --note.' });
    expect(await run(['--resolve', String(stray), '--note', 'Refunded in the dashboard.'])).toEqual({ code: 0, text: `Payment problem #${stray} is dealt with.` });
    expect((await run(['--resolve', String(stray), '--note', 'x', '--json'])).code).toBe(2);
    expect(await run(['--resolve', String(m.problemId), '--note', 'Wrong amount: refunded.'])).toEqual({
      code: 0, text: `Payment problem #${m.problemId} is dealt with. £2.00 refunded to the card; order #${m.order.order_id} released (tickets back on sale, points and credit given back).`,
    });
    expect(await standing(m.order.order_id, m.c.id, m.who.id, m.intentId)).toMatchObject({ status: 'cancelled', sold: 0, refunded: 200 });
    expect(await run(['--resolve', String(stray), '--note', 'again'])).toEqual({ code: 1, text: `Not done: Payment problem #${stray} is already dealt with.` });
    const after = await run(['--all']);
    expect(after.text).toContain(`dealt with by cli:amy`);
    expect(after.text).toContain('Refunded in the dashboard.');
  });
});

/** The mails to an order's customer about it, oldest first. */
async function mailsAbout(orderId: number) {
  const { rows } = await t.pool.query<{ subject: string; text_body: string }>(
    "SELECT subject, text_body FROM email_outbox WHERE subject ~ ('order #' || $1::text || '( |$)') ORDER BY id",
    [orderId],
  );
  return rows;
}

describe('a payment under review (the wrong amount taken)', () => {
  it('is said to the customer without asking the provider; a cancel and the expiry job leave it to staff', async () => {
    const m = await mismatchedOrder();
    const ask = { order_id: m.order.order_id, order_key: m.order.order_key };
    const retrieve = vi.spyOn(t.payments.gateway, 'retrieve');
    const cancel = vi.spyOn(t.payments.gateway, 'cancel');
    const back = await storeInject(t.app, m.state, 'POST', '/cgg/checkout-return', ask);
    expect(back.status).toBe(200);
    expect(storeCheckoutResponseSchema.parse(back.body)).toMatchObject({ status: 'pending', extensions: { cgg: { payment: { status: 'processing', under_review: true } } } });

    const held = storeHeldOrderSchema.parse((await storeInject(t.app, m.state, 'GET', '/cgg/held-order')).body);
    expect(held.order).toMatchObject({ order_id: m.order.order_id, extensions: { cgg: { payment: { under_review: true } } } });
    expect(held.lines).toEqual([{ competition_id: m.c.id, title: expect.any(String), quantity: 3, total: '300' }]);

    const cancelled = storeHeldOrderCancelResponseSchema.parse((await storeInject(t.app, m.state, 'POST', '/cgg/held-order/cancel', ask)).body);
    expect(cancelled).toMatchObject({ outcome: 'confirming', order: { status: 'pending', extensions: { cgg: { payment: { under_review: true } } } } });
    await expireReservations(t.keyedPool, t.payments.gateway, new Date(Date.now() + 3_600_000));
    expect(await standing(m.order.order_id, m.c.id, m.who.id, m.intentId)).toMatchObject({ status: 'pending', sold: 3, credit: 0, refunded: 0 });
    expect(retrieve.mock.calls.filter(([id]) => id === m.intentId)).toHaveLength(0);
    expect(cancel).not.toHaveBeenCalled();
    retrieve.mockRestore();
    cancel.mockRestore();
  });

  it('mails the customer once that it is being checked, then how it ended; one closed first gets only the ending', async () => {
    const admin = await staffBearer('admin');
    const m = await mismatchedOrder({ provider: true });
    const closedFirst = await mismatchedOrder();
    await staffPost('payment_problem_resolve', { id: closedFirst.problemId, note: 'Refunded in the dashboard.', refund: false }, admin);
    const paidOrder = await mismatchedOrder();
    await t.pool.query("UPDATE orders SET status = 'completed' WHERE id = $1", [paidOrder.order.order_id]);

    const mailer = createMailer(t.pool);
    expect(await mailPaymentProblemsToCustomers({ pool: t.pool, mailer }, new Date())).toBeGreaterThanOrEqual(1);
    await mailPaymentProblemsToCustomers({ pool: t.pool, mailer }, new Date());
    const told = await mailsAbout(m.order.order_id);
    expect(told).toHaveLength(1);
    // Staff see that the customer has been told.
    const listed = staffPaymentProblemsResponseSchema.parse((await staffPost('payment_problems', {}, admin)).json()).data;
    expect(listed.find((p) => p.id === m.problemId)).toMatchObject({ customer_mail: 'sent', customer_told_at: expect.any(String) });
    expect(told[0]!.subject).toBe(`We are checking your payment for order #${m.order.order_id}`);
    expect(told[0]!.text_body).toContain(`Your bank took £2.50 for order #${m.order.order_id}, but the order's card payment is £2.00. Our team is checking this payment.`);
    expect(told[0]!.text_body).toContain("Until then the order's tickets stay held.");

    expect((await staffPost('payment_problem_resolve', { id: m.problemId, note: 'Wrong amount: refunded.' }, admin)).statusCode).toBe(200);
    const ended = await mailsAbout(m.order.order_id);
    expect(ended.map((e) => e.subject)).toEqual([`We are checking your payment for order #${m.order.order_id}`, `Your payment for order #${m.order.order_id} is refunded`]);
    expect(ended[1]!.text_body).toContain('£2.50 is on its way back to the card you paid with');
    expect(ended[1]!.text_body).toContain('The order is cancelled, so its tickets do not enter the draw.');

    // A paid order's mismatch is not refunded by closing it: its customer is promised nothing.
    expect(await mailsAbout(paidOrder.order.order_id)).toEqual([]);
    const all = staffPaymentProblemsResponseSchema.parse((await staffPost('payment_problems', { open: false }, admin)).json()).data;
    expect(all.find((p) => p.id === paidOrder.problemId)).toMatchObject({ customer_mail: 'none', customer_told_at: null });
    expect(all.find((p) => p.id === closedFirst.problemId)).toMatchObject({ customer_mail: 'sent' });

    // Refunded elsewhere and closed before the job ran: the ending only, with no amount we did not refund.
    const other = await mailsAbout(closedFirst.order.order_id);
    expect(other.map((e) => e.subject)).toEqual([`Your payment for order #${closedFirst.order.order_id} is refunded`]);
    expect(other[0]!.text_body).not.toContain('on its way back');

    // The checkout asked again now hears the order was cancelled, and why.
    const back = await storeInject(t.app, m.state, 'POST', '/cgg/checkout-return', { order_id: m.order.order_id, order_key: m.order.order_key });
    expect(back.status).toBe(400);
    expect(back.body).toMatchObject({ code: STORE_ERRORS.paymentError.code, message: 'The payment taken did not match the order, so it was refunded in full.' });
  });
});

describe('a payment refunded because it came after its reservation ran out', () => {
  it('its customer is mailed once that it is refunded, and why', async () => {
    const c = await createCompetition(t.pool, { total: 20, pricePence: 100 });
    const who = await createCustomer(t.pool);
    const state: StoreClientState = { bearer: who.token };
    await storeInject(t.app, state, 'GET', '/cart');
    await storeInject(t.app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: 2 });
    const order = (await storeInject(t.app, state, 'POST', '/checkout', { billing_address: billing, payment_method: 'cgg-card', payment_data: cardPayment() }, { 'idempotency-key': randomUUID() })).body;
    // The bank confirms only after the 10 minutes ran out: released, and the payment refunded.
    await t.pool.query("UPDATE orders SET reserved_until = now() - interval '1 minute' WHERE id = $1", [order.order_id]);
    const back = await storeInject(t.app, state, 'POST', '/cgg/checkout-return', { order_id: order.order_id, order_key: order.order_key });
    expect(back.body).toMatchObject({ code: STORE_ERRORS.reservationExpired.code, data: { refunded: true } });

    const mailer = createMailer(t.pool);
    await mailPaymentProblemsToCustomers({ pool: t.pool, mailer }, new Date());
    await mailPaymentProblemsToCustomers({ pool: t.pool, mailer }, new Date());
    const mails = await mailsAbout(order.order_id);
    expect(mails.map((m) => m.subject)).toEqual([`Your payment for order #${order.order_id} is refunded`]);
    expect(mails[0]!.text_body).toContain(`Your bank confirmed the payment for order #${order.order_id} after its tickets' reservation had run out, so the tickets went back on sale and we have refunded the payment in full.`);
    expect(mails[0]!.text_body).toContain('£2.00 is on its way back to the card you paid with');
  });
});
