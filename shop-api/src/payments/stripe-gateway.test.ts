import nock from 'nock';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStripeGateway } from './stripe-gateway.ts';
import { IntentMissing, WebhookRefused } from './payment-gateway.ts';

/*
 * The Stripe adapter against recorded exchanges with Stripe's API (nock): each test asserts the
 * exact request the SDK sends (amount in pence, GBP, our idempotency key, the order in the
 * metadata) and reads Stripe's recorded answer. Webhooks are signed with the SDK's own test
 * helper (stripe.webhooks.generateTestHeaderString). No network: nock refuses anything else.
 */

const keys = { secretKey: 'sk_test_recorded', webhookSecret: 'whsec_recorded', publishableKey: 'pk_test_recorded' };
const stripe = new Stripe(keys.secretKey, { maxNetworkRetries: 0 });
const gateway = createStripeGateway(keys, stripe);
const api = () => nock('https://api.stripe.com');

/** A PaymentIntent as Stripe answers it (recorded from test mode, ids shortened). */
const intent = (o: Partial<Stripe.PaymentIntent> = {}) => ({
  id: 'pi_3Rec0rded', object: 'payment_intent', amount: 500, currency: 'gbp', status: 'succeeded', client_secret: 'pi_3Rec0rded_secret_abc',
  created: 1_764_158_400, metadata: { order_id: '812', order_key: 'wc_order_k', customer_id: '7' }, last_payment_error: null, next_action: null,
  latest_charge: 'ch_3Rec0rded', payment_method: 'pm_1Card', ...o,
});

/** The form the SDK posted, as key -> value. */
const form = (body: string): Record<string, string> => Object.fromEntries(new URLSearchParams(body));

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  expect(nock.pendingMocks()).toEqual([]);
  nock.cleanAll();
});
afterAll(() => nock.enableNetConnect());

describe('Stripe adapter: requests', () => {
  it('reads the funding type of the payment method before any money moves', async () => {
    let auth = '';
    api().get('/v1/payment_methods/pm_1Debit').reply(function () {
      auth = String(this.req.headers.authorization);
      return [200, { id: 'pm_1Debit', object: 'payment_method', type: 'card', card: { brand: 'visa', funding: 'debit', last4: '5556' } }];
    });
    expect(await gateway.describePaymentMethod('pm_1Debit')).toEqual({ funding: 'debit', last4: '5556' });
    expect(auth).toBe('Bearer sk_test_recorded');
  });

  it('an unknown payment method is the Store payment error, not a crash', async () => {
    api().get('/v1/payment_methods/pm_gone').reply(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: "No such PaymentMethod: 'pm_gone'" } });
    await expect(gateway.describePaymentMethod('pm_gone')).rejects.toMatchObject({ code: 'woocommerce_rest_checkout_process_payment_error', extra: { reason: 'unknown_payment_method' } });
  });

  it('creates and confirms the intent: pence, GBP, our idempotency key, the order in the metadata', async () => {
    let sent: Record<string, string> = {};
    let key = '';
    api().post('/v1/payment_intents').reply(function (_uri, body) {
      sent = form(String(body));
      key = String(this.req.headers['idempotency-key']);
      return [200, intent()];
    });
    const state = await gateway.authorise({ orderId: 812, orderKey: 'wc_order_k', customerId: 7, amountPence: 500, paymentMethodId: 'pm_1Card', idempotencyKey: 'cgg-order-812', now: new Date() });
    expect(key).toBe('cgg-order-812');
    expect(sent).toEqual({
      amount: '500', currency: 'gbp', payment_method: 'pm_1Card', confirm: 'true', use_stripe_sdk: 'true',
      'automatic_payment_methods[enabled]': 'true', 'automatic_payment_methods[allow_redirects]': 'never', 'allowed_payment_method_types[0]': 'card',
      'metadata[order_id]': '812', 'metadata[order_key]': 'wc_order_k', 'metadata[customer_id]': '7',
    });
    expect(state).toMatchObject({ id: 'pi_3Rec0rded', status: 'succeeded', amountPence: 500, currency: 'gbp', orderId: 812, clientSecret: null, failure: null, paymentMethodId: 'pm_1Card' });
  });

  it('3-D Secure: requires_action, with the client secret the browser needs for handleNextAction', async () => {
    api().post('/v1/payment_intents').reply(200, intent({ status: 'requires_action', next_action: { type: 'use_stripe_sdk', use_stripe_sdk: {} } as Stripe.PaymentIntent.NextAction }));
    const state = await gateway.authorise({ orderId: 812, orderKey: 'k', customerId: 7, amountPence: 500, paymentMethodId: 'pm_1Card', idempotencyKey: 'cgg-order-812', now: new Date() });
    expect(state).toMatchObject({ status: 'requires_action', clientSecret: 'pi_3Rec0rded_secret_abc', nextAction: { type: 'use_stripe_sdk', url: null } });
  });

  it('a decline (402 with the intent) is a failed intent with the decline code and Stripe\'s words', async () => {
    const declined = intent({
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } as Stripe.PaymentIntent.LastPaymentError,
    });
    api().post('/v1/payment_intents').reply(402, { error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.', payment_intent: declined } });
    const state = await gateway.authorise({ orderId: 812, orderKey: 'k', customerId: 7, amountPence: 500, paymentMethodId: 'pm_1Card', idempotencyKey: 'cgg-order-812', now: new Date() });
    expect(state).toMatchObject({ status: 'failed', failure: { reason: 'insufficient_funds', message: 'Your card has insufficient funds.' } });
  });

  it('refunds part of an intent with our idempotency key', async () => {
    let sent: Record<string, string> = {};
    let key = '';
    api().post('/v1/refunds').reply(function (_uri, body) {
      sent = form(String(body));
      key = String(this.req.headers['idempotency-key']);
      return [200, { id: 're_3Rec0rded', object: 'refund', amount: 150, payment_intent: 'pi_3Rec0rded', status: 'succeeded' }];
    });
    expect(await gateway.refund({ orderId: 812, intentId: 'pi_3Rec0rded', amountPence: 150, idempotencyKey: 'refund-key-1', now: new Date() })).toEqual({ reference: 're_3Rec0rded' });
    expect(key).toBe('refund-key-1');
    expect(sent).toEqual({ payment_intent: 'pi_3Rec0rded', amount: '150', 'metadata[order_id]': '812' });
  });

  it('a refund Stripe refuses is a 409 with Stripe\'s message, and no key in it', async () => {
    api().post('/v1/refunds').reply(400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge ch_3Rec0rded has already been refunded.' } });
    const err = await gateway.refund({ orderId: 812, intentId: 'pi_3Rec0rded', amountPence: 150, idempotencyKey: 'refund-key-2', now: new Date() }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 409, code: 'cgg_refund_refused', message: 'The payment provider refused the refund: Charge ch_3Rec0rded has already been refunded.' });
    expect(JSON.stringify(err)).not.toContain('sk_test_recorded');
  });

  it('a refund Stripe answers as failed at once is a 409 with its reason: no money moved', async () => {
    api().post('/v1/refunds').reply(200, { id: 're_3Failed', object: 'refund', amount: 150, payment_intent: 'pi_3Rec0rded', status: 'failed', failure_reason: 'expired_or_canceled_card' });
    const err = await gateway.refund({ orderId: 812, intentId: 'pi_3Rec0rded', amountPence: 150, idempotencyKey: 'refund-key-3', now: new Date() }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 409, code: 'cgg_refund_refused', message: 'The payment provider refused the refund: expired_or_canceled_card.' });
  });

  it('cancels an intent; one Stripe can no longer cancel is answered as it is, with what was refunded of its charge', async () => {
    api().post('/v1/payment_intents/pi_3Rec0rded/cancel').reply(200, intent({ status: 'canceled', latest_charge: null }));
    expect((await gateway.cancel('pi_3Rec0rded')).status).toBe('canceled');
    api().post('/v1/payment_intents/pi_3Rec0rded/cancel').reply(400, {
      error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'You cannot cancel this PaymentIntent because it has a status of succeeded.' },
    });
    api().get('/v1/payment_intents/pi_3Rec0rded').query({ 'expand[0]': 'latest_charge' })
      .reply(200, intent({ latest_charge: { id: 'ch_1', object: 'charge', amount_refunded: 200 } as Stripe.Charge }));
    const state = await gateway.cancel('pi_3Rec0rded');
    expect([state.status, state.amountRefundedPence]).toEqual(['succeeded', 200]);
  });

  it('an intent Stripe does not know (another account\'s keys) is IntentMissing, for retrieve and cancel alike', async () => {
    const missing = { error: { type: 'invalid_request_error', code: 'resource_missing', message: "No such payment_intent: 'pi_gone'" } };
    api().get('/v1/payment_intents/pi_gone').query({ 'expand[0]': 'latest_charge' }).reply(404, missing);
    await expect(gateway.retrieve('pi_gone')).rejects.toBeInstanceOf(IntentMissing);
    api().post('/v1/payment_intents/pi_gone/cancel').reply(404, missing);
    await expect(gateway.cancel('pi_gone')).rejects.toBeInstanceOf(IntentMissing);
  });

  it('lists recent intents for reconciliation, each with what was refunded of its charge', async () => {
    const refunded = intent({ latest_charge: { id: 'ch_1', object: 'charge', amount_refunded: 500 } as Stripe.Charge });
    api().get('/v1/payment_intents').query({ 'created[gte]': '1764158000', limit: '100', 'expand[0]': 'data.latest_charge' })
      .reply(200, { object: 'list', data: [refunded, intent({ id: 'pi_2', status: 'canceled' })], has_more: false, url: '/v1/payment_intents' });
    const listed = await gateway.listIntents(new Date(1_764_158_000_000), 1000);
    expect(listed.map((i) => [i.id, i.status, i.amountRefundedPence])).toEqual([['pi_3Rec0rded', 'succeeded', 500], ['pi_2', 'canceled', 0]]);
  });
});

describe('Stripe adapter: webhooks', () => {
  const event = JSON.stringify({ id: 'evt_1Rec0rded', object: 'event', type: 'payment_intent.succeeded', created: 1_764_158_400, data: { object: intent() } });
  const now = new Date();
  const signed = (payload: string, secret = keys.webhookSecret, at = now) =>
    stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(at.getTime() / 1000) });

  it('accepts a delivery signed with the webhook secret', () => {
    const read = gateway.verifyWebhook(Buffer.from(event), { 'stripe-signature': signed(event) }, now);
    expect(read).toMatchObject({ id: 'evt_1Rec0rded', type: 'payment_intent.succeeded', intent: { id: 'pi_3Rec0rded', status: 'succeeded', orderId: 812 } });
  });

  it('reads a refund event (a Charge) as what was refunded of its intent, whoever asked', () => {
    const charge = { id: 'ch_1', object: 'charge', payment_intent: 'pi_3Rec0rded', amount: 500, amount_refunded: 300, refunded: false };
    const refundEvent = JSON.stringify({ id: 'evt_2Rec0rded', object: 'event', type: 'charge.refunded', created: 1_764_158_400, data: { object: charge } });
    const read = gateway.verifyWebhook(Buffer.from(refundEvent), { 'stripe-signature': signed(refundEvent) }, now);
    expect(read).toEqual({ id: 'evt_2Rec0rded', type: 'charge.refunded', intent: null, refunds: { intentId: 'pi_3Rec0rded', amountRefundedPence: 300 }, refundFailed: null });
  });

  it('reads a refund that failed after it was made (a Refund event) by its id and reason; a pending one is nothing to act on', () => {
    const refund = { id: 're_3Late', object: 'refund', amount: 300, payment_intent: 'pi_3Rec0rded', status: 'failed', failure_reason: 'expired_or_canceled_card' };
    const read = (object: object) => {
      const payload = JSON.stringify({ id: 'evt_3Rec0rded', object: 'event', type: 'charge.refund.updated', created: 1_764_158_400, data: { object } });
      return gateway.verifyWebhook(Buffer.from(payload), { 'stripe-signature': signed(payload) }, now);
    };
    expect(read(refund)).toEqual({ id: 'evt_3Rec0rded', type: 'charge.refund.updated', intent: null, refunds: null, refundFailed: { reference: 're_3Late', reason: 'expired_or_canceled_card' } });
    expect(read({ ...refund, status: 'pending', failure_reason: null }).refundFailed).toBeNull();
  });

  it('refuses a forged body, another secret, no signature, and a stale delivery (over 5 minutes old)', () => {
    const forged = event.replace('"amount":500', '"amount":1');
    expect(() => gateway.verifyWebhook(Buffer.from(forged), { 'stripe-signature': signed(event) }, now)).toThrow(WebhookRefused);
    expect(() => gateway.verifyWebhook(Buffer.from(event), { 'stripe-signature': signed(event, 'whsec_someone_else') }, now)).toThrow(WebhookRefused);
    expect(() => gateway.verifyWebhook(Buffer.from(event), {}, now)).toThrow(WebhookRefused);
    const old = new Date(now.getTime() - 6 * 60_000);
    expect(() => gateway.verifyWebhook(Buffer.from(event), { 'stripe-signature': signed(event, keys.webhookSecret, old) }, now)).toThrow(WebhookRefused);
  });
});
