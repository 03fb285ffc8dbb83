import type { FieldError } from './billing-rules.ts';

/** The demo card form (our texts: the spec has none for payment). */
export interface CardValues {
  card_number: string;
  card_expiry: string;
  card_cvc: string;
}
export type CardField = keyof CardValues;

/** The Luhn check every real card number passes (catches a mistyped digit before the call). */
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

/** Groups of four, as printed on the card (typing strips anything but digits). */
export function formatCardNumber(input: string): string {
  return input.replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function cardErrors(v: CardValues, now: Date = new Date()): FieldError<CardField>[] {
  const errors: FieldError<CardField>[] = [];
  const digits = v.card_number.replace(/\s/g, '');
  if (!digits) errors.push({ field: 'card_number', message: 'Card number is required.' });
  else if (!/^\d{13,19}$/.test(digits) || !passesLuhn(digits)) errors.push({ field: 'card_number', message: 'Card number is invalid.' });

  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(v.card_expiry.trim());
  if (!v.card_expiry.trim()) errors.push({ field: 'card_expiry', message: 'Expiry date is required.' });
  else if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12) errors.push({ field: 'card_expiry', message: 'Expiry date must be MM/YY.' });
  else {
    // A card is valid until the end of its expiry month.
    const endOfMonth = new Date(2000 + Number(expiry[2]), Number(expiry[1]), 1);
    if (endOfMonth.getTime() <= now.getTime()) errors.push({ field: 'card_expiry', message: 'This card has expired.' });
  }

  if (!v.card_cvc.trim()) errors.push({ field: 'card_cvc', message: 'Security code is required.' });
  else if (!/^\d{3}$/.test(v.card_cvc.trim())) errors.push({ field: 'card_cvc', message: 'Security code must be 3 digits.' });
  return errors;
}
