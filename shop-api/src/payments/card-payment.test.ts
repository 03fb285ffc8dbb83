import { randomUUID } from 'node:crypto';
import { DEMO_PAY_ROUTE_PREFIX } from '@cgg/contracts/demo-pay';
import { STORE_ERRORS, TEST_PAYMENT_METHODS, storeCheckoutResponseSchema, storePaymentConfigSchema } from '@cgg/contracts/store';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSession } from '../accounts/sessions.ts';
import { API_PREFIX } from '../http/rest-addressing.ts';
import { billing, cardPayment, createCompetition, createCustomer, type CompetitionOptions } from '../store/store-fixtures.ts';
import { storeInject, storeTestApp, type StoreClientState } from '../store/store-test-kit.ts';
import { signDemoPayload, SIGNATURE_HEADER } from './demo-provider/demo-signature.ts';
import { reconcilePayments } from './reconcile-payments.ts';
import { expireReservations } from './reservation-expiry.ts';
import { recordIntent } from './order-payment.ts';
import { DrawRefused, drawDueCompetitions, drawOneNow } from '../draws/run-draw.ts';
import { cancelCompetition, refundCancelledCompetition } from './refund-competition.ts';
import { refundOrder } from './refund-order.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { createMailer } from '../mail/mailer.ts';
import { webhookPath } from './webhook-route.ts';
import { mailPaymentProblemsToCustomers } from './payment-problem-mails.ts';

/*
 * Card payments end to end through the demo provider (issue 15): the reservation, the
 * provider's asynchronous confirmation by the client's return or the signed webhook - whichever
 * comes first, exactly once - 3-D Secure, expiry and reconciliation. The provider here settles a
 * payment only when asked (settleAfterMs: null) and its webhooks are caught, so each test
 * decides when and how often they arrive.
 */

type Kit = Awaited<ReturnType<typeof storeTestApp>>;
let t: Kit;
const caught: Array<{ body: string; signature: string }> = [];

beforeAll(async () => {
  t = await storeTestApp({ settleAfterMs: null, poolSize: 12 });
  t.payments.demoProvider.onEvent(async (body, signature) => {
    caught.push({ body, signature });
  });
});
afterAll(() => t.close());

const deliver = (d: { body: string; signature: string }) =>
  t.app.inject({ method: 'POST', url: webhookPath('demo'), headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: d.signature }, payload: d.body });

/** The event the provider sent last for an intent, of a type. */
const eventFor = (intentId: string, type: string) => {
  const found = caught.filter((c) => c.body.includes(intentId) && JSON.parse(c.body).type === type);
  expect(found, `${type} for ${intentId}`).toHaveLength(1);
  return found[0]!;
};

/** A customer with `quantity` £1 tickets in the basket (of 100, unless `competition` says otherwise), and optionally site credit and points to spend. */
async function basket(quantity = 3, o: { credit?: number; points?: number; competition?: CompetitionOptions } = {}) {
  const c = await createCompetition(t.pool, { total: 100, pricePence: 100, ...o.competition });
  const who = await createCustomer(t.pool);
  if (o.credit) await t.pool.query(`INSERT INTO credit_logs (customer_id, type, amount_pence, description, created_at) VALUES ($1, 'admin-credit', $2, 'x', now())`, [who.id, o.credit]);
  if (o.points) await t.pool.query(`INSERT INTO points_logs (customer_id, type, points, description, created_at) VALUES ($1, 'signup-bonus', $2, 'x', now())`, [who.id, o.points]);
  const state: StoreClientState = { bearer: who.token };
  await storeInject(t.app, state, 'GET', '/cart');
  expect((await storeInject(t.app, state, 'POST', '/cart/add-item', { id: c.productId, quantity })).status).toBe(200);
  return { c, who, state };
}

const checkout = (state: StoreClientState, pm: string = TEST_PAYMENT_METHODS.debit, extra: Array<{ key: string; value: string }> = []) =>
  storeInject(t.app, state, 'POST', '/checkout', { billing_address: billing, payment_method: 'cgg-card', payment_data: [...cardPayment(pm), ...extra] }, { 'idempotency-key': randomUUID() });
const giveBack = (state: StoreClientState, order: { order_id: number; order_key: string }) =>
  storeInject(t.app, state, 'POST', '/cgg/checkout-return', { order_id: order.order_id, order_key: order.order_key });

/** A customer's order of `quantity` tickets, paid by its webhook. */
async function paidOrder(quantity = 2) {
  const b = await basket(quantity);
  const order = (await checkout(b.state)).body;
  const intentId: string = order.extensions.cgg.payment.intent_id;
  await t.payments.demoProvider.retrieveIntent(intentId, new Date());
  await deliver(eventFor(intentId, 'payment_intent.succeeded'));
  return { ...b, order, intentId };
}

/** What an order and its customer hold now. */
async function held(orderId: number, customerId: number, competitionId: number) {
  const { rows } = await t.pool.query(
    `SELECT o.status,
       (SELECT count(*)::int FROM tickets tk JOIN order_items i ON i.id = tk.order_item_id WHERE i.order_id = o.id) AS tickets,
       (SELECT tickets_sold FROM competitions WHERE id = $3) AS sold,
       (SELECT count(*)::int FROM points_logs WHERE order_id = o.id AND type = 'order-placed') AS "pointsEarnedRows",
       (SELECT COALESCE(sum(points), 0)::int FROM points_logs WHERE customer_id = $2) AS points,
       (SELECT COALESCE(sum(amount_pence), 0)::int FROM credit_logs WHERE customer_id = $2) AS credit,
       (SELECT COALESCE(sum(r.amount), 0)::int FROM demo_pay_refunds r JOIN payment_intents p ON p.intent_id = r.intent_id WHERE p.order_id = o.id) AS refunded
     FROM orders o WHERE o.id = $1`,
    [orderId, customerId, competitionId],
  );
  return rows[0];
}

describe('card payment: asynchronous confirmation, exactly once', () => {
  it('checkout reserves the tickets and answers processing, with the 10-minute countdown', async () => {
    const { c, who, state } = await basket(3);
    const res = await checkout(state);
    expect(res.status).toBe(200);
    const body = storeCheckoutResponseSchema.parse(res.body);
    expect(body).toMatchObject({ status: 'pending', payment_result: { payment_status: 'pending', redirect_url: '' }, extensions: { cgg: { tickets: [], points_earned: 0, card_charged: '300' } } });
    const payment = body.extensions.cgg.payment!;
    expect(payment).toMatchObject({ provider: 'demo', status: 'processing', client_secret: null, next_action: null, funding: 'debit', last4: '5556' });
    expect(payment.seconds_left).toBeGreaterThan(590);
    expect(new Date(payment.reserved_until).getTime() - Date.now()).toBeGreaterThan(590_000);
    // Held for the order (nobody else can buy them), not yet paid; the basket emptied.
    expect(await held(body.order_id, who.id, c.id)).toMatchObject({ status: 'pending', tickets: 3, sold: 3, pointsEarnedRows: 0 });
    expect((await storeInject(t.app, state, 'GET', '/cart')).body.items_count).toBe(0);
  });

  it('support signed in as the customer (login-as-user) cannot place their order: nothing is reserved or taken', async () => {
    const { c, who } = await basket(2);
    const assisted: StoreClientState = { bearer: await createSession(t.pool, who.id, 'login-as-user', new Date()) };
    await storeInject(t.app, assisted, 'GET', '/cart');
    const res = await checkout(assisted);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'cgg_assisted_session', message: 'You are signed in as this customer by our support team, so this is not allowed: only the customer can do it.' });
    const { rows } = await t.pool.query('SELECT count(*)::int AS orders, (SELECT tickets_sold FROM competitions WHERE id = $2) AS sold FROM orders WHERE customer_id = $1', [who.id, c.id]);
    expect(rows[0]).toEqual({ orders: 0, sold: 0 });
  });

  it('the client\'s return and the webhook arriving together make one paid order', async () => {
    const { c, who, state } = await basket(4);
    const order = (await checkout(state)).body;
    // The bank answers: the provider settles the payment and sends its webhook (caught here).
    await t.payments.demoProvider.retrieveIntent(order.extensions.cgg.payment.intent_id, new Date());
    const event = eventFor(order.extensions.cgg.payment.intent_id, 'payment_intent.succeeded');
    const [hook1, back, hook2] = await Promise.all([deliver(event), giveBack(state, order), deliver(event)]);
    expect([hook1.statusCode, back.status, hook2.statusCode]).toEqual([200, 200, 200]);
    expect(back.body).toMatchObject({ status: 'completed', payment_result: { payment_status: 'success' }, extensions: { cgg: { points_earned: 40, payment: { status: 'succeeded' } } } });
    expect(back.body.extensions.cgg.tickets[0].ticket_numbers).toHaveLength(4);
    expect(await held(order.order_id, who.id, c.id)).toMatchObject({ status: 'completed', tickets: 4, sold: 4, pointsEarnedRows: 1, points: 40 });
    const events = await t.pool.query('SELECT count(*)::int AS n, count(processed_at)::int AS processed FROM payment_webhook_events WHERE event_id = $1', [JSON.parse(event.body).id]);
    expect(events.rows[0]).toEqual({ n: 1, processed: 1 });
  });

  it('two different webhooks for one intent, at once, make one paid order', async () => {
    const { c, who, state } = await basket(2);
    const order = (await checkout(state)).body;
    const intentId = order.extensions.cgg.payment.intent_id;
    await t.payments.demoProvider.retrieveIntent(intentId, new Date());
    const first = eventFor(intentId, 'payment_intent.succeeded');
    // The provider's retry of the same news under a new event id.
    const again = JSON.stringify({ ...JSON.parse(first.body), id: `evt_demo_retry_${randomUUID().slice(0, 8)}` });
    const second = { body: again, signature: signDemoPayload(t.payments.demoProvider.webhookSecret, again, new Date()) };
    const answers = await Promise.all([deliver(first), deliver(second)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().outcome).sort()).toEqual(['already-paid', 'paid']);
    expect(await held(order.order_id, who.id, c.id)).toMatchObject({ status: 'completed', tickets: 2, pointsEarnedRows: 1, points: 20 });
    expect((await giveBack(state, order)).body.status).toBe('completed');
  });

  it('the webhook of an order the client\'s return paid first is processed as already paid, and pays nothing more', async () => {
    const { c, who, state } = await basket(3);
    const order = (await checkout(state)).body;
    const intentId = order.extensions.cgg.payment.intent_id;
    expect((await giveBack(state, order)).body.status).toBe('completed');
    const before = await held(order.order_id, who.id, c.id);
    expect(before).toMatchObject({ status: 'completed', tickets: 3, pointsEarnedRows: 1, points: 30 });
    const event = eventFor(intentId, 'payment_intent.succeeded');
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: false, outcome: 'already-paid' });
    expect(await held(order.order_id, who.id, c.id)).toEqual(before);
    const recorded = await t.pool.query('SELECT outcome, processed_at IS NOT NULL AS processed FROM payment_webhook_events WHERE event_id = $1', [JSON.parse(event.body).id]);
    expect(recorded.rows).toEqual([{ outcome: 'already-paid', processed: true }]);
  });

  it('the webhook of an order holding an instant-win number pays it and awards the win, in one transaction', async () => {
    // Every number wins, so the order holds one whichever it drew.
    const { c, who, state } = await basket(1, { competition: { total: 2, instantWinNumbers: [1, 2] } });
    const order = (await checkout(state)).body;
    const intentId = order.extensions.cgg.payment.intent_id;
    await t.payments.demoProvider.retrieveIntent(intentId, new Date());
    expect((await deliver(eventFor(intentId, 'payment_intent.succeeded'))).json()).toEqual({ received: true, duplicate: false, outcome: 'paid' });
    expect(await held(order.order_id, who.id, c.id)).toMatchObject({ status: 'completed', tickets: 1, pointsEarnedRows: 1 });
    const won = await t.pool.query('SELECT count(*)::int AS n FROM instant_win_awards WHERE order_id = $1 AND customer_id = $2', [order.order_id, who.id]);
    expect(won.rows[0].n).toBe(1);
    const back = await giveBack(state, order);
    expect(back.body).toMatchObject({ status: 'completed' });
    expect(back.body.extensions.cgg.instant_wins).toHaveLength(1);
  });

  it('a late payment\'s webhook whose refund fails stays unprocessed, and the provider\'s retry refunds it once', async () => {
    const { c, who, state } = await basket(2);
    const order = (await checkout(state)).body;
    const intentId = order.extensions.cgg.payment.intent_id;
    await t.payments.demoProvider.retrieveIntent(intentId, new Date());
    const event = eventFor(intentId, 'payment_intent.succeeded');
    const eventId = JSON.parse(event.body).id as string;
    // The reservation ran out before the news arrived, and the provider is down for the refund.
    await t.pool.query(`UPDATE orders SET reserved_until = now() - interval '1 second' WHERE id = $1`, [order.order_id]);
    const gateway = t.payments.gateway as { refund: typeof t.payments.gateway.refund };
    const refund = gateway.refund;
    gateway.refund = () => Promise.reject(new Error('connect ECONNREFUSED (test: provider down)'));
    try {
      expect((await deliver(event)).statusCode).toBe(500);
    } finally {
      gateway.refund = refund;
    }
    expect(await held(order.order_id, who.id, c.id)).toMatchObject({ status: 'cancelled', tickets: 0, sold: 0, refunded: 0 });
    const processed = () => t.pool.query('SELECT outcome, processed_at IS NOT NULL AS processed FROM payment_webhook_events WHERE event_id = $1', [eventId]).then((r) => r.rows);
    expect(await processed()).toEqual([{ outcome: null, processed: false }]);
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: false, outcome: 'late-refunded' });
    expect(await processed()).toEqual([{ outcome: 'late-refunded', processed: true }]);
    expect((await deliver(event)).json()).toMatchObject({ duplicate: true });
    expect(await held(order.order_id, who.id, c.id)).toMatchObject({ status: 'cancelled', tickets: 0, refunded: 200 });
  });

  it('a forged or stale webhook is refused and not recorded; a replayed one changes nothing', async () => {
    const { c, who, state } = await basket(1);
    const order = (await checkout(state)).body;
    const intentId = order.extensions.cgg.payment.intent_id;
    await t.payments.demoProvider.retrieveIntent(intentId, new Date());
    const real = eventFor(intentId, 'payment_intent.succeeded');
    const id = JSON.parse(real.body).id as string;
    const forged = await deliver({ body: real.body.replace('"amount":100', '"amount":1'), signature: real.signature });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ code: 'cgg_webhook_refused', message: 'The webhook signature is missing, wrong or too old.' });
    const stale = await deliver({ body: real.body, signature: signDemoPayload(t.payments.demoProvider.webhookSecret, real.body, new Date(Date.now() - 10 * 60_000)) });
    expect(stale.statusCode).toBe(400);
    const unsigned = await deliver({ body: real.body, signature: '' });
    expect(unsigned.statusCode).toBe(400);
    expect((await t.pool.query('SELECT count(*)::int AS n FROM payment_webhook_events WHERE event_id = $1', [id])).rows[0].n).toBe(0);
    expect(await held(order.order_id, who.id, c.id)).toMatchObject({ status: 'pending' });

    expect((await deliver(real)).json()).toMatchObject({ received: true, duplicate: false, outcome: 'paid' });
    const before = await held(order.order_id, who.id, c.id);
    const replay = await deliver(real);
    expect(replay.json()).toMatchObject({ received: true, duplicate: true });
    expect(await held(order.order_id, who.id, c.id)).toEqual(before);
  });
});

describe('card payment: 3-D Secure', () => {
  it('asks for the challenge; Complete pays', async () => {
    const { c, who, state } = await basket(2);
    const res = await checkout(state, TEST_PAYMENT_METHODS.threeDSecure);
    const payment = res.body.extensions.cgg.payment;
    expect(payment).toMatchObject({ status: 'requires_action', next_action: { type: 'demo_challenge' } });
    expect(payment.client_secret).toMatch(/^pi_demo_\w+_secret_\w+$/);
    expect(payment.next_action.url).toBe(`${API_PREFIX}${DEMO_PAY_ROUTE_PREFIX}/payment_intents/${payment.intent_id}/challenge`);
    // Still waiting: the return answers the same.
    expect((await giveBack(state, res.body)).body.extensions.cgg.payment.status).toBe('requires_action');
    const shown = await t.app.inject({ method: 'GET', url: `${payment.next_action.url}?client_secret=${payment.client_secret}` });
    expect(shown.json()).toEqual({ id: payment.intent_id, status: 'requires_action', amount: 200, currency: 'gbp', last4: '3184' });
    expect((await t.app.inject({ method: 'GET', url: `${payment.next_action.url}?client_secret=wrong` })).statusCode).toBe(404);
    const done = await t.app.inject({ method: 'POST', url: payment.next_action.url, payload: { client_secret: payment.client_secret, outcome: 'complete' } });
    expect(done.json()).toEqual({ id: payment.intent_id, status: 'processing' });
    // Without the secret the challenge page shows nothing and moves nothing on.
    expect((await t.app.inject({ method: 'GET', url: `${payment.next_action.url}?client_secret=wrong` })).statusCode).toBe(404);
    expect((await t.pool.query('SELECT status FROM demo_pay_intents WHERE id = $1', [payment.intent_id])).rows[0].status).toBe('processing');
    const back = await giveBack(state, res.body);
    expect(back.body).toMatchObject({ status: 'completed', extensions: { cgg: { payment: { status: 'succeeded' } } } });
    expect(await held(res.body.order_id, who.id, c.id)).toMatchObject({ status: 'completed', tickets: 2 });
  });

  it('a payment finished with another card than the one checkout checked is not kept: released, refunded in full, the customer told', async () => {
    const { c, who, state } = await basket(2, { credit: 50 });
    const res = await checkout(state, TEST_PAYMENT_METHODS.threeDSecure, [{ key: 'use_credit', value: '50' }]);
    const payment = res.body.extensions.cgg.payment;
    // Stripe lets the browser confirm a payment waiting for 3-D Secure with another card (the client
    // secret is enough): a credit card the credit-card rules never judged. The demo challenge has no
    // such button, so the swap is made in its table.
    await t.pool.query('UPDATE demo_pay_intents SET payment_method = $2 WHERE id = $1', [payment.intent_id, TEST_PAYMENT_METHODS.credit]);
    await t.app.inject({ method: 'POST', url: payment.next_action.url, payload: { client_secret: payment.client_secret, outcome: 'complete' } });
    const back = await giveBack(state, res.body);
    expect(back.status).toBe(STORE_ERRORS.paymentError.status);
    expect(back.body).toMatchObject({
      code: STORE_ERRORS.paymentError.code,
      message: 'The payment was made with a different card from the one checked at checkout, so we are refunding it in full. Please check out again with the card you want to use.',
      data: { reason: 'card_changed' },
    });
    expect(await held(res.body.order_id, who.id, c.id)).toMatchObject({ status: 'cancelled', tickets: 0, sold: 0, credit: 50, pointsEarnedRows: 0, refunded: 150 });
    const flagged = await t.pool.query('SELECT kind, repaired, customer_mail FROM payment_discrepancies WHERE intent_id = $1', [payment.intent_id]);
    expect(flagged.rows).toEqual([{ kind: 'card_changed_refunded', repaired: true, customer_mail: 'due' }]);
    // Its webhook, arriving after, changes nothing more: refunded once, nothing paid.
    await deliver(eventFor(payment.intent_id, 'payment_intent.succeeded'));
    expect(await held(res.body.order_id, who.id, c.id)).toMatchObject({ status: 'cancelled', tickets: 0, credit: 50, refunded: 150 });
    await mailPaymentProblemsToCustomers({ pool: t.pool, mailer: createMailer(t.pool) }, new Date());
    const told = await t.pool.query<{ subject: string; text_body: string }>('SELECT subject, text_body FROM email_outbox WHERE subject = $1', [`Your payment for order #${res.body.order_id} is refunded`]);
    expect(told.rows).toHaveLength(1);
    expect(told.rows[0]!.text_body).toContain(`The payment for order #${res.body.order_id} was made with a different card from the one you entered at checkout.`);
  });

  it("a provider that names the checked card its own way (Stripe's test card ids) is paid, not taken for another card", async () => {
    // Stripe answers pm_card_visa_debit with a PaymentMethod of its own (pm_1...), the same card.
    const authorise = t.payments.gateway.authorise.bind(t.payments.gateway);
    const cloning = vi.spyOn(t.payments.gateway, 'authorise').mockImplementation(async (r) => {
      const intent = await authorise(r);
      const clone = `pm_1Clone${r.orderId}`;
      await t.pool.query('UPDATE demo_pay_intents SET payment_method = $2 WHERE id = $1', [intent.id, clone]);
      return { ...intent, paymentMethodId: clone };
    });
    try {
      const { c, who, state } = await basket(2);
      const res = await checkout(state);
      const intentId = res.body.extensions.cgg.payment.intent_id;
      await t.payments.demoProvider.retrieveIntent(intentId, new Date());
      await deliver(eventFor(intentId, 'payment_intent.succeeded'));
      expect(await held(res.body.order_id, who.id, c.id)).toMatchObject({ status: 'completed', tickets: 2, refunded: 0 });
    } finally {
      cloning.mockRestore();
    }
  });

  it('the webhook of a payment finished with another card releases and refunds it too (the fast path pays nothing)', async () => {
    const { c, who, state } = await basket(1);
    const res = await checkout(state, TEST_PAYMENT_METHODS.threeDSecure);
    const payment = res.body.extensions.cgg.payment;
    await t.pool.query('UPDATE demo_pay_intents SET payment_method = $2 WHERE id = $1', [payment.intent_id, TEST_PAYMENT_METHODS.credit]);
    await t.app.inject({ method: 'POST', url: payment.next_action.url, payload: { client_secret: payment.client_secret, outcome: 'complete' } });
    await t.payments.demoProvider.retrieveIntent(payment.intent_id, new Date());
    expect((await deliver(eventFor(payment.intent_id, 'payment_intent.succeeded'))).statusCode).toBe(200);
    expect(await held(res.body.order_id, who.id, c.id)).toMatchObject({ status: 'cancelled', tickets: 0, sold: 0, refunded: 100 });
  });

  it('a payment confirmed after its customer began a break is not kept: released, refunded in full, the customer told', async () => {
    const { c, who, state } = await basket(2);
    const res = await checkout(state, TEST_PAYMENT_METHODS.threeDSecure);
    const payment = res.body.extensions.cgg.payment;
    // Support starts a break (UK code 1.5) while the customer is at the bank's 3-D Secure page.
    await t.pool.query("UPDATE customers SET locked_until = now() + interval '7 days', locking_period = '7d', lock_started_at = now() WHERE id = $1", [who.id]);
    await t.app.inject({ method: 'POST', url: payment.next_action.url, payload: { client_secret: payment.client_secret, outcome: 'complete' } });
    await t.payments.demoProvider.retrieveIntent(payment.intent_id, new Date());
    // The webhook first (its one-statement fast path pays nothing), then the client's return.
    expect((await deliver(eventFor(payment.intent_id, 'payment_intent.succeeded'))).statusCode).toBe(200);
    const back = await giveBack(state, res.body);
    expect(back.body).toMatchObject({ code: STORE_ERRORS.paymentError.code, message: 'Your account is on a break or closed, so this payment was not taken: we are refunding it in full.', data: { reason: 'account_locked' } });
    expect(await held(res.body.order_id, who.id, c.id)).toMatchObject({ status: 'cancelled', tickets: 0, sold: 0, pointsEarnedRows: 0, refunded: 200 });
    const flagged = await t.pool.query('SELECT kind, repaired, customer_mail FROM payment_discrepancies WHERE intent_id = $1', [payment.intent_id]);
    expect(flagged.rows).toEqual([{ kind: 'break_refunded', repaired: true, customer_mail: 'due' }]);
  });

  it('a card left less than £0.30 by points and credit is refused with why: nothing reserved, nothing spent', async () => {
    const { c, who, state } = await basket(1, { points: 100 });
    const res = await checkout(state, TEST_PAYMENT_METHODS.debit, [{ key: 'redeem_points', value: '80' }]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'woocommerce_rest_checkout_invalid_payment_data',
      message: 'The card would pay £0.20, and a card payment must be at least £0.30: use fewer points or less site credit, or cover the whole total with them.',
    });
    expect((await t.pool.query('SELECT tickets_sold FROM competitions WHERE id = $1', [c.id])).rows[0].tickets_sold).toBe(0);
    expect((await t.pool.query('SELECT COALESCE(sum(points), 0)::int AS p FROM points_logs WHERE customer_id = $1', [who.id])).rows[0].p).toBe(100);
    expect((await t.pool.query('SELECT count(*)::int AS n FROM payment_intents p JOIN orders o ON o.id = p.order_id WHERE o.customer_id = $1', [who.id])).rows[0].n).toBe(0);
    // At the minimum it goes through.
    expect((await checkout(state, TEST_PAYMENT_METHODS.debit, [{ key: 'redeem_points', value: '70' }])).body).toMatchObject({ status: 'pending', extensions: { cgg: { card_charged: '30' } } });
    // An order under £0.30 paid by card alone: said so, not "use fewer points".
    const cheap = await basket(1, { competition: { pricePence: 20 } });
    expect((await checkout(cheap.state)).body.message).toBe('This order comes to £0.20, and a card payment must be at least £0.30: add to your basket, or pay it all with points or site credit.');
    // ...also when points pay part of it: fewer points would not help.
    const cheapWithPoints = await basket(1, { points: 100, competition: { pricePence: 20 } });
    expect((await checkout(cheapWithPoints.state, TEST_PAYMENT_METHODS.debit, [{ key: 'redeem_points', value: '5' }])).body.message).toMatch(/^This order comes to £0\.20, /);
  });

  it('a reward win goes only to a paid entry: not to a reservation later refused; the milestone fires when an order is paid', async () => {
    // 4 tickets, a reward when half are sold: the first buyer's 2 reserved tickets reach it.
    const { c, who, state } = await basket(2, { competition: { total: 4, rewardPercentages: [50] } });
    const awards = async () => (await t.pool.query('SELECT customer_id, order_id FROM reward_win_awards WHERE competition_id = $1', [c.id])).rows;
    const res = await checkout(state, TEST_PAYMENT_METHODS.threeDSecure);
    expect(await awards()).toEqual([]); // reserved, not paid: nothing to draw from yet
    const payment = res.body.extensions.cgg.payment;
    await t.app.inject({ method: 'POST', url: payment.next_action.url, payload: { client_secret: payment.client_secret, outcome: 'fail' } });
    expect((await giveBack(state, res.body)).status).toBe(400);
    expect(await awards()).toEqual([]);
    expect(await held(res.body.order_id, who.id, c.id)).toMatchObject({ status: 'failed', tickets: 0, sold: 0 });

    // Another buyer's 2 tickets reach it again; their webhook pays the order and fires it, to them.
    const other = await createCustomer(t.pool);
    const otherState: StoreClientState = { bearer: other.token };
    await storeInject(t.app, otherState, 'GET', '/cart');
    expect((await storeInject(t.app, otherState, 'POST', '/cart/add-item', { id: c.productId, quantity: 2 })).status).toBe(200);
    const order = (await checkout(otherState)).body;
    expect(await awards()).toEqual([]);
    const intentId = order.extensions.cgg.payment.intent_id;
    await t.payments.demoProvider.retrieveIntent(intentId, new Date());
    expect((await deliver(eventFor(intentId, 'payment_intent.succeeded'))).json()).toMatchObject({ outcome: 'paid' });
    expect(await awards()).toEqual([{ customer_id: other.id, order_id: order.order_id }]);
  });

  it('a reservation that crosses a reward milestone while paid entries exist fires it only once paid, and its winner is told', async () => {
    // 4 tickets, a reward at half: one paid ticket first, then a reservation of 2 crosses it.
    const { c, state } = await basket(1, { competition: { total: 4, rewardPercentages: [50] } });
    const awards = async () => (await t.pool.query<{ notified: boolean }>('SELECT notified_at IS NOT NULL AS notified FROM reward_win_awards WHERE competition_id = $1', [c.id])).rows;
    const first = (await checkout(state)).body;
    await t.payments.demoProvider.retrieveIntent(first.extensions.cgg.payment.intent_id, new Date());
    expect((await giveBack(state, first)).body.status).toBe('completed');
    const other = await createCustomer(t.pool);
    const otherState: StoreClientState = { bearer: other.token };
    await storeInject(t.app, otherState, 'GET', '/cart');
    await storeInject(t.app, otherState, 'POST', '/cart/add-item', { id: c.productId, quantity: 2 });
    const order = (await checkout(otherState)).body;
    expect(await awards()).toEqual([]); // reserved: the milestone waits for the payment
    await t.payments.demoProvider.retrieveIntent(order.extensions.cgg.payment.intent_id, new Date());
    expect((await giveBack(otherState, order)).body.status).toBe('completed');
    expect(await awards()).toHaveLength(1);
    await vi.waitFor(async () => expect(await awards()).toEqual([{ notified: true }]), { timeout: 5000 });
  });

  it('Fail refuses it: tickets back on sale, points and credit given back, the basket restored', async () => {
    const { c, who, state } = await basket(3, { credit: 100, points: 100 });
    const res = await checkout(state, TEST_PAYMENT_METHODS.threeDSecure, [{ key: 'use_credit', value: '100' }, { key: 'redeem_points', value: '100' }]);
    expect(res.body.extensions.cgg).toMatchObject({ card_charged: '100', credit_used: '100', points_redeemed: 100 });
    expect(await held(res.body.order_id, who.id, c.id)).toMatchObject({ sold: 3, credit: 0, points: 0 });
    const payment = res.body.extensions.cgg.payment;
    await t.app.inject({ method: 'POST', url: payment.next_action.url, payload: { client_secret: payment.client_secret, outcome: 'fail' } });
    const back = await giveBack(state, res.body);
    expect(back.status).toBe(400);
    expect(back.body).toMatchObject({
      code: STORE_ERRORS.paymentError.code,
      message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      data: { reason: 'authentication_failed', cart: { items_count: 3 } },
    });
    expect(await held(res.body.order_id, who.id, c.id)).toMatchObject({ status: 'failed', tickets: 0, sold: 0, credit: 100, points: 100, pointsEarnedRows: 0 });
    // The same answer again (safe to repeat), and the restored basket pays with another card.
    expect((await giveBack(state, res.body)).status).toBe(400);
    const paid = await checkout(state);
    await t.payments.demoProvider.retrieveIntent(paid.body.extensions.cgg.payment.intent_id, new Date());
    expect((await giveBack(state, paid.body)).body.status).toBe('completed');
  });
});

describe('card payment: expiry and reconciliation', () => {
  const later = () => new Date(Date.now() + 11 * 60_000);

  it('a payment that succeeds after its reservation expired is refunded automatically, never half-applied', async () => {
    const { c, who, state } = await basket(2, { credit: 50 });
    const res = await checkout(state, TEST_PAYMENT_METHODS.debit, [{ key: 'use_credit', value: '50' }]);
    const intentId = res.body.extensions.cgg.payment.intent_id;
    // Ten minutes pass unconfirmed; the expiry job asks the provider, which has taken the money meanwhile.
    await expireReservations(t.pool, t.payments.gateway, later());
    expect(await held(res.body.order_id, who.id, c.id)).toMatchObject({ status: 'cancelled', tickets: 0, sold: 0, credit: 50, pointsEarnedRows: 0, refunded: 150 });
    const flagged = await t.pool.query('SELECT kind, repaired FROM payment_discrepancies WHERE intent_id = $1', [intentId]);
    expect(flagged.rows).toEqual([{ kind: 'late_payment_refunded', repaired: true }]);
    // Its webhook, arriving late, and the client coming back change nothing more.
    await deliver(eventFor(intentId, 'payment_intent.succeeded'));
    const back = await giveBack(state, res.body);
    expect(back.status).toBe(409);
    expect(back.body).toMatchObject({ code: 'cgg_reservation_expired', message: STORE_ERRORS.reservationExpired.message, data: { refunded: true, cart: { items_count: 2 } } });
    expect(await held(res.body.order_id, who.id, c.id)).toMatchObject({ status: 'cancelled', tickets: 0, credit: 50, refunded: 150 });
  });

  it('an abandoned 3-D Secure checkout is released when its 10 minutes run out, and its intent cancelled', async () => {
    const { c, who, state } = await basket(1);
    const res = await checkout(state, TEST_PAYMENT_METHODS.threeDSecure);
    // Within its 10 minutes the job leaves it (its count covers other tests' orders too, so the order itself is what is checked).
    await expireReservations(t.pool, t.payments.gateway, new Date());
    expect(await held(res.body.order_id, who.id, c.id)).toMatchObject({ status: 'pending' });
    await expireReservations(t.pool, t.payments.gateway, later());
    expect(await held(res.body.order_id, who.id, c.id)).toMatchObject({ status: 'cancelled', tickets: 0, sold: 0 });
    expect((await t.payments.demoProvider.retrieveIntent(res.body.extensions.cgg.payment.intent_id, new Date()))!.status).toBe('canceled');
    expect((await giveBack(state, res.body)).body).toMatchObject({ code: 'cgg_reservation_expired', data: { refunded: false } });
  });

  it('reconciliation pays an order whose webhook was lost, and flags an intent that names no order', async () => {
    const { c, who, state } = await basket(2);
    const res = await checkout(state);
    await t.payments.demoProvider.retrieveIntent(res.body.extensions.cgg.payment.intent_id, new Date());
    // (Its webhook is caught and never delivered.)
    const stray = await t.payments.demoProvider.createIntent({ amount: 999, currency: 'gbp', paymentMethod: TEST_PAYMENT_METHODS.debit, metadata: {}, idempotencyKey: randomUUID() }, new Date());
    const r = await reconcilePayments(t.pool, t.payments.gateway, new Date());
    expect(r.repaired).toBeGreaterThanOrEqual(1);
    expect(await held(res.body.order_id, who.id, c.id)).toMatchObject({ status: 'completed', tickets: 2, pointsEarnedRows: 1 });
    const flagged = await t.pool.query('SELECT kind, repaired FROM payment_discrepancies WHERE intent_id = $1', [stray.id]);
    expect(flagged.rows).toEqual([{ kind: 'unknown_intent', repaired: false }]);
    // Run again: nothing new to repair, nothing flagged twice.
    await reconcilePayments(t.pool, t.payments.gateway, new Date());
    expect((await t.pool.query('SELECT count(*)::int AS n FROM payment_discrepancies WHERE intent_id = $1', [stray.id])).rows[0].n).toBe(1);
    expect(await held(res.body.order_id, who.id, c.id)).toMatchObject({ pointsEarnedRows: 1 });
  });
});

describe('card payment: what the provider did that the shop did not', () => {
  const later = () => new Date(Date.now() + 11 * 60_000);
  const problems = (intentId: string) => t.pool.query('SELECT kind, repaired, order_id FROM payment_discrepancies WHERE intent_id = $1 ORDER BY kind', [intentId]).then((r) => r.rows);
  it('a refund made at the provider, outside the shop, is flagged; the shop\'s own refunds are not', async () => {
    const { order, intentId } = await paidOrder(2);
    await refundOrder(t.pool, t.payments.gateway, { orderId: order.order_id, amountPence: 50, idempotencyKey: randomUUID(), reason: 'goodwill', by: 'test', now: new Date() });
    expect((await deliver(eventFor(intentId, 'charge.refunded'))).json()).toMatchObject({ outcome: 'recorded' });
    expect(await problems(intentId)).toEqual([]);
    // Someone refunds another 100p in the provider's dashboard.
    caught.splice(0, caught.length, ...caught.filter((c) => !(c.body.includes(intentId) && JSON.parse(c.body).type === 'charge.refunded')));
    await t.payments.demoProvider.refund({ intentId, amount: 100, idempotencyKey: randomUUID() }, new Date());
    expect((await deliver(eventFor(intentId, 'charge.refunded'))).json()).toMatchObject({ outcome: 'flagged' });
    expect(await problems(intentId)).toEqual([{ kind: 'refunded_at_provider', repaired: false, order_id: order.order_id }]);
    // Reconciliation sees the same, and flags it once.
    await reconcilePayments(t.pool, t.payments.gateway, new Date());
    expect(await problems(intentId)).toHaveLength(1);
  });

  it('a late payment whose automatic refund the provider refuses is flagged for a person, and counts as dealt with', async () => {
    const { c, who, state } = await basket(2);
    const order = (await checkout(state)).body;
    const intentId: string = order.extensions.cgg.payment.intent_id;
    await t.payments.demoProvider.retrieveIntent(intentId, new Date());
    await t.pool.query(`UPDATE orders SET reserved_until = now() - interval '1 second' WHERE id = $1`, [order.order_id]);
    const gateway = t.payments.gateway as { refund: typeof t.payments.gateway.refund };
    const refund = gateway.refund;
    gateway.refund = () => Promise.reject(new WpHttpError(409, 'cgg_refund_refused', 'The payment provider refused the refund: the charge is disputed.'));
    try {
      expect((await deliver(eventFor(intentId, 'payment_intent.succeeded'))).statusCode).toBe(200);
    } finally {
      gateway.refund = refund;
    }
    expect(await held(order.order_id, who.id, c.id)).toMatchObject({ status: 'cancelled', tickets: 0, refunded: 0 });
    expect(await problems(intentId)).toEqual([{ kind: 'late_payment_refund_refused', repaired: false, order_id: order.order_id }]);
    // Reconciliation leaves it to that person: it does not ask the provider again at every run.
    let asked = 0;
    gateway.refund = (r) => (r.intentId === intentId ? (asked++, Promise.reject(new Error('asked again'))) : refund(r));
    try {
      await reconcilePayments(t.pool, t.payments.gateway, new Date());
    } finally {
      gateway.refund = refund;
    }
    expect(asked).toBe(0);
  });

  it('reconciliation goes on past an intent it cannot settle, and then says which', async () => {
    const first = await basket(1);
    const second = await basket(1);
    const a = (await checkout(first.state)).body;
    const b = (await checkout(second.state)).body;
    for (const o of [a, b]) {
      await t.payments.demoProvider.retrieveIntent(o.extensions.cgg.payment.intent_id, new Date());
      await t.pool.query(`UPDATE orders SET reserved_until = now() - interval '1 second' WHERE id = $1`, [o.order_id]);
    }
    const gateway = t.payments.gateway as { refund: typeof t.payments.gateway.refund };
    const refund = gateway.refund;
    // The provider fails for the first intent's refund only (whichever the list gives first).
    const failing = a.extensions.cgg.payment.intent_id as string;
    gateway.refund = (r) => (r.intentId === failing ? Promise.reject(new Error('connect ETIMEDOUT (test)')) : refund(r));
    try {
      await expect(reconcilePayments(t.pool, t.payments.gateway, new Date())).rejects.toThrow(new RegExp(`could not settle 1 of \\d+ intents \\(the rest were reconciled\\): ${failing}: connect ETIMEDOUT`));
    } finally {
      gateway.refund = refund;
    }
    expect(await held(b.order_id, second.who.id, second.c.id)).toMatchObject({ status: 'cancelled', refunded: 100 });
    expect(await held(a.order_id, first.who.id, first.c.id)).toMatchObject({ status: 'cancelled', refunded: 0 });
    await reconcilePayments(t.pool, t.payments.gateway, new Date());
    expect(await held(a.order_id, first.who.id, first.c.id)).toMatchObject({ refunded: 100 });
  });

  it('another shop\'s intent naming one of our order ids (a shared provider account) is never applied to it', async () => {
    const { c, who, state } = await basket(2);
    const order = (await checkout(state)).body;
    const stranger = await t.payments.demoProvider.createIntent({
      amount: 200, currency: 'gbp', paymentMethod: TEST_PAYMENT_METHODS.debit, metadata: { order_id: String(order.order_id), order_key: 'wc_order_elsewhere' }, idempotencyKey: randomUUID(),
    }, new Date());
    await t.payments.demoProvider.retrieveIntent(stranger.id, new Date());
    expect((await deliver(eventFor(stranger.id, 'payment_intent.succeeded'))).json()).toMatchObject({ outcome: 'not-ours' });
    // One whose order id is none our orders can have names no order of ours at all (and reaches no query).
    const outsized = await t.payments.demoProvider.createIntent({
      amount: 200, currency: 'gbp', paymentMethod: TEST_PAYMENT_METHODS.debit, metadata: { order_id: '3000000000', order_key: 'wc_order_elsewhere' }, idempotencyKey: randomUUID(),
    }, new Date());
    await t.payments.demoProvider.retrieveIntent(outsized.id, new Date());
    expect((await deliver(eventFor(outsized.id, 'payment_intent.succeeded'))).json()).toMatchObject({ outcome: 'not-ours' });
    await reconcilePayments(t.pool, t.payments.gateway, new Date());
    expect(await problems(outsized.id)).toEqual([{ kind: 'unknown_intent', repaired: false, order_id: null }]);
    expect(await held(order.order_id, who.id, c.id)).toMatchObject({ status: 'pending', refunded: 0 });
    expect(await problems(stranger.id)).toEqual([{ kind: 'unknown_intent', repaired: false, order_id: null }]);
    expect((await t.pool.query('SELECT count(*)::int AS n FROM payment_intents WHERE intent_id = $1', [stranger.id])).rows[0].n).toBe(0);
    // Its own payment still pays it.
    await t.payments.demoProvider.retrieveIntent(order.extensions.cgg.payment.intent_id, new Date());
    expect((await deliver(eventFor(order.extensions.cgg.payment.intent_id, 'payment_intent.succeeded'))).json()).toMatchObject({ outcome: 'paid' });
  });

  it('an expired reservation whose intent the provider does not know is released and flagged, not held for ever', async () => {
    const { c, who, state } = await basket(2);
    const order = (await checkout(state)).body;
    const intentId: string = order.extensions.cgg.payment.intent_id;
    // As after the provider's data was reset, or the keys changed to another account.
    await t.pool.query('DELETE FROM demo_pay_intents WHERE id = $1', [intentId]);
    await expireReservations(t.pool, t.payments.gateway, later());
    expect(await held(order.order_id, who.id, c.id)).toMatchObject({ status: 'cancelled', tickets: 0, sold: 0 });
    expect(await problems(intentId)).toEqual([{ kind: 'missing_at_provider', repaired: false, order_id: order.order_id }]);
  });
});

describe('card payment: the provider unreachable after the reservation', () => {
  /** Checkout with the provider down for the intent's creation (the reservation commits first). */
  async function withProviderDown<T>(work: () => Promise<T>): Promise<T> {
    const gateway = t.payments.gateway as { authorise: typeof t.payments.gateway.authorise };
    const authorise = gateway.authorise;
    gateway.authorise = () => Promise.reject(new Error('connect ECONNREFUSED (test: provider down)'));
    try {
      return await work();
    } finally {
      gateway.authorise = authorise;
    }
  }

  it('a retry with the same Idempotency-Key creates the intent it could not, and pays once', async () => {
    const { c, who, state } = await basket(2);
    const key = randomUUID();
    const post = () => storeInject(t.app, state, 'POST', '/checkout', { billing_address: billing, payment_method: 'cgg-card', payment_data: cardPayment() }, { 'idempotency-key': key });
    const failed = await withProviderDown(post);
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({ code: STORE_ERRORS.paymentProviderUnavailable.code, message: STORE_ERRORS.paymentProviderUnavailable.message });
    expect(failed.headers['retry-after']).toBe('2');
    const [order] = (await t.pool.query('SELECT id FROM orders WHERE customer_id = $1', [who.id])).rows;
    expect(await held(order.id, who.id, c.id)).toMatchObject({ status: 'pending', tickets: 2 });
    const again = await post();
    expect(again.body).toMatchObject({ order_id: order.id, status: 'pending', extensions: { cgg: { payment: { status: 'processing' } } } });
    expect((await giveBack(state, again.body)).body.status).toBe('completed');
    expect((await t.pool.query('SELECT count(*)::int AS n FROM payment_intents WHERE order_id = $1', [order.id])).rows[0].n).toBe(1);
  });

  it('an order flagged for staff (a payment of the wrong amount) is left to them, and never holds up the other expired reservations', async () => {
    const flagged = await basket(1);
    const flaggedOrder = (await checkout(flagged.state)).body;
    await t.pool.query(
      `INSERT INTO payment_discrepancies (provider, intent_id, order_id, kind, detail, repaired, found_at) VALUES ('demo', $1, $2, 'amount_mismatch', 'x', false, now())`,
      [flaggedOrder.extensions.cgg.payment.intent_id, flaggedOrder.order_id],
    );
    const plain = await basket(1);
    const plainOrder = (await checkout(plain.state)).body;
    // Both long expired, the flagged one first in line.
    await t.pool.query("UPDATE orders SET reserved_until = '2000-01-01' WHERE id = $1", [flaggedOrder.order_id]);
    await t.pool.query("UPDATE orders SET reserved_until = '2000-01-02' WHERE id = $1", [plainOrder.order_id]);
    await expireReservations(t.pool, t.payments.gateway, new Date(), {}, 1);
    expect(await held(plainOrder.order_id, plain.who.id, plain.c.id)).toMatchObject({ status: 'cancelled', tickets: 0 });
    expect(await held(flaggedOrder.order_id, flagged.who.id, flagged.c.id)).toMatchObject({ status: 'pending', tickets: 1 });
  });

  it('left alone, the reservation is released when its 10 minutes run out, and no payment is ever asked for', async () => {
    const { c, who, state } = await basket(1, { points: 100 });
    await withProviderDown(() => checkout(state, TEST_PAYMENT_METHODS.debit, [{ key: 'redeem_points', value: '50' }]));
    const [order] = (await t.pool.query('SELECT id FROM orders WHERE customer_id = $1', [who.id])).rows;
    await expireReservations(t.pool, t.payments.gateway, new Date(Date.now() + 11 * 60_000));
    expect(await held(order.id, who.id, c.id)).toMatchObject({ status: 'cancelled', tickets: 0, sold: 0, points: 100 });
    expect((await t.pool.query('SELECT count(*)::int AS n FROM payment_intents WHERE order_id = $1', [order.id])).rows[0].n).toBe(0);
    expect((await storeInject(t.app, state, 'GET', '/cart')).body.items_count).toBe(1);
  });
});

describe('recording an intent while the webhook holds the order', () => {
  it('waits for the order before writing the intent row, so the two never deadlock', async () => {
    const { state } = await basket(1);
    const order = (await checkout(state)).body;
    // As just after the provider answered the checkout: the intent exists, our record of it not yet.
    const intentId: string = order.extensions.cgg.payment.intent_id;
    await t.pool.query('DELETE FROM payment_intents WHERE intent_id = $1', [intentId]);
    const intent = { id: intentId, status: 'processing' as const, amountPence: 100, currency: 'gbp', orderId: order.order_id, orderKey: order.order_key, clientSecret: null, nextAction: null, failure: null, amountRefundedPence: 0, created: new Date(), paymentMethodId: null };
    // The webhook's shape: the order locked first, then the same intent row written.
    const webhook = await t.pool.connect();
    try {
      await webhook.query('BEGIN');
      await webhook.query('SELECT 1 FROM orders WHERE id = $1 FOR UPDATE', [order.order_id]);
      const recording = recordIntent(t.pool, 'demo', intent, new Date());
      await expect.poll(async () => (await t.pool.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'INSERT INTO payment_intents%'")).rows[0].n).toBe(1);
      await webhook.query(
        `INSERT INTO payment_intents (intent_id, provider, order_id, amount_pence, currency, status, funding, last4, created_at, updated_at)
         VALUES ($1, 'demo', $2, 100, 'gbp', 'succeeded', 'debit', '5556', now(), now()) ON CONFLICT (intent_id) DO NOTHING`,
        [intentId, order.order_id],
      );
      await webhook.query('COMMIT');
      await recording;
    } finally {
      webhook.release();
    }
    // The webhook's 'succeeded' stands: the later, older answer never overwrites a final state.
    expect((await t.pool.query('SELECT status FROM payment_intents WHERE intent_id = $1', [intentId])).rows).toEqual([{ status: 'succeeded' }]);
  });
});

describe('a draw and an open reservation', () => {
  it('waits for the card payments still being confirmed, so the winning ticket is a paid one', async () => {
    const { c, state } = await basket(2);
    const order = (await checkout(state)).body;
    expect(order.status).toBe('pending');
    await t.pool.query("UPDATE competitions SET closing_at = now() - interval '1 minute', draw_at = now() - interval '1 minute' WHERE id = $1", [c.id]);
    const drawOpts = { now: new Date(), siteUrl: 'http://localhost:3000', mailer: createMailer(t.pool), log: () => {} };
    expect((await drawDueCompetitions(t.pool, drawOpts)).map((d) => d.competitionId)).not.toContain(c.id);
    await expect(drawOneNow(t.pool, c.id, { ...drawOpts, drawnBy: 'test', audit: { staffId: null, actor: 'test' } })).rejects.toThrow(/card payments or refunds still being confirmed/);
    // Its 10 minutes run out: the tickets go back, and the draw goes ahead without them.
    await expireReservations(t.pool, t.payments.gateway, new Date(Date.now() + 11 * 60_000));
    expect((await drawDueCompetitions(t.pool, { ...drawOpts, now: new Date() })).map((d) => d.competitionId)).toContain(c.id);
  });

  it('an order whose payment is under review (the wrong amount) holds the draw until staff deal with it, and the refusal says so', async () => {
    const { c, state } = await basket(1);
    const order = (await checkout(state)).body;
    await t.pool.query(
      `INSERT INTO payment_discrepancies (provider, intent_id, order_id, kind, detail, repaired, found_at) VALUES ('demo', $1, $2, 'amount_mismatch', 'x', false, now())`,
      [order.extensions.cgg.payment.intent_id, order.order_id],
    );
    await t.pool.query("UPDATE competitions SET closing_at = now() - interval '1 minute', draw_at = now() - interval '1 minute' WHERE id = $1", [c.id]);
    const drawOpts = { now: new Date(), siteUrl: 'http://localhost:3000', mailer: createMailer(t.pool), log: () => {} };
    await expect(drawOneNow(t.pool, c.id, { ...drawOpts, drawnBy: 'test', audit: { staffId: null, actor: 'test' } })).rejects.toThrow(
      `Competition ${c.id} waits for order #${order.order_id}, whose payment is under review (the wrong amount was taken): deal with it under Payment problems, then draw.`,
    );
  });

  it('waits for a refund of its tickets the provider has not answered yet, so a refunded ticket never wins', async () => {
    const { c, order } = await paidOrder(2);
    await t.pool.query("UPDATE competitions SET closing_at = now() - interval '1 minute', draw_at = now() - interval '1 minute' WHERE id = $1", [c.id]);
    // A whole refund asked of the provider, its answer lost (refund-retry.ts asks again later).
    await t.pool.query(
      `INSERT INTO order_refunds (order_id, idempotency_key, amount_pence, state, gateway, reason, requested_by, created_at, whole)
       VALUES ($1, $2, 200, 'pending', 'demo', 'test', 'test', now(), true)`,
      [order.order_id, randomUUID()],
    );
    const drawOpts = { now: new Date(), siteUrl: 'http://localhost:3000', mailer: createMailer(t.pool), log: () => {} };
    expect((await drawDueCompetitions(t.pool, drawOpts)).map((d) => d.competitionId)).not.toContain(c.id);
    await expect(drawOneNow(t.pool, c.id, { ...drawOpts, drawnBy: 'test', audit: { staffId: null, actor: 'test' } })).rejects.toThrow(/card payments or refunds still being confirmed/);
    // The provider refused it after all: the order stays paid, and its tickets are drawn.
    await t.pool.query("UPDATE order_refunds SET state = 'failed' WHERE order_id = $1", [order.order_id]);
    expect((await drawDueCompetitions(t.pool, { ...drawOpts, now: new Date() })).map((d) => d.competitionId)).toContain(c.id);
  });

  it('a whole refund asked while the draw holds the competition waits for it, and is refused once it is drawn', async () => {
    const { c, order } = await paidOrder(2);
    const draw = await t.pool.connect();
    try {
      await draw.query('BEGIN');
      await draw.query('SELECT 1 FROM competitions WHERE id = $1 FOR UPDATE', [c.id]);
      const refunding = refundOrder(t.pool, t.payments.gateway, { orderId: order.order_id, idempotencyKey: randomUUID(), reason: 'test', by: 'test', now: new Date() }).then(() => 'refunded', (e: WpHttpError) => e.code);
      await expect.poll(async () => (await t.pool.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'SELECT 1 FROM competitions WHERE id = ANY%KEY SHARE'")).rows[0].n).toBe(1);
      await draw.query("UPDATE competitions SET status = 'drawn', drawn_at = now() WHERE id = $1", [c.id]);
      await draw.query('COMMIT');
      expect(await refunding).toBe('cgg_competition_drawn');
    } finally {
      await draw.query('ROLLBACK').catch(() => {});
      draw.release();
    }
    expect((await t.pool.query('SELECT count(*)::int AS n FROM order_refunds WHERE order_id = $1', [order.order_id])).rows[0].n).toBe(0);
  });

  /**
   * The draw picks a competition, then waits for its row while `meanwhile` (holding that row, as a
   * cancel or a checkout does) changes it and commits. Answers what the draw run did.
   */
  async function drawWhile(competitionId: number, meanwhile: (other: import('pg').PoolClient) => Promise<void>) {
    await t.pool.query("UPDATE competitions SET closing_at = now() - interval '1 minute', draw_at = now() - interval '1 minute' WHERE id = $1", [competitionId]);
    const other = await t.pool.connect();
    try {
      await other.query('BEGIN');
      // The lock an UPDATE of the row takes (a cancel's, a sale's), which a draw's commitment (a key share) passes.
      await other.query('SELECT 1 FROM competitions WHERE id = $1 FOR NO KEY UPDATE', [competitionId]);
      const drawing = drawDueCompetitions(t.pool, { now: new Date(), siteUrl: 'http://localhost:3000', mailer: createMailer(t.pool), log: () => {} });
      await expect.poll(async () => (await t.pool.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'SELECT title, prize_value_pence%FROM competitions%FOR UPDATE'")).rows[0].n).toBe(1);
      await meanwhile(other);
      await other.query('COMMIT');
      return await drawing;
    } finally {
      other.release();
    }
  }
  const drawOf = (competitionId: number) => t.pool.query('SELECT c.status, d.drawn_at FROM competitions c JOIN competition_draws d ON d.competition_id = c.id WHERE c.id = $1', [competitionId]).then((r) => r.rows[0]);

  it('a cancel that commits while the draw waits for the competition stands: it is not drawn over', async () => {
    const { c } = await paidOrder(2);
    const drawn = await drawWhile(c.id, (other) => other.query("UPDATE competitions SET status = 'cancelled' WHERE id = $1", [c.id]).then(() => {}));
    expect(drawn.map((d) => d.competitionId)).not.toContain(c.id);
    expect(await drawOf(c.id)).toEqual({ status: 'cancelled', drawn_at: null });
    expect((await t.pool.query('SELECT count(*)::int AS n FROM draw_wins WHERE competition_id = $1', [c.id])).rows[0].n).toBe(0);
  });

  it('an edit that commits while the draw waits (a later draw time, a live draw) is not drawn over', async () => {
    for (const edit of ["draw_at = now() + interval '1 day'", 'live_draw = true', "closing_at = now() + interval '1 hour', draw_at = now() + interval '2 hours'"]) {
      const { c } = await paidOrder(2);
      const drawn = await drawWhile(c.id, (other) => other.query(`UPDATE competitions SET ${edit} WHERE id = $1`, [c.id]).then(() => {}));
      expect(drawn.map((d) => d.competitionId), edit).not.toContain(c.id);
      expect(await drawOf(c.id), edit).toMatchObject({ drawn_at: null });
    }
  });

  it("the operator's draw refuses once an edit that commits while it waits extends the closing time", async () => {
    const { c } = await paidOrder(2);
    await t.pool.query("UPDATE competitions SET closing_at = now() - interval '1 minute', draw_at = now() - interval '1 minute' WHERE id = $1", [c.id]);
    const other = await t.pool.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT 1 FROM competitions WHERE id = $1 FOR NO KEY UPDATE', [c.id]);
      const drawing = drawOneNow(t.pool, c.id, { now: new Date(), drawnBy: 'cli:test', siteUrl: 'http://localhost:3000', mailer: createMailer(t.pool), audit: { staffId: null, actor: 'test' } })
        .then(() => null, (err: unknown) => err);
      await expect.poll(async () => (await t.pool.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'SELECT title, prize_value_pence%FROM competitions%FOR UPDATE'")).rows[0].n).toBe(1);
      await other.query("UPDATE competitions SET closing_at = now() + interval '1 hour', draw_at = now() + interval '2 hours' WHERE id = $1", [c.id]);
      await other.query('COMMIT');
      const refused = await drawing;
      expect(refused).toBeInstanceOf(DrawRefused);
      expect((refused as Error).message).toMatch(new RegExp(`^Competition ${c.id} is still taking entries until `));
      expect(await drawOf(c.id)).toMatchObject({ drawn_at: null });
    } finally {
      other.release();
    }
  });

  it('a checkout that commits while the draw waits for the competition holds it back until the payment settles', async () => {
    const { c, order } = await paidOrder(2);
    // As a checkout committing its reservation of the competition's tickets (it holds the row until its COMMIT).
    const drawn = await drawWhile(c.id, (other) => other.query("UPDATE orders SET status = 'pending', reserved_until = now() + interval '10 minutes' WHERE id = $1", [order.order_id]).then(() => {}));
    expect(drawn.map((d) => d.competitionId)).not.toContain(c.id);
    expect(await drawOf(c.id)).toMatchObject({ drawn_at: null });
    await t.pool.query("UPDATE orders SET status = 'completed', reserved_until = NULL WHERE id = $1", [order.order_id]);
  });

  it('a payment confirmed after its competition was cancelled is taken and refunded, and wins nothing', async () => {
    // Every number wins, so the order holds one whichever it drew.
    const { c, who, state } = await basket(1, { competition: { total: 2, instantWinNumbers: [1, 2] } });
    const order = (await checkout(state)).body;
    const intentId = order.extensions.cgg.payment.intent_id;
    const cancel = { competitionId: c.id, reason: 'The prize is no longer available', to: 'card' as const, by: 'test', staffId: null, now: new Date() };
    await cancelCompetition(t.pool, cancel);
    // The customer finishes paying afterwards.
    await t.payments.demoProvider.retrieveIntent(intentId, new Date());
    await deliver(eventFor(intentId, 'payment_intent.succeeded'));
    expect((await t.pool.query('SELECT count(*)::int AS n FROM instant_win_awards WHERE order_id = $1', [order.order_id])).rows[0].n).toBe(0);
    expect((await t.pool.query('SELECT count(*)::int AS n FROM instant_win_tickets WHERE competition_id = $1 AND won_at IS NOT NULL', [c.id])).rows[0].n).toBe(0);
    const run = await refundCancelledCompetition(t.pool, t.payments.gateway, cancel);
    expect(run).toMatchObject({ refunded: 1, failed: [], awaitingPayment: [] });
    expect(await held(order.order_id, who.id, c.id)).toMatchObject({ status: 'refunded', refunded: 100 });
  });
});

describe('the demo provider, as the browser sees it', () => {
  it('payment-config names the demo provider, and no key', async () => {
    const res = await storeInject(t.app, {}, 'GET', '/cgg/payment-config');
    expect(storePaymentConfigSchema.parse(res.body)).toEqual({ provider: 'demo', publishable_key: null, demo_api_base: `${API_PREFIX}${DEMO_PAY_ROUTE_PREFIX}`, reservation_minutes: 10 });
  });

  it('its card field endpoint answers a payment method with the funding type, or the card\'s refusal', async () => {
    const post = (card_number: string, card_expiry = '12/34', card_cvc = '123') =>
      t.app.inject({ method: 'POST', url: `/?rest_route=${DEMO_PAY_ROUTE_PREFIX}/payment_methods`, payload: { card_number, card_expiry, card_cvc } });
    const credit = await post('4242 4242 4242 4242');
    expect(credit.statusCode).toBe(200);
    expect(credit.json()).toMatchObject({ id: expect.stringMatching(/^pm_demo_/), card: { brand: 'visa', last4: '4242', funding: 'credit', exp_month: 12, exp_year: 2034 } });
    expect((await post('4000 0566 5566 5556')).json().card.funding).toBe('debit');
    expect((await post('5105 1051 0510 5100')).json().card.funding).toBe('prepaid');
    expect((await post('5555 5555 5555 4444')).json().card).toMatchObject({ funding: 'debit', brand: 'mastercard' });
    const refusals = await Promise.all([post('4242 4242 4242 4241'), post('4242424242424242', '13/30'), post('4242424242424242', '01/20'), post('4242424242424242', '12/34', '1')]);
    expect(refusals.map((r) => [r.statusCode, r.json().error.message])).toEqual([
      [402, 'Your card number is incorrect.'],
      [402, "Your card's expiration date is incorrect."],
      [402, 'Your card has expired.'],
      [402, "Your card's security code is incorrect."],
    ]);
  });

  it('a card from the field pays at checkout (declines come at payment, with the provider\'s words)', async () => {
    const made = async (number: string) => (await t.app.inject({ method: 'POST', url: `/?rest_route=${DEMO_PAY_ROUTE_PREFIX}/payment_methods`, payload: { card_number: number, card_expiry: '12/34', card_cvc: '123' } })).json().id as string;
    const a = await basket(1);
    const paid = await checkout(a.state, await made('4000 0566 5566 5556'));
    expect(paid.body.status).toBe('pending');
    await t.payments.demoProvider.retrieveIntent(paid.body.extensions.cgg.payment.intent_id, new Date());
    expect((await giveBack(a.state, paid.body)).body.status).toBe('completed');
    const b = await basket(1);
    const declined = await checkout(b.state, await made('4000 0000 0000 9995'));
    expect(declined.body).toMatchObject({ code: STORE_ERRORS.paymentError.code, message: 'Your card has insufficient funds.', data: { reason: 'insufficient_funds' } });
  });
});
