import { STORE_ERRORS } from '@cgg/contracts/store';
import Stripe from 'stripe';
import { WpHttpError } from '../http/wp-error.ts';
import { IntentMissing, orderIdFromMetadata, WebhookRefused, type FundingType, type IntentState, type PaymentEvent, type PaymentGateway } from './payment-gateway.ts';

/*
 * Stripe, through its official SDK. Chosen when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are
 * set (config.ts). The browser's Payment Element makes a PaymentMethod (Stripe's servers see the
 * card, we never do); we read its funding type, then create AND confirm the PaymentIntent here
 * ("finalize payments on the server"): GBP, amount in pence, automatic capture, our idempotency
 * key, the order in its metadata, `use_stripe_sdk` so that 3-D Secure comes back as a next action
 * the browser completes with stripe.handleNextAction. Webhooks are verified with the SDK
 * (constructEvent: signature and a 5-minute tolerance). Keys stay in this closure: errors carry
 * Stripe's own message (which never holds a key) and are logged by the caller without requests.
 */

export interface StripeKeys {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
}

/** Stripe's signature tolerance (seconds): an older delivery is a replay. */
const TOLERANCE_SECONDS = 300;

const FUNDING: readonly FundingType[] = ['credit', 'debit', 'prepaid', 'unknown'];

const unknownMethod = (): WpHttpError => {
  const e = STORE_ERRORS.paymentError;
  return new WpHttpError(e.status, e.code, 'Your card details could not be found. Please enter them again.', { reason: 'unknown_payment_method' });
};

export function toIntentState(pi: Stripe.PaymentIntent): IntentState {
  const err = pi.last_payment_error;
  const failed = pi.status === 'requires_payment_method' && err !== null && err !== undefined;
  const status: IntentState['status'] =
    pi.status === 'succeeded' ? 'succeeded'
      : pi.status === 'canceled' ? 'canceled'
        : pi.status === 'requires_action' ? 'requires_action'
          : failed ? 'failed'
            : 'processing';
  return {
    id: pi.id,
    status,
    amountPence: pi.amount,
    currency: pi.currency,
    orderId: orderIdFromMetadata(pi.metadata?.order_id),
    orderKey: pi.metadata?.order_key ?? null,
    clientSecret: status === 'requires_action' ? pi.client_secret : null,
    nextAction: status === 'requires_action' ? { type: 'use_stripe_sdk', url: null } : null,
    failure: failed
      ? {
          reason: err.code === 'payment_intent_authentication_failure' ? 'authentication_failed' : (err.decline_code ?? err.code ?? 'card_declined'),
          message: err.message ?? 'Your card was declined.',
        }
      : null,
    amountRefundedPence: pi.latest_charge && typeof pi.latest_charge === 'object' ? pi.latest_charge.amount_refunded : 0,
    created: new Date(pi.created * 1000),
    paymentMethodId: typeof pi.payment_method === 'string' ? pi.payment_method : (pi.payment_method?.id ?? null),
  };
}

/** Stripe's "No such payment_intent" as IntentMissing; any other error as it is. */
const missingOr = (err: unknown, id: string): unknown =>
  err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing' ? new IntentMissing(id) : err;

/** `client`: tests pass one pointed at recorded exchanges; by default the real API. */
export function createStripeGateway(keys: StripeKeys, client: Stripe = new Stripe(keys.secretKey, { maxNetworkRetries: 2, timeout: 20_000 })): PaymentGateway {
  return {
    name: 'stripe',
    publicConfig: { provider: 'stripe', publishableKey: keys.publishableKey, demoApiBase: null },

    async describePaymentMethod(id) {
      try {
        const pm = await client.paymentMethods.retrieve(id);
        const funding = pm.card?.funding as FundingType | undefined;
        return { last4: pm.card?.last4 ?? '', funding: funding && FUNDING.includes(funding) ? funding : 'unknown' };
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') throw unknownMethod();
        throw err;
      }
    },

    async authorise(r) {
      try {
        const pi = await client.paymentIntents.create(
          {
            amount: r.amountPence,
            currency: 'gbp',
            payment_method: r.paymentMethodId,
            confirm: true,
            use_stripe_sdk: true,
            // Cards only, as the Payment Element offers (wallets are cards): a redirect method could
            // not be confirmed here, and has no funding type for the credit-card limits.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            allowed_payment_method_types: ['card'],
            metadata: { order_id: String(r.orderId), order_key: r.orderKey, customer_id: String(r.customerId) },
          },
          { idempotencyKey: r.idempotencyKey },
        );
        return toIntentState(pi);
      } catch (err) {
        // A decline: Stripe answers 402 with the intent, now waiting for another payment method.
        if (err instanceof Stripe.errors.StripeCardError && err.payment_intent) return toIntentState(err.payment_intent);
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') throw unknownMethod();
        throw err;
      }
    },

    async retrieve(id) {
      try {
        return toIntentState(await client.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));
      } catch (err) {
        throw missingOr(err, id);
      }
    },

    async cancel(id) {
      try {
        return toIntentState(await client.paymentIntents.cancel(id));
      } catch (err) {
        // Already succeeded (or cancelled): answer it as it is.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'payment_intent_unexpected_state') return this.retrieve(id);
        throw missingOr(err, id);
      }
    },

    async refund(r) {
      if (r.intentId === null) throw new WpHttpError(409, 'cgg_refund_refused', `Order #${r.orderId} was not paid through Stripe, so Stripe cannot refund it.`);
      try {
        const refund = await client.refunds.create(
          { payment_intent: r.intentId, amount: r.amountPence, metadata: { order_id: String(r.orderId) } },
          { idempotencyKey: r.idempotencyKey },
        );
        // Usually 'succeeded' or 'pending' (a pending one that fails later comes as a webhook).
        if (refund.status === 'failed' || refund.status === 'canceled') {
          throw new WpHttpError(409, 'cgg_refund_refused', `The payment provider refused the refund: ${refund.failure_reason ?? refund.status}.`);
        }
        return { reference: refund.id };
      } catch (err) {
        if (err instanceof WpHttpError) throw err;
        if (err instanceof Stripe.errors.StripeInvalidRequestError) throw new WpHttpError(409, 'cgg_refund_refused', `The payment provider refused the refund: ${err.message}`);
        throw err;
      }
    },

    verifyWebhook(rawBody, headers, now): PaymentEvent {
      const signature = headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(rawBody, Array.isArray(signature) ? signature[0]! : signature ?? '', keys.webhookSecret, TOLERANCE_SECONDS, undefined, now.getTime());
      } catch (err) {
        throw new WebhookRefused((err as Error).message);
      }
      const object = event.data.object as { object?: string };
      const charge = object.object === 'charge' ? (object as Stripe.Charge) : null;
      const chargeIntent = typeof charge?.payment_intent === 'string' ? charge.payment_intent : charge?.payment_intent?.id;
      // charge.refund.updated / refund.updated / refund.failed carry the refund itself.
      const refund = object.object === 'refund' ? (object as Stripe.Refund) : null;
      return {
        id: event.id,
        type: event.type,
        intent: object.object === 'payment_intent' ? toIntentState(object as Stripe.PaymentIntent) : null,
        refunds: event.type === 'charge.refunded' && charge && chargeIntent ? { intentId: chargeIntent, amountRefundedPence: charge.amount_refunded } : null,
        refundFailed: refund && (refund.status === 'failed' || refund.status === 'canceled') ? { reference: refund.id, reason: refund.failure_reason ?? refund.status } : null,
      };
    },

    async listIntents(since, limit) {
      // With each intent's charge: reconciliation reads what was refunded of it (a late payment is refunded once, not at every run).
      const list = client.paymentIntents.list({ created: { gte: Math.floor(since.getTime() / 1000) }, limit: Math.min(100, limit), expand: ['data.latest_charge'] });
      return (await list.autoPagingToArray({ limit })).map(toIntentState);
    },
  };
}
