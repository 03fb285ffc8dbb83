import { describe, expect, it } from 'vitest';
import { billingDetailsErrors, unprefixedBilling, type BillingDetailsValues } from './billing-details.ts';

const valid: BillingDetailsValues = {
  first_name: 'Priya',
  last_name: 'Shah',
  phone: '07700900123',
  email: 'priya@example.co.uk',
  address_1: '12',
  address_2: 'High Street',
  city: 'Leeds',
  postcode: 'LS1 1AA',
  state: '',
};
const blank: BillingDetailsValues = { first_name: '', last_name: '', email: '', phone: '', address_1: '', address_2: '', city: '', postcode: '', state: '' };

describe('billing rules (spec section 5)', () => {
  it('accepts a full address without a county', () => {
    expect(billingDetailsErrors(valid)).toEqual([]);
    expect(billingDetailsErrors({ ...valid, state: undefined })).toEqual([]);
  });

  it("requires every field but the county, with the spec's messages in the spec order", () => {
    expect(billingDetailsErrors(blank).map((e) => e.message)).toEqual([
      'First Name is required.',
      'Last Name is required.',
      'Email address is required.',
      'Phone No. is required.',
      'House Name/No. is required.',
      'Street Address is required.',
      'Town/City is required.',
      'Postcode is required.',
    ]);
    expect(billingDetailsErrors({ ...valid, last_name: ' ', city: '' }).map((e) => e.field)).toEqual(['last_name', 'city']);
  });

  it('checks the email shape', () => {
    expect(billingDetailsErrors({ ...valid, email: 'priya.example.co.uk' })).toEqual([{ field: 'email', message: 'Email address is invalid.' }]);
    expect(billingDetailsErrors({ ...blank, email: 'priya@' }).find((e) => e.field === 'email')?.message).toBe('Email address is invalid.');
  });

  it('checks the phone number and the UK postcode, in any usual writing', () => {
    for (const phone of ['07700 900123', '0161 496 0000', '(0113) 496 0000', '+44 7700 900123', '+44 (0)7700 900123', '0044 7700 900123', '07700.900.123', '+1 555-555-5555']) {
      expect(billingDetailsErrors({ ...valid, phone }), phone).toEqual([]);
    }
    for (const phone of ['12', '077009001', '077009001234567', 'call me', '+44', '07700 9001x3']) {
      expect(billingDetailsErrors({ ...valid, phone }), phone).toEqual([{ field: 'phone', message: 'Phone No. is invalid.' }]);
    }
    for (const postcode of ['LS1 1AA', 'ls11aa', 'M1 1AB', 'SW1A 1AA', 'SW1A  1AA', 'SW1A\u00a01AA', 'LS1-1AA', 'EC1V 9HX', 'B33 8TH', 'W1A 0AX', 'GIR 0AA', 'BFPO 1234']) {
      expect(billingDetailsErrors({ ...valid, postcode }), postcode).toEqual([]);
    }
    for (const postcode of ['NOT A POSTCODE!!', 'LS1', '12345', 'LS1 1A', '1LS 1AA']) {
      expect(billingDetailsErrors({ ...valid, postcode }), postcode).toEqual([{ field: 'postcode', message: 'Postcode is invalid.' }]);
    }
  });

  it("reads update_user_details' billing_ names", () => {
    const prefixed = Object.fromEntries(Object.entries(valid).map(([k, v]) => [`billing_${k}`, v])) as Parameters<typeof unprefixedBilling>[0];
    expect(unprefixedBilling(prefixed)).toEqual(valid);
    expect(billingDetailsErrors(unprefixedBilling({ ...prefixed, billing_city: ' ' }))).toEqual([{ field: 'city', message: 'Town/City is required.' }]);
  });
});
