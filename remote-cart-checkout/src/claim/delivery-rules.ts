/** The delivery address a shipped prize needs: the billing form's fields and texts (spec section 5), without email. */
export interface DeliveryValues {
  first_name: string;
  last_name: string;
  phone: string;
  address_1: string;
  address_2: string;
  city: string;
  postcode: string;
  /** County: optional. */
  state: string;
}
export type DeliveryField = keyof DeliveryValues;

const REQUIRED: [DeliveryField, string][] = [
  ['first_name', 'First Name is required.'],
  ['last_name', 'Last Name is required.'],
  ['phone', 'Phone No. is required.'],
  ['address_1', 'House Name/No. is required.'],
  ['address_2', 'Street Address is required.'],
  ['city', 'Town/City is required.'],
  ['postcode', 'Postcode is required.'],
];

export function deliveryErrors(v: DeliveryValues): { field: DeliveryField; message: string }[] {
  return REQUIRED.filter(([field]) => !v[field].trim()).map(([field, message]) => ({ field, message }));
}
