import { describe, expect, it } from 'vitest';
import { billingErrors, type BillingValues } from './billing-rules.ts';

const valid: BillingValues = {
  billing_first_name: 'Priya',
  billing_last_name: 'Shah',
  billing_phone: '07700900123',
  billing_email: 'priya@example.co.uk',
  billing_address_1: '12',
  billing_address_2: 'High Street',
  billing_city: 'Leeds',
  billing_postcode: 'LS1 1AA',
  billing_state: '',
};

describe('billing rules (spec section 5)', () => {
  it('accepts a full address without a county', () => {
    expect(billingErrors(valid)).toEqual([]);
  });

  it('requires every field but the county, in the spec order', () => {
    const empty = Object.fromEntries(Object.keys(valid).map((k) => [k, ''])) as unknown as BillingValues;
    expect(billingErrors(empty).map((e) => e.message)).toEqual([
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

  it('checks the email shape', () => {
    expect(billingErrors({ ...valid, billing_email: 'priya.example.co.uk' })).toEqual([{ field: 'billing_email', message: 'Email address is invalid.' }]);
  });
});
