import { DEMO_PAY_ROUTE_PREFIX } from '@cgg/contracts/demo-pay';
import { STORE_ERRORS } from '@cgg/contracts/store';
import type pg from 'pg';
import { inTransaction } from '../accounts/queryable.ts';
import { API_PREFIX } from '../http/rest-addressing.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { DemoPayError, type DemoEvent, type DemoIntent, type DemoProvider } from './demo-provider/demo-provider.ts';
import { demoSignatureValid, SIGNATURE_HEADER } from './demo-provider/demo-signature.ts';
import { IntentMissing, orderIdFromMetadata, WebhookRefused, type IntentState, type PaymentEvent, type PaymentGateway, type RefundDone, type RefundRequest } from './payment-gateway.ts';

/*
 * The demo gateway: the shop's adapter for the built-in demo provider (demo-provider/), the
 * default, so `npm start` works offline. It talks to the provider as the Stripe adapter talks to
 * Stripe (here by function calls, as the provider runs in the same process) and reads the
 * provider's Stripe-shaped intents and events into the gateway's words. Test cards: README
 * "Demo card gateway" and DEMO_CARDS in the contracts.
 */

export const toIntentState = (i: DemoIntent): IntentState => ({
  id: i.id,
  status: i.status === 'requires_payment_method' ? 'failed' : i.status,
  amountPence: i.amount,
  currency: i.currency,
  orderId: orderIdFromMetadata(i.metadata.order_id),
  orderKey: i.metadata.order_key ?? null,
  clientSecret: i.status === 'requires_action' ? i.client_secret : null,
  nextAction: i.next_action,
  failure: i.status === 'requires_payment_method' && i.last_payment_error
    ? { reason: i.last_payment_error.decline_code ?? i.last_payment_error.code, message: i.last_payment_error.message }
    : null,
  amountRefundedPence: i.amount_refunded,
  created: new Date(i.created * 1000),
  paymentMethodId: i.payment_method,
});

const unknownMethod = (): WpHttpError => {
  const e = STORE_ERRORS.paymentError;
  return new WpHttpError(e.status, e.code, 'Your card details could not be found. Please enter them again.', { reason: 'unknown_payment_method' });
};

export function createDemoGateway(pool: pg.Pool, provider: DemoProvider): PaymentGateway {
  const header = (headers: Record<string, string | string[] | undefined>): string | undefined => {
    const v = headers[SIGNATURE_HEADER];
    return Array.isArray(v) ? v[0] : v;
  };
  const mustExist = (i: DemoIntent | null, id: string): DemoIntent => {
    if (!i) throw new IntentMissing(id);
    return i;
  };

  return {
    name: 'demo',
    publicConfig: { provider: 'demo', publishableKey: null, demoApiBase: `${API_PREFIX}${DEMO_PAY_ROUTE_PREFIX}` },

    async describePaymentMethod(id) {
      const pm = await provider.paymentMethod(id);
      if (!pm) throw unknownMethod();
      return { last4: pm.card.last4, funding: pm.card.funding };
    },

    async authorise(r) {
      try {
        const intent = await provider.createIntent({
          amount: r.amountPence, currency: 'gbp', paymentMethod: r.paymentMethodId, idempotencyKey: r.idempotencyKey,
          metadata: { order_id: String(r.orderId), order_key: r.orderKey, customer_id: String(r.customerId) },
        }, r.now);
        return toIntentState(intent);
      } catch (err) {
        if (err instanceof DemoPayError && err.code === 'resource_missing') throw unknownMethod();
        throw err;
      }
    },

    async retrieve(id) {
      return toIntentState(mustExist(await provider.retrieveIntent(id, new Date()), id));
    },

    async cancel(id) {
      return toIntentState(mustExist(await provider.cancelIntent(id, new Date()), id));
    },

    async refund(r: RefundRequest): Promise<RefundDone> {
      if (r.intentId === null) return legacyRefund(pool, r);
      try {
        const done = await provider.refund({ intentId: r.intentId, amount: r.amountPence, idempotencyKey: r.idempotencyKey }, r.now);
        return { reference: done.id };
      } catch (err) {
        if (err instanceof DemoPayError) throw new WpHttpError(409, 'cgg_refund_refused', `The payment provider refused the refund: ${err.message}`);
        throw err;
      }
    },

    verifyWebhook(rawBody, headers, now): PaymentEvent {
      const body = rawBody.toString('utf8');
      if (!demoSignatureValid(provider.webhookSecret, body, header(headers), now)) throw new WebhookRefused('The signature is missing, wrong or too old.');
      const event = JSON.parse(body) as DemoEvent;
      const object = event.data?.object;
      return {
        id: event.id,
        type: event.type,
        intent: object?.object === 'payment_intent' ? toIntentState(object) : null,
        refunds: event.type === 'charge.refunded' && object?.object === 'charge' ? { intentId: object.payment_intent, amountRefundedPence: object.amount_refunded } : null,
        // The demo provider's refunds are final when made.
        refundFailed: null,
      };
    },

    async listIntents(since, limit) {
      return (await provider.listIntents(since, limit)).map(toIntentState);
    },
  };
}

/**
 * Orders paid before payment intents (issue 15 part 1) were charged in `demo_card_charges`:
 * their refunds stay in that ledger. One refund per key (a repeat gets the first back), never
 * more back than was charged, checked under the charge's row lock so racing refunds queue.
 */
async function legacyRefund(pool: pg.Pool, { orderId, amountPence, idempotencyKey, now }: RefundRequest): Promise<RefundDone> {
  const id = await inTransaction(pool, async (client) => {
    const charge = await client.query<{ amount_pence: number }>('SELECT amount_pence FROM demo_card_charges WHERE order_id = $1 FOR UPDATE', [orderId]);
    const before = await client.query<{ id: string }>('SELECT id FROM demo_card_refunds WHERE idempotency_key = $1', [idempotencyKey]);
    if (before.rows[0]) return before.rows[0].id;
    const charged = charge.rows[0]?.amount_pence ?? 0;
    const done = await client.query<{ pence: number }>('SELECT COALESCE(sum(amount_pence), 0)::int AS pence FROM demo_card_refunds WHERE order_id = $1', [orderId]);
    if (done.rows[0]!.pence + amountPence > charged) return null;
    const { rows } = await client.query<{ id: string }>(
      'INSERT INTO demo_card_refunds (order_id, idempotency_key, amount_pence, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
      [orderId, idempotencyKey, amountPence, now],
    );
    return rows[0]!.id;
  });
  if (id === null) throw new WpHttpError(409, 'cgg_refund_refused', 'The payment provider refused the refund: it is more than is left of the card payment.');
  return { reference: `demo_re_${id}` };
}
