import type { StoreCheckoutPayment } from '@cgg/contracts/store';

/*
 * The seam between the checkout and whichever provider's card field is live. The checkout
 * never holds card details: the field sends them to the provider itself and hands back
 * only the provider's payment-method id; after our API answers `requires_action` the same
 * field runs the provider's challenge (3-D Secure).
 */

/** A refusal to show by the field in the provider's own words (invalid number, declined...). */
export class CardFieldError extends Error {
  override name = 'CardFieldError';
  /** True when the field already shows it by the input at fault (the checkout need not say it again). */
  readonly shownByField: boolean;
  constructor(message: string, { shownByField = false }: { shownByField?: boolean } = {}) {
    super(message);
    this.shownByField = shownByField;
  }
}

/** What a live card field can do for the checkout (its ref). */
export interface CardFieldHandle {
  /** Checks the field, sends the card to the provider and answers its payment-method id; throws CardFieldError. */
  createPaymentMethod(): Promise<string>;
  /**
   * Shows the provider's challenge for a payment our API answered `requires_action` for and
   * resolves once the customer has finished with it (passed, failed or closed: our API asks
   * the provider which, so the field does not decide).
   */
  handleNextAction(payment: StoreCheckoutPayment): Promise<void>;
  /** The reservation ran out while the challenge was open: take the challenge away (where the provider lets us). */
  cancelNextAction(): void;
  /** Empties the field and puts the cursor in it (a refused card: "Use a debit card"). */
  reset(): void;
}

/** Props every provider's field takes. */
export interface CardFieldProps {
  /** What the card pays, in pence (Stripe's wallets show it). */
  amountPence: number;
  /** A message to show under the field: a decline from our API, or the field's own refusal. */
  error: string | null;
  /** While an order is being placed or paid the card cannot change. */
  disabled: boolean;
  /** The customer changed the card: the checkout clears a refusal about the old one. */
  onEdit: () => void;
  handleRef: React.Ref<CardFieldHandle>;
  /**
   * No card inputs, only the provider's challenge: the card was given when the order was placed,
   * and a held order is being finished (the checkout page opened again).
   */
  challengeOnly?: boolean;
}
