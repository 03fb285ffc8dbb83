import { randomUUID } from 'node:crypto';
import { STORE_ERRORS, TEST_PAYMENT_METHODS, storeHeldOrderCancelResponseSchema, storeHeldOrderSchema } from '@cgg/contracts/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimits, RATE_LIMITS } from '../http/rate-limits.ts';
import type { IntentState } from '../payments/payment-gateway.ts';
import { webhookPath } from '../payments/webhook-route.ts';
import { SIGNATURE_HEADER } from '../payments/demo-provider/demo-signature.ts';
import { billing, cardPayment, createCompetition, createCustomer } from './store-fixtures.ts';
import { storeInject, storeTestApp, type StoreClientState } from './store-test-kit.ts';

/*
 * An order waiting for its card payment, found again and finished or given up (the checkout page
 * opened again: a reload, another tab, back from the basket). The demo provider settles a payment
 * only when asked, so each test decides when it goes through.
 */

type Kit = Awaited<ReturnType<typeof storeTestApp>>;
let t: Kit;
const caught: Array<{ body: string; signature: string }> = [];

beforeAll(async () => {
  t = await storeTestApp({ settleAfterMs: null, poolSize: 8 });
  t.payments.demoProvider.onEvent(async (body, signature) => {
    caught.push({ body, signature });
  });
});
afterAll(() => t.close());

/** A customer whose basket (`quantity` £1 tickets) went to a card order that now waits for its payment. */
async function heldCheckout(quantity: number, pm: string = TEST_PAYMENT_METHODS.threeDSecure, o: { credit?: number } = {}) {
  const c = await createCompetition(t.pool, { total: 50, pricePence: 100 });
  const who = await createCustomer(t.pool);
  if (o.credit) await t.pool.query(`INSERT INTO credit_logs (customer_id, type, amount_pence, description, created_at) VALUES ($1, 'admin-credit', $2, 'x', now())`, [who.id, o.credit]);
  const state: StoreClientState = { bearer: who.token };
  await storeInject(t.app, state, 'GET', '/cart');
  expect((await storeInject(t.app, state, 'POST', '/cart/add-item', { id: c.productId, quantity })).status).toBe(200);
  const credit = o.credit ? [{ key: 'use_credit', value: String(o.credit) }] : [];
  const res = await storeInject(t.app, state, 'POST', '/checkout', { billing_address: billing, payment_method: 'cgg-card', payment_data: [...cardPayment(pm), ...credit] }, { 'idempotency-key': randomUUID() });
  expect(res.body.status).toBe('pending');
  return { c, who, state, order: res.body as { order_id: number; order_key: string; extensions: { cgg: { payment: { intent_id: string } } } } };
}

const heldOrder = (state: StoreClientState) => storeInject(t.app, state, 'GET', '/cgg/held-order');
const cancel = (state: StoreClientState, order: { order_id: number; order_key: string }) =>
  storeInject(t.app, state, 'POST', '/cgg/held-order/cancel', { order_id: order.order_id, order_key: order.order_key });

async function standing(orderId: number, competitionId: number, customerId: number) {
  const { rows } = await t.pool.query(
    `SELECT o.status, (SELECT tickets_sold FROM competitions WHERE id = $2) AS sold,
       (SELECT COALESCE(sum(amount_pence), 0)::int FROM credit_logs WHERE customer_id = $3) AS credit,
       (SELECT count(*)::int FROM points_logs WHERE order_id = o.id AND type = 'order-placed') AS "pointsEarnedRows"
     FROM orders o WHERE o.id = $1`,
    [orderId, competitionId, customerId],
  );
  return rows[0];
}

describe('the held order, found again', () => {
  it('answers nothing held for a customer without one, and refuses a visitor', async () => {
    const who = await createCustomer(t.pool);
    const res = await heldOrder({ bearer: who.token });
    expect(res.status).toBe(200);
    expect(storeHeldOrderSchema.parse(res.body)).toEqual({ order: null, lines: [], released: null });
    const visitor = await heldOrder({});
    expect(visitor.status).toBe(401);
    expect(visitor.body.code).toBe(STORE_ERRORS.loginRequired.code);
  });

  it('answers the order waiting for 3-D Secure with its lines and countdown, to its customer only', async () => {
    const { c, state, order } = await heldCheckout(3);
    const res = await heldOrder(state);
    const body = storeHeldOrderSchema.parse(res.body);
    expect(body.order).toMatchObject({ order_id: order.order_id, order_key: order.order_key, status: 'pending', extensions: { cgg: { total: '300', card_charged: '300', payment: { status: 'requires_action', next_action: { type: 'demo_challenge' } } } } });
    expect(body.order!.extensions.cgg.payment!.seconds_left).toBeGreaterThan(590);
    expect(body.lines).toEqual([{ competition_id: c.id, title: expect.any(String), quantity: 3, total: '300' }]);
    const other = await createCustomer(t.pool);
    expect((await heldOrder({ bearer: other.token })).body).toEqual({ order: null, lines: [], released: null });
  });

  it('answers the paid order when the payment went through meanwhile, and nothing held after', async () => {
    const { state, order } = await heldCheckout(2, TEST_PAYMENT_METHODS.debit);
    // Asking the provider (as the held-order read does) finds it settled: paid, with its tickets.
    const res = await heldOrder(state);
    expect(res.body.order).toMatchObject({ order_id: order.order_id, status: 'completed' });
    expect(res.body.order.extensions.cgg.tickets[0].ticket_numbers).toHaveLength(2);
    expect((await heldOrder(state)).body).toEqual({ order: null, lines: [], released: null });
  });
});

describe('the held order, asked too often', () => {
  it(`limits each customer to ${RATE_LIMITS.heldOrderCustomer.points} reads and cancels a minute (each asks the provider); others go on`, async () => {
    const who = await createCustomer(t.pool);
    const state: StoreClientState = { bearer: who.token };
    for (let i = 0; i < RATE_LIMITS.heldOrderCustomer.points; i++) expect((await heldOrder(state)).status).toBe(200);
    const limited = await heldOrder(state);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rest_too_many_order_checks', message: 'You are checking your order too often. Please wait a minute and try again.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await cancel(state, { order_id: 1, order_key: 'wc_order_x' })).status).toBe(429);
    const other = await createCustomer(t.pool);
    expect((await heldOrder({ bearer: other.token })).status).toBe(200);
  });

  it(`limits checkout-returns that ask the provider to ${RATE_LIMITS.orderReturnCustomer.points} a minute per customer; a settled order is answered without counting`, async () => {
    const { who, state, order } = await heldCheckout(1, TEST_PAYMENT_METHODS.threeDSecure);
    const ask = () => storeInject(t.app, state, 'POST', '/cgg/checkout-return', { order_id: order.order_id, order_key: order.order_key });
    expect((await ask()).body).toMatchObject({ status: 'pending' });
    // The rest of the minute's asks spent, as a script asking about its order would (the app's limits share the table).
    const limits = createRateLimits(t.pool);
    for (let i = 1; i < RATE_LIMITS.orderReturnCustomer.points; i++) await limits.take('orderReturnCustomer', who.id);
    const limited = await ask();
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rest_too_many_order_checks', message: 'You are checking your order too often. Please wait a minute and try again.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Paid meanwhile (challenge passed, the webhook in): answered from our database, not refused.
    const payment = (order.extensions.cgg.payment as unknown as { intent_id: string; client_secret: string });
    await t.payments.demoProvider.answerChallenge(payment.intent_id, payment.client_secret, 'complete', new Date());
    await t.payments.demoProvider.retrieveIntent(payment.intent_id, new Date());
    const event = caught.find((e) => e.body.includes(payment.intent_id) && JSON.parse(e.body).type === 'payment_intent.succeeded')!;
    const hook = await t.app.inject({ method: 'POST', url: webhookPath('demo'), headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: event.signature }, payload: event.body });
    expect(hook.statusCode).toBe(200);
    const settled = await ask();
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({ order_id: order.order_id, status: 'completed' });
  });

  it('does not count a checkout-return the provider did not answer: an outage never locks the customer out of their order', async () => {
    const { who, state, order } = await heldCheckout(1, TEST_PAYMENT_METHODS.threeDSecure);
    const ask = () => storeInject(t.app, state, 'POST', '/cgg/checkout-return', { order_id: order.order_id, order_key: order.order_key });
    // All but one of the minute's asks spent.
    const limits = createRateLimits(t.pool);
    for (let i = 1; i < RATE_LIMITS.orderReturnCustomer.points; i++) await limits.take('orderReturnCustomer', who.id);
    const gateway = t.payments.gateway as { retrieve: (id: string) => Promise<IntentState> };
    const retrieve = gateway.retrieve;
    gateway.retrieve = () => Promise.reject(new Error('connect ECONNREFUSED (test: provider down)'));
    try {
      for (let i = 0; i < 3; i++) {
        const down = await ask();
        expect(down.status).toBe(503);
        expect(down.body.code).toBe(STORE_ERRORS.paymentProviderUnavailable.code);
      }
    } finally {
      gateway.retrieve = retrieve;
    }
    // The provider back: the last ask left is still there, and then the limit holds.
    expect((await ask()).body).toMatchObject({ order_id: order.order_id, status: 'pending' });
    expect((await ask()).status).toBe(429);
  });
});

describe('the held order, released as it is found', () => {
  it('a challenge failed elsewhere: released by the read, which says why and gives the basket back', async () => {
    const { c, who, state, order } = await heldCheckout(3);
    const payment = (await heldOrder(state)).body.order.extensions.cgg.payment;
    // The customer failed the challenge, then the page was closed before it asked the API.
    await t.app.inject({ method: 'POST', url: payment.next_action.url, payload: { client_secret: payment.client_secret, outcome: 'fail' } });
    const res = storeHeldOrderSchema.parse((await heldOrder(state)).body);
    expect(res).toMatchObject({
      order: null, lines: [],
      released: { code: STORE_ERRORS.paymentError.code, message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.', refunded: false, cart: { items_count: 3 } },
    });
    expect(await standing(order.order_id, c.id, who.id)).toMatchObject({ status: 'failed', sold: 0 });
    expect((await heldOrder(state)).body).toEqual({ order: null, lines: [], released: null });
  });

  it('a reservation run out that the expiry job has not yet released: released by the read, its intent cancelled', async () => {
    const { c, who, state, order } = await heldCheckout(2);
    await t.pool.query("UPDATE orders SET reserved_until = now() - interval '5 seconds' WHERE id = $1", [order.order_id]);
    const res = storeHeldOrderSchema.parse((await heldOrder(state)).body);
    expect(res).toMatchObject({ order: null, released: { code: STORE_ERRORS.reservationExpired.code, message: STORE_ERRORS.reservationExpired.message, refunded: false, cart: { items_count: 2 } } });
    expect(await standing(order.order_id, c.id, who.id)).toMatchObject({ status: 'cancelled', sold: 0 });
    expect((await t.payments.demoProvider.retrieveIntent(order.extensions.cgg.payment.intent_id, new Date()))!.status).toBe('canceled');
  });

  it('an order under review (paid the wrong amount) is answered as such, to tell the customer; staff settle it', async () => {
    const { state, order } = await heldCheckout(1);
    await t.pool.query(
      `INSERT INTO payment_discrepancies (provider, intent_id, order_id, kind, detail, repaired, found_at) VALUES ('demo', $1, $2, 'amount_mismatch', 'x', false, now())`,
      [order.extensions.cgg.payment.intent_id, order.order_id],
    );
    const body = storeHeldOrderSchema.parse((await heldOrder(state)).body);
    expect(body.order).toMatchObject({ order_id: order.order_id, status: 'pending', extensions: { cgg: { payment: { under_review: true } } } });
    expect(body.released).toBeNull();
  });
});

describe('the held order, cancelled', () => {
  it('stops the payment, puts the tickets back on sale and the lines in the basket, gives the credit back; safe to repeat', async () => {
    const { c, who, state, order } = await heldCheckout(3, TEST_PAYMENT_METHODS.threeDSecure, { credit: 100 });
    expect(await standing(order.order_id, c.id, who.id)).toMatchObject({ status: 'pending', sold: 3, credit: 0 });
    const res = await cancel(state, order);
    expect(res.status).toBe(200);
    const body = storeHeldOrderCancelResponseSchema.parse(res.body);
    expect(body).toMatchObject({ outcome: 'cancelled', order: null, cart: { items_count: 3 } });
    expect(await standing(order.order_id, c.id, who.id)).toMatchObject({ status: 'cancelled', sold: 0, credit: 100, pointsEarnedRows: 0 });
    expect((await t.payments.demoProvider.retrieveIntent(order.extensions.cgg.payment.intent_id, new Date()))!.status).toBe('canceled');
    expect((await heldOrder(state)).body).toEqual({ order: null, lines: [], released: null });
    // Again: the same outcome, nothing given back twice, the basket not doubled.
    expect((await cancel(state, order)).body).toMatchObject({ outcome: 'cancelled', cart: { items_count: 3 } });
    expect(await standing(order.order_id, c.id, who.id)).toMatchObject({ status: 'cancelled', sold: 0, credit: 100 });
    // The restored basket checks out again.
    const again = await storeInject(t.app, state, 'POST', '/checkout', { billing_address: billing, payment_method: 'cgg-card', payment_data: cardPayment() }, { 'idempotency-key': randomUUID() });
    expect(again.body).toMatchObject({ status: 'pending', extensions: { cgg: { card_charged: '300' } } });
  });

  it('pays, never releases, an order whose payment went through first (cancel and webhook together)', async () => {
    const { c, who, state, order } = await heldCheckout(2, TEST_PAYMENT_METHODS.debit);
    const intentId = order.extensions.cgg.payment.intent_id;
    // The bank said yes; its webhook is on its way as the customer presses Cancel.
    await t.payments.demoProvider.retrieveIntent(intentId, new Date());
    const event = caught.find((e) => e.body.includes(intentId) && JSON.parse(e.body).type === 'payment_intent.succeeded')!;
    const [res, hook] = await Promise.all([
      cancel(state, order),
      t.app.inject({ method: 'POST', url: webhookPath('demo'), headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: event.signature }, payload: event.body }),
    ]);
    expect(hook.statusCode).toBe(200);
    expect(res.body).toMatchObject({ outcome: 'paid', order: { order_id: order.order_id, status: 'completed' }, cart: { items_count: 0 } });
    expect(res.body.order.extensions.cgg.tickets[0].ticket_numbers).toHaveLength(2);
    expect(await standing(order.order_id, c.id, who.id)).toMatchObject({ status: 'completed', sold: 2, pointsEarnedRows: 1 });
  });

  it('leaves a payment the provider cannot stop to finish, and says so', async () => {
    const { c, who, state, order } = await heldCheckout(1, TEST_PAYMENT_METHODS.debit);
    const gateway = t.payments.gateway as { cancel: (id: string) => Promise<IntentState> };
    const cancelAtProvider = gateway.cancel;
    // As Stripe answers for most payments already processing: it cannot be cancelled now.
    gateway.cancel = async (id) => ({
      id, status: 'processing', amountPence: 100, currency: 'gbp', orderId: order.order_id, orderKey: order.order_key, clientSecret: null, nextAction: null, failure: null, amountRefundedPence: 0, created: new Date(), paymentMethodId: null,
    });
    try {
      const res = await cancel(state, order);
      expect(res.body).toMatchObject({ outcome: 'confirming', order: { order_id: order.order_id, status: 'pending', extensions: { cgg: { payment: { status: 'processing' } } } }, cart: { items_count: 0 } });
    } finally {
      gateway.cancel = cancelAtProvider;
    }
    expect(await standing(order.order_id, c.id, who.id)).toMatchObject({ status: 'pending', sold: 1 });
  });

  it('changes nothing when the provider does not answer, or for an order not the customer\'s', async () => {
    const { c, who, state, order } = await heldCheckout(2);
    const gateway = t.payments.gateway as { cancel: (id: string) => Promise<IntentState> };
    const cancelAtProvider = gateway.cancel;
    gateway.cancel = () => Promise.reject(new Error('connect ECONNREFUSED (test: provider down)'));
    try {
      const res = await cancel(state, order);
      expect(res.status).toBe(503);
      expect(res.body.code).toBe(STORE_ERRORS.paymentProviderUnavailable.code);
    } finally {
      gateway.cancel = cancelAtProvider;
    }
    const other = await createCustomer(t.pool);
    const otherState: StoreClientState = { bearer: other.token };
    await storeInject(t.app, otherState, 'GET', '/cart');
    for (const [who_, o] of [[otherState, order], [state, { ...order, order_key: 'wc_order_wrong' }]] as const) {
      const res = await cancel(who_, o);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: STORE_ERRORS.orderNotFound.code, message: STORE_ERRORS.orderNotFound.message });
    }
    expect(await standing(order.order_id, c.id, who.id)).toMatchObject({ status: 'pending', sold: 2 });
    expect((await heldOrder(state)).body.order).toMatchObject({ order_id: order.order_id, status: 'pending' });
  });
});
