import { describe, expect, it } from 'vitest';
import { deliveryErrors } from './delivery-rules.ts';

describe('delivery address rules', () => {
  const ok = { first_name: 'Priya', last_name: 'Shah', phone: '07700900123', address_1: '12', address_2: 'High Street', city: 'Leeds', postcode: 'LS1 1AA', state: '' };
  it('passes a full address (county optional)', () => expect(deliveryErrors(ok)).toEqual([]));
  it("names each missing field with the billing form's text, in order", () => {
    expect(deliveryErrors({ ...ok, last_name: ' ', city: '', postcode: '' }).map((e) => e.message)).toEqual([
      'Last Name is required.',
      'Town/City is required.',
      'Postcode is required.',
    ]);
  });
});
