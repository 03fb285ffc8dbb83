import { BILLING_REQUIRED_MESSAGES, billingShapeError, type BillingDetailsValues } from './billing-details.ts';
import type { FieldError } from './field-error.ts';

/** Where a shipped prize goes: the billing form's fields without the email. */
export type DeliveryAddressValues = Omit<BillingDetailsValues, 'email'>;
export type DeliveryAddressField = keyof DeliveryAddressValues;
type RequiredDeliveryField = Exclude<DeliveryAddressField, 'state'>;

const REQUIRED: readonly RequiredDeliveryField[] = ['first_name', 'last_name', 'phone', 'address_1', 'address_2', 'city', 'postcode'];

/** The billing form's rules and texts (spec section 5) for a delivery address, in the form's order. */
export function deliveryAddressErrors(v: DeliveryAddressValues): FieldError<RequiredDeliveryField>[] {
  const errors: FieldError<RequiredDeliveryField>[] = [];
  for (const field of REQUIRED) {
    const value = v[field].trim();
    const problem = value ? billingShapeError(field, value) : BILLING_REQUIRED_MESSAGES[field];
    if (problem) errors.push({ field, message: problem });
  }
  return errors;
}
