import { describe, expect, it } from 'vitest';
import { cardDetailsErrors, formatCardNumber, passesLuhn } from './card-details.ts';

describe('card rules', () => {
  const now = new Date(2026, 10, 21);
  it('accepts the demo card', () => {
    expect(cardDetailsErrors({ card_number: '4242 4242 4242 4242', card_expiry: '12/30', card_cvc: '123' }, now)).toEqual([]);
    expect(cardDetailsErrors({ card_number: '4242-4242-4242-4242', card_expiry: '12/2030', card_cvc: '123' }, now)).toEqual([]);
  });

  it('refuses a mistyped number, a past or malformed expiry and a short code', () => {
    expect(cardDetailsErrors({ card_number: '4242 4242 4242 4241', card_expiry: '10/26', card_cvc: '12' }, now).map((e) => e.message)).toEqual([
      'Card number is invalid.',
      'This card has expired.',
      'Security code must be 3 digits.',
    ]);
    expect(cardDetailsErrors({ card_number: '', card_expiry: '13/30', card_cvc: '' }, now).map((e) => e.message)).toEqual([
      'Card number is required.',
      'Expiry date must be MM/YY.',
      'Security code is required.',
    ]);
  });

  it("gives the payment error's reason for each refusal", () => {
    expect(cardDetailsErrors({ card_number: '1234', card_expiry: '1/30', card_cvc: '12a' }, now).map((e) => `${e.field}: ${e.reason}`)).toEqual([
      'card_number: invalid_number',
      'card_expiry: invalid_expiry',
      'card_cvc: invalid_cvc',
    ]);
    expect(cardDetailsErrors({ card_number: '4242424242424242', card_expiry: '10/26', card_cvc: '123' }, now)[0]?.reason).toBe('expired_card');
  });

  it('a card is good until the end of its expiry month', () => {
    expect(cardDetailsErrors({ card_number: '4242424242424242', card_expiry: '11/26', card_cvc: '123' }, now)).toEqual([]);
  });

  it('checks the number with Luhn', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
  });

  it('formats the number in groups of four', () => {
    expect(formatCardNumber('4242-4242x42424242')).toBe('4242 4242 4242 4242');
  });
});
