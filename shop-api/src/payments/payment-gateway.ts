/*
 * Who takes the money. The checkout and the refunds talk to this interface only; each
 * provider is one adapter file (today the built-in demo gateway, `demo-gateway.ts`).
 * Part 2 of issue 15 (payment intents confirmed by the provider's own card field, 3-D
 * Secure, signed webhooks, Stripe) extends it; card numbers then stop reaching the API.
 */

/** What the card is, as the provider reports it: the UK prize-draw code limits credit-card spend. */
export type FundingType = 'credit' | 'debit' | 'prepaid' | 'unknown';

export interface CardDetails {
  number: string;
  expiry: string;
  cvc: string;
}

/** What the provider tells about a card before any money moves. */
export interface CardFacts {
  last4: string;
  funding: FundingType;
}

export type CardCharge = CardFacts;

export interface RefundRequest {
  orderId: number;
  amountPence: number;
  /** The provider dedupes by it: asking again with the same key refunds once. */
  idempotencyKey: string;
  now: Date;
}

export interface RefundDone {
  /** The provider's id for the refund. */
  reference: string;
}

export interface PaymentGateway {
  /** Recorded with each refund ('demo', 'stripe', ...). */
  readonly name: string;
  /**
   * What the card is (its funding type above all), WITHOUT taking money: the checkout decides
   * whether it may take this card (UK prize-draw code 1.3: credit cards) before chargeCard.
   * Stripe offers the same: the PaymentMethod the card field creates carries
   * `card.funding` ('credit' | 'debit' | 'prepaid' | 'unknown') before any PaymentIntent is
   * confirmed, so the adapter reads it (GET /v1/payment_methods/:id) and nothing is authorised
   * for a refused card. Throws the Store API's payment error when the details are invalid.
   */
  lookUpCard(card: CardDetails, now: Date): Promise<CardFacts>;
  /**
   * Checks and charges a card for an order, in the order's own transaction (the demo gateway
   * writes its charge there, so a rolled-back order leaves none). Throws the Store API's
   * payment error, with the card's own message, when it is refused.
   */
  chargeCard(card: CardDetails, now: Date): CardCharge;
  /** Gives back some or all of an order's card payment. Throws a WpHttpError when the provider refuses. */
  refund(request: RefundRequest): Promise<RefundDone>;
}
