import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import nock from 'nock';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { createImageVariants } from '../http/image-variants.ts';
import { billing, createCompetition, createCustomer } from '../store/store-fixtures.ts';
import { storeInject, type StoreClientState } from '../store/store-test-kit.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { refundOrder } from './refund-order.ts';
import { createStripeGateway } from './stripe-gateway.ts';
import { webhookPath } from './webhook-route.ts';

/*
 * The shop with Stripe as its gateway, Stripe's side recorded (nock): a checkout creates the
 * intent for its order, Stripe's signed webhook (the SDK's test header) pays it once - a replay
 * changes nothing, a forged or stale one is refused - and a refund goes back through Stripe.
 */

const keys = { secretKey: 'sk_test_recorded', webhookSecret: 'whsec_recorded', publishableKey: 'pk_test_recorded' };
const stripe = new Stripe(keys.secretKey, { maxNetworkRetries: 0 });
const gateway = createStripeGateway(keys, stripe);
let db: TestDatabase;
let app: FastifyInstance;
let media: string;

beforeAll(async () => {
  db = await createTestDatabase();
  await prepareDatabase(db.pool, { demoData: true });
  media = await mkdtemp(path.join(os.tmpdir(), 'cgg-stripe-media-'));
  app = buildApp({
    pool: db.pool, gateway, store: { secret: 'test-secret-test-secret-test-secret-0123' },
    uploadsDir: path.join(media, 'uploads'), imageVariants: createImageVariants(path.join(media, 'variants')),
  });
  await app.ready();
  nock.disableNetConnect();
  nock.enableNetConnect(/127\.0\.0\.1|localhost/);
}, 60_000);
afterEach(() => {
  expect(nock.pendingMocks()).toEqual([]);
  nock.cleanAll();
});
afterAll(async () => {
  nock.enableNetConnect();
  await app.close();
  await db.drop();
  await rm(media, { recursive: true, force: true });
});

const api = () => nock('https://api.stripe.com');
const intent = (o: Record<string, unknown>) => ({
  id: 'pi_3Shop', object: 'payment_intent', amount: 300, currency: 'gbp', status: 'processing', client_secret: 'pi_3Shop_secret_x',
  created: Math.floor(Date.now() / 1000), last_payment_error: null, next_action: null, latest_charge: null, payment_method: 'pm_1Debit', ...o,
});
/** Delivers `payload` as Stripe would, signed (the SDK's test header) for `signed` at `at`: another body than the one signed is a forgery. */
const deliver = (payload: string, at = new Date(), signed = payload) =>
  app.inject({
    method: 'POST', url: webhookPath('stripe'), payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: signed, secret: keys.webhookSecret, timestamp: Math.floor(at.getTime() / 1000) }) },
  });

describe('checkout with Stripe', () => {
  it('reserves, creates the intent for the order, is paid once by the signed webhook, and refunds through Stripe', async () => {
    const c = await createCompetition(db.pool, { total: 100, pricePence: 100 });
    const who = await createCustomer(db.pool);
    const state: StoreClientState = { bearer: who.token };
    await storeInject(app, state, 'GET', '/cart');
    await storeInject(app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: 3 });
    expect((await storeInject(app, state, 'GET', '/cgg/payment-config')).body).toEqual({ provider: 'stripe', publishable_key: 'pk_test_recorded', demo_api_base: null, reservation_minutes: 10 });

    let sent: Record<string, string> = {};
    let key = '';
    api().get('/v1/payment_methods/pm_1Debit').reply(200, { id: 'pm_1Debit', object: 'payment_method', type: 'card', card: { funding: 'debit', last4: '5556' } });
    api().post('/v1/payment_intents').reply(function (_uri, body) {
      sent = Object.fromEntries(new URLSearchParams(String(body)));
      key = String(this.req.headers['idempotency-key']);
      return [200, intent({ metadata: { order_id: sent['metadata[order_id]'], order_key: sent['metadata[order_key]'], customer_id: String(who.id) } })];
    });
    const res = await storeInject(app, state, 'POST', '/checkout', { billing_address: billing, payment_method: 'cgg-card', payment_data: [{ key: 'payment_method_id', value: 'pm_1Debit' }] }, { 'idempotency-key': randomUUID() });
    expect(res.body).toMatchObject({ status: 'pending', extensions: { cgg: { payment: { provider: 'stripe', intent_id: 'pi_3Shop', status: 'processing', funding: 'debit', last4: '5556' } } } });
    const orderId = res.body.order_id as number;
    expect(sent).toMatchObject({ amount: '300', currency: 'gbp', payment_method: 'pm_1Debit', confirm: 'true', 'metadata[order_id]': String(orderId), 'metadata[order_key]': res.body.order_key });
    expect(key).toBe(`cgg-order-${orderId}`);

    const paid = JSON.stringify({
      id: 'evt_1Paid', object: 'event', type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000),
      data: { object: intent({ status: 'succeeded', metadata: { order_id: String(orderId), order_key: res.body.order_key } }) },
    });
    expect((await deliver(paid.replace('"amount":300', '"amount":3'), new Date(), paid)).statusCode).toBe(400);
    expect((await deliver(paid, new Date(Date.now() - 10 * 60_000))).statusCode).toBe(400);
    expect((await db.pool.query("SELECT count(*)::int AS n FROM payment_webhook_events WHERE event_id = 'evt_1Paid'")).rows[0].n).toBe(0);
    expect((await deliver(paid)).json()).toMatchObject({ received: true, duplicate: false, outcome: 'paid' });
    expect((await deliver(paid)).json()).toMatchObject({ received: true, duplicate: true });
    const order = await db.pool.query('SELECT status, card_funding, (SELECT count(*)::int FROM points_logs WHERE order_id = $1 AND type = \'order-placed\') AS earned FROM orders WHERE id = $1', [orderId]);
    expect(order.rows[0]).toEqual({ status: 'completed', card_funding: 'debit', earned: 1 });
    // The client comes back: paid, no need to ask Stripe (nock would refuse the call).
    const back = await storeInject(app, state, 'POST', '/cgg/checkout-return', { order_id: orderId, order_key: res.body.order_key });
    expect(back.body).toMatchObject({ status: 'completed', extensions: { cgg: { payment: { status: 'succeeded' } } } });
    expect(back.body.extensions.cgg.tickets[0].ticket_numbers).toHaveLength(3);

    let refundSent: Record<string, string> = {};
    api().post('/v1/refunds').reply(function (_uri, body) {
      refundSent = Object.fromEntries(new URLSearchParams(String(body)));
      return [200, { id: 're_3Shop', object: 'refund', amount: 100, payment_intent: 'pi_3Shop', status: 'succeeded' }];
    });
    const refund = await refundOrder(db.pool, gateway, { orderId, amountPence: 100, idempotencyKey: randomUUID(), reason: 'Customer asked', by: 'test', now: new Date() });
    expect(refund).toMatchObject({ amountPence: 100, reference: 're_3Shop', leftPence: 200 });
    expect(refundSent).toMatchObject({ payment_intent: 'pi_3Shop', amount: '100' });

    // Days later the card turns out closed: Stripe fails the refund and says so. A person is told;
    // the event delivered again flags nothing more.
    const failed = JSON.stringify({
      id: 'evt_1RefundFailed', object: 'event', type: 'charge.refund.updated', created: Math.floor(Date.now() / 1000),
      data: { object: { id: 're_3Shop', object: 'refund', amount: 100, payment_intent: 'pi_3Shop', status: 'failed', failure_reason: 'expired_or_canceled_card' } },
    });
    expect((await deliver(failed)).json()).toMatchObject({ received: true, duplicate: false, outcome: 'flagged' });
    expect((await deliver(failed)).json()).toMatchObject({ received: true, duplicate: true });
    const problems = await db.pool.query('SELECT kind, order_id, intent_id, detail FROM payment_discrepancies WHERE order_id = $1', [orderId]);
    expect(problems.rows).toEqual([{
      kind: 'refund_failed_at_provider', order_id: orderId, intent_id: 're_3Shop',
      detail: `Refund re_3Shop of £1.00 for order #${orderId} failed at the provider (expired_or_canceled_card) after the shop counted it made: the customer does not have that money back.`,
    }]);
  });
});
