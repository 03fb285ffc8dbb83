import type { FieldError } from './field-error.ts';

/**
 * The demo card form's checks, run by the checkout before the call and by the API's
 * demo gateway before it decides the charge, so both refuse the same cards. Which
 * well-formed numbers succeed or decline stays the gateway's business. The spec has no
 * payment texts: `message` is the form's, `reason` the Store API payment error's.
 */
export interface CardDetailsValues {
  card_number: string;
  /** MM/YY (MM/YYYY also accepted). */
  card_expiry: string;
  card_cvc: string;
}
export type CardDetailsField = keyof CardDetailsValues;
export type CardRefusalReason = 'invalid_number' | 'invalid_expiry' | 'expired_card' | 'invalid_cvc';
export interface CardDetailsError extends FieldError<CardDetailsField> {
  reason: CardRefusalReason;
}

/** The Luhn check every real card number passes (catches a mistyped digit). */
export function passesLuhn(digits: string): boolean {
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

/** The number as digits only: spaces and dashes, as printed or pasted, dropped. */
export const cardNumberDigits = (input: string): string => input.replace(/[\s-]/g, '');

/** Groups of four, as printed on the card (typing strips anything but digits). */
export function formatCardNumber(input: string): string {
  return input.replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Every failing check in the form's order (first = the field to focus, or the gateway's refusal). */
export function cardDetailsErrors(v: CardDetailsValues, now: Date = new Date()): CardDetailsError[] {
  const errors: CardDetailsError[] = [];
  const digits = cardNumberDigits(v.card_number);
  if (!digits) errors.push({ field: 'card_number', reason: 'invalid_number', message: 'Card number is required.' });
  else if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) errors.push({ field: 'card_number', reason: 'invalid_number', message: 'Card number is invalid.' });

  const expiryText = v.card_expiry.trim();
  const expiry = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiryText);
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiryText) errors.push({ field: 'card_expiry', reason: 'invalid_expiry', message: 'Expiry date is required.' });
  else if (!expiry || month < 1 || month > 12) errors.push({ field: 'card_expiry', reason: 'invalid_expiry', message: 'Expiry date must be MM/YY.' });
  else {
    const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
    // A card is good until the end of its expiry month (UTC, as the gateway counts).
    if (Date.UTC(year, month, 1) <= now.getTime()) errors.push({ field: 'card_expiry', reason: 'expired_card', message: 'This card has expired.' });
  }

  const cvc = v.card_cvc.trim();
  if (!cvc) errors.push({ field: 'card_cvc', reason: 'invalid_cvc', message: 'Security code is required.' });
  else if (!/^\d{3}$/.test(cvc)) errors.push({ field: 'card_cvc', reason: 'invalid_cvc', message: 'Security code must be 3 digits.' });
  return errors;
}
