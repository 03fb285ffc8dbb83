import { STORE_ERRORS } from '@cgg/contracts';
import { WpHttpError } from '../http/wp-error.ts';

/*
 * The built-in demo card gateway (no real money moves). Test numbers, as payment
 * providers publish them (README "Demo card"):
 *   4242 4242 4242 4242  succeeds
 *   4000 0000 0000 0002  declined ("Your card was declined.")
 *   4000 0000 0000 9995  declined ("Your card has insufficient funds.")
 * Any other number passing the Luhn check succeeds; one failing it is refused. The
 * expiry must be MM/YY (or MM/YYYY) and not past; the CVC 3 digits.
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

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Checks the card and decides the charge; returns the last four digits on success. Throws a payment error otherwise. */
export function chargeDemoCard(card: CardDetails, now: Date): { last4: string } {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) throw paymentError('Your card number is incorrect.', 'invalid_number');
  const expiry = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry.trim());
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) throw paymentError("Your card's expiration date is incorrect.", 'invalid_expiry');
  const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  // A card is good until the end of its expiry month.
  if (Date.UTC(year, month, 1) <= now.getTime()) throw paymentError('Your card has expired.', 'expired_card');
  if (!/^\d{3}$/.test(card.cvc.trim())) throw paymentError("Your card's security code is incorrect.", 'invalid_cvc');
  if (number === '4000000000000002') throw paymentError('Your card was declined.', 'card_declined');
  if (number === '4000000000009995') throw paymentError('Your card has insufficient funds.', 'insufficient_funds');
  return { last4: number.slice(-4) };
}
