import { describe, expect, it } from 'vitest';
import { deliveryAddressErrors } from './delivery-address.ts';

describe('delivery address rules', () => {
  const ok = { first_name: 'Priya', last_name: 'Shah', phone: '07700900123', address_1: '12', address_2: 'High Street', city: 'Leeds', postcode: 'LS1 1AA', state: '' };
  it('passes a full address (county optional)', () => expect(deliveryAddressErrors(ok)).toEqual([]));
  it("names each missing field with the billing form's text, in order", () => {
    expect(deliveryAddressErrors({ ...ok, last_name: ' ', city: '', postcode: '' }).map((e) => e.message)).toEqual([
      'Last Name is required.',
      'Town/City is required.',
      'Postcode is required.',
    ]);
  });
  it("checks the phone and postcode as the billing form does", () => {
    expect(deliveryAddressErrors({ ...ok, phone: '12', postcode: 'NOWHERE' })).toEqual([
      { field: 'phone', message: 'Phone No. is invalid.' },
      { field: 'postcode', message: 'Postcode is invalid.' },
    ]);
  });
  it('asks for every field but the county', () => {
    const blank = { first_name: '', last_name: '', phone: '', address_1: '', address_2: '', city: '', postcode: '', state: '' };
    expect(deliveryAddressErrors(blank).map((e) => e.field)).toEqual(['first_name', 'last_name', 'phone', 'address_1', 'address_2', 'city', 'postcode']);
  });
});
