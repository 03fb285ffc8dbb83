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

  it("reads update_user_details' billing_ names", () => {
    const prefixed = Object.fromEntries(Object.entries(valid).map(([k, v]) => [`billing_${k}`, v])) as Parameters<typeof unprefixedBilling>[0];
    expect(unprefixedBilling(prefixed)).toEqual(valid);
    expect(billingDetailsErrors(unprefixedBilling({ ...prefixed, billing_city: ' ' }))).toEqual([{ field: 'city', message: 'Town/City is required.' }]);
  });
});
