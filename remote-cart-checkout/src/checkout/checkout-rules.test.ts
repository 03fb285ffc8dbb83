import { describe, expect, it } from 'vitest';
import { billingErrors, type BillingValues } from './billing-rules.ts';
import { cardErrors, formatCardNumber } from './card-rules.ts';

const blank: BillingValues = { first_name: '', last_name: '', email: '', phone: '', address_1: '', address_2: '', city: '', postcode: '', state: '' };

describe('billing rules (spec section 5)', () => {
  it("gives the spec's messages in order; county is optional", () => {
    expect(billingErrors(blank).map((e) => e.message)).toEqual([
      'First Name is required.',
      'Last Name is required.',
      'Email address is required.',
      'Phone No. is required.',
      'House Name/No. is required.',
      'Street Address is required.',
      'Town/City is required.',
      'Postcode is required.',
    ]);
  });

  it('checks the email looks like one', () => {
    expect(billingErrors({ ...blank, email: 'priya@' }).find((e) => e.field === 'email')?.message).toBe('Email address is invalid.');
  });
});

describe('card rules', () => {
  const now = new Date(2026, 10, 21);
  it('accepts the demo card', () => {
    expect(cardErrors({ card_number: '4242 4242 4242 4242', card_expiry: '12/30', card_cvc: '123' }, now)).toEqual([]);
  });

  it('refuses a mistyped number, a past or malformed expiry and a short code', () => {
    expect(cardErrors({ card_number: '4242 4242 4242 4241', card_expiry: '10/26', card_cvc: '12' }, now).map((e) => e.message)).toEqual([
      'Card number is invalid.',
      'This card has expired.',
      'Security code must be 3 digits.',
    ]);
    expect(cardErrors({ card_number: '', card_expiry: '13/30', card_cvc: '' }, now).map((e) => e.message)).toEqual([
      'Card number is required.',
      'Expiry date must be MM/YY.',
      'Security code is required.',
    ]);
  });

  it('a card is good until the end of its expiry month', () => {
    expect(cardErrors({ card_number: '4242424242424242', card_expiry: '11/26', card_cvc: '123' }, now)).toEqual([]);
  });

  it('formats the number in groups of four', () => {
    expect(formatCardNumber('4242-4242x42424242')).toBe('4242 4242 4242 4242');
  });
});
