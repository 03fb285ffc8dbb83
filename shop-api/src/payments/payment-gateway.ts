/*
 * Who takes the money. The checkout, the webhook route, reconciliation and the refunds talk to
 * this interface only; each provider is one adapter file: the built-in demo provider
 * (`demo-gateway.ts`, the default, no money moves) and Stripe (`stripe-gateway.ts`). Another
 * provider is another adapter file implementing this, and a case in `gateways.ts`.
 * Card numbers never reach us: the browser gives the card to the provider's own field, which
 * answers a payment method id; we read what the card is (its funding type) from the provider,
 * then create and confirm a payment intent for the order with our idempotency key.
 */

import { MAX_DB_ID } from '@cgg/contracts';

/** What the card is, as the provider reports it: the UK prize-draw code limits credit-card spend. */
export type FundingType = 'credit' | 'debit' | 'prepaid' | 'unknown';

/** What the provider tells about a card before any money moves. */
export interface CardFacts {
  last4: string;
  funding: FundingType;
}

/**
 * A payment intent as the provider last reported it, in our words:
 * - requires_action: 3-D Secure waits for the customer (`clientSecret`, `nextAction`);
 * - processing: the provider has it and confirms asynchronously (webhook, or a later retrieve);
 * - succeeded: the money is taken;
 * - failed: declined or authentication failed (`failure`); nothing taken;
 * - canceled: we (or the provider) cancelled it; nothing taken.
 */
export type IntentStatus = 'requires_action' | 'processing' | 'succeeded' | 'failed' | 'canceled';

export interface PaymentFailure {
  /** The provider's decline code, or 'authentication_failed'. */
  reason: string;
  /** What the customer is told, the provider's own words. */
  message: string;
}

export interface IntentState {
  id: string;
  status: IntentStatus;
  amountPence: number;
  currency: string;
  /** Our order, from the intent's metadata (null: not one of ours). */
  orderId: number | null;
  /**
   * The order's key, from the metadata too: an intent from another shop or environment on the same
   * provider account names an order id of its own, which only the key tells apart from ours.
   */
  orderKey: string | null;
  clientSecret: string | null;
  nextAction: { type: 'demo_challenge' | 'use_stripe_sdk'; url: string | null } | null;
  failure: PaymentFailure | null;
  /** Pence given back so far. */
  amountRefundedPence: number;
  created: Date;
  /**
   * The card (payment method) the payment is made with; null when the provider does not say. A
   * customer could finish 3-D Secure in the browser with another card than the one checkout
   * checked (its funding type against the credit-card rules), so a payment is kept only with that one.
   */
  paymentMethodId: string | null;
}

export interface AuthoriseRequest {
  orderId: number;
  orderKey: string;
  customerId: number;
  amountPence: number;
  paymentMethodId: string;
  /** The provider dedupes by it: asking again with the same key answers the same intent. */
  idempotencyKey: string;
  now: Date;
}

export interface RefundRequest {
  orderId: number;
  /** The order's payment intent; null for an order paid before intents (the demo gateway's old charges). */
  intentId: string | null;
  amountPence: number;
  /** The provider dedupes by it: asking again with the same key refunds once. */
  idempotencyKey: string;
  now: Date;
}

export interface RefundDone {
  /** The provider's id for the refund. */
  reference: string;
}

/** What the provider has refunded of an intent's payment, all told (a refund event carries it). */
export interface ProviderRefunds {
  intentId: string;
  amountRefundedPence: number;
}

/** A refund the provider accepted and then could not pay (a closed card), by the provider's id for it. */
export interface FailedRefund {
  reference: string;
  /** The provider's reason, e.g. 'expired_or_canceled_card'. */
  reason: string;
}

/**
 * A verified webhook event, in our words. `intent`: an intent's event; `refunds`: a refund's (the
 * charge's total refunded, whoever asked); `refundFailed`: a refund that failed after it was
 * accepted; all null: a type we do not act on (recorded, nothing else).
 */
export interface PaymentEvent {
  id: string;
  type: string;
  intent: IntentState | null;
  refunds: ProviderRefunds | null;
  refundFailed: FailedRefund | null;
}

/** What the browser needs to load the right card field (GET cgg/payment-config). */
export interface PublicPaymentConfig {
  provider: 'demo' | 'stripe';
  publishableKey: string | null;
  demoApiBase: string | null;
}

export interface PaymentGateway {
  /** Recorded with each intent and refund ('demo', 'stripe', ...), and the webhook route's `:provider`. */
  readonly name: 'demo' | 'stripe';
  readonly publicConfig: PublicPaymentConfig;
  /**
   * What the card behind a payment method is (its funding type above all), WITHOUT taking money:
   * the checkout decides whether it may take this card (UK code 1.3) before authorising.
   * Throws the Store API's payment error for an unknown payment method.
   */
  describePaymentMethod(paymentMethodId: string): Promise<CardFacts>;
  /**
   * Creates and confirms the order's payment intent (GBP, automatic capture, the order in its
   * metadata). A decline answers a 'failed' intent (not a throw); a provider outage throws.
   */
  authorise(request: AuthoriseRequest): Promise<IntentState>;
  /** The intent as the provider has it now (the client's return asks this). Throws IntentMissing for an id it does not know. */
  retrieve(intentId: string): Promise<IntentState>;
  /** Cancels an intent not yet paid (a reservation released); answers it as it ends up (a paid one stays 'succeeded'). Throws IntentMissing as retrieve does. */
  cancel(intentId: string): Promise<IntentState>;
  /** Gives back some or all of an order's card payment. Throws a WpHttpError when the provider refuses. */
  refund(request: RefundRequest): Promise<RefundDone>;
  /**
   * Verifies a webhook delivery's signature (forged or stale: throws WebhookRefused) and reads it.
   * `rawBody` is the request body exactly as received.
   */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, now: Date): PaymentEvent;
  /** Intents created since `since` (reconciliation), newest first, at most `limit`. */
  listIntents(since: Date, limit: number): Promise<IntentState[]>;
}

/**
 * Our order id as an intent's metadata carries it, or null: only a whole number our orders' ids can
 * be (another shop's "3000000000" or "1.5" names none of ours, and must not reach a query).
 */
export function orderIdFromMetadata(value: string | undefined | null): number | null {
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_DB_ID ? id : null;
}

/** A webhook that is not the provider's (bad or missing signature) or too old to trust. */
export class WebhookRefused extends Error {}

/** The provider has no intent of this id (keys of another account, a provider's data reset): retrieve and cancel throw it. */
export class IntentMissing extends Error {
  constructor(readonly intentId: string) {
    super(`the payment provider has no payment intent ${intentId}`);
    this.name = 'IntentMissing';
  }
}
