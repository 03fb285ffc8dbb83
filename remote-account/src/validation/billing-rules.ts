import type { FieldError } from './field-error.ts';
import { nameEmailErrors } from './name-email-rules.ts';

export interface BillingValues {
  billing_first_name: string;
  billing_last_name: string;
  billing_phone: string;
  billing_email: string;
  billing_address_1: string;
  billing_address_2: string;
  billing_city: string;
  billing_postcode: string;
  billing_state: string;
}
export type BillingField = keyof BillingValues;

/** Spec section 5, billing form, in the spec's rule order (names, email, phone, address). County (billing_state) is optional. */
export function billingErrors(v: BillingValues): FieldError<BillingField>[] {
  const errors = nameEmailErrors<BillingField>(
    { firstName: v.billing_first_name, lastName: v.billing_last_name, email: v.billing_email },
    { firstName: 'billing_first_name', lastName: 'billing_last_name', email: 'billing_email' },
  );
  if (!v.billing_phone.trim()) errors.push({ field: 'billing_phone', message: 'Phone No. is required.' });
  if (!v.billing_address_1.trim()) errors.push({ field: 'billing_address_1', message: 'House Name/No. is required.' });
  if (!v.billing_address_2.trim()) errors.push({ field: 'billing_address_2', message: 'Street Address is required.' });
  if (!v.billing_city.trim()) errors.push({ field: 'billing_city', message: 'Town/City is required.' });
  if (!v.billing_postcode.trim()) errors.push({ field: 'billing_postcode', message: 'Postcode is required.' });
  return errors;
}
