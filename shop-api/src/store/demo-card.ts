import { cardDetailsErrors, cardNumberDigits, STORE_ERRORS, type CardRefusalReason } from '@cgg/contracts';
import { WpHttpError } from '../http/wp-error.ts';

/*
 * The built-in demo card gateway (no real money moves). Test numbers, as payment
 * providers publish them (README "Demo card"):
 *   4242 4242 4242 4242  succeeds
 *   4000 0000 0000 0002  declined ("Your card was declined.")
 *   4000 0000 0000 9995  declined ("Your card has insufficient funds.")
 * Any other number passing the Luhn check succeeds; one failing it is refused. The
 * expiry must be MM/YY (or MM/YYYY) and not past; the CVC 3 digits. Those checks are the
 * checkout form's own (cardDetailsErrors in @cgg/contracts), so both refuse the same cards.
 */

export interface CardDetails {
  number: string;
  expiry: string;
  cvc: string;
}

const paymentError = (message: string, reason: string): WpHttpError => {
  const e = STORE_ERRORS.paymentError;
  return new WpHttpError(e.status, e.code, message, { reason });
};

/** The Store API payment error's text for each refusal the shared checks name. */
const REFUSALS: Record<CardRefusalReason, string> = {
  invalid_number: 'Your card number is incorrect.',
  invalid_expiry: "Your card's expiration date is incorrect.",
  expired_card: 'Your card has expired.',
  invalid_cvc: "Your card's security code is incorrect.",
};

/** Checks the card and decides the charge; returns the last four digits on success. Throws a payment error otherwise. */
export function chargeDemoCard(card: CardDetails, now: Date): { last4: string } {
  const [refused] = cardDetailsErrors({ card_number: card.number, card_expiry: card.expiry, card_cvc: card.cvc }, now);
  if (refused) throw paymentError(REFUSALS[refused.reason], refused.reason);
  const number = cardNumberDigits(card.number);
  if (number === '4000000000000002') throw paymentError('Your card was declined.', 'card_declined');
  if (number === '4000000000009995') throw paymentError('Your card has insufficient funds.', 'insufficient_funds');
  return { last4: number.slice(-4) };
}
