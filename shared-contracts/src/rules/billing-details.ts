import type { FieldError } from './field-error.ts';
import { EMAIL_INVALID, EMAIL_REQUIRED, FIRST_NAME_REQUIRED, isEmail, LAST_NAME_REQUIRED } from './name-email.ts';

/**
 * The billing form's fields, named as the Store API's billing_address (the account's
 * billing screen and update_user_details prefix them with `billing_`).
 */
export interface BillingDetailsValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address_1: string;
  address_2: string;
  city: string;
  postcode: string;
  /** County: optional. */
  state?: string | undefined;
}
export type BillingDetailsField = keyof BillingDetailsValues;
type RequiredBillingField = Exclude<BillingDetailsField, 'state'>;

/** The same fields as update_user_details and the account's billing screen name them. */
export type PrefixedBillingValues = { [K in RequiredBillingField as `billing_${K}`]: string } & { billing_state?: string | undefined };

/** The billing values under their unprefixed (Store API) names, for the rules below. */
export function unprefixedBilling(v: PrefixedBillingValues): BillingDetailsValues {
  return {
    first_name: v.billing_first_name,
    last_name: v.billing_last_name,
    email: v.billing_email,
    phone: v.billing_phone,
    address_1: v.billing_address_1,
    address_2: v.billing_address_2,
    city: v.billing_city,
    postcode: v.billing_postcode,
    state: v.billing_state,
  };
}

/** Spec section 5, billing form: each required field's text, in the form's order (county optional). */
export const BILLING_REQUIRED_MESSAGES: Readonly<Record<RequiredBillingField, string>> = {
  first_name: FIRST_NAME_REQUIRED,
  last_name: LAST_NAME_REQUIRED,
  email: EMAIL_REQUIRED,
  phone: 'Phone No. is required.',
  address_1: 'House Name/No. is required.',
  address_2: 'Street Address is required.',
  city: 'Town/City is required.',
  postcode: 'Postcode is required.',
};

/** Every failing rule, in the form's order (first = the field to focus). */
export function billingDetailsErrors(v: BillingDetailsValues): FieldError<RequiredBillingField>[] {
  const errors: FieldError<RequiredBillingField>[] = [];
  for (const [field, message] of Object.entries(BILLING_REQUIRED_MESSAGES) as [RequiredBillingField, string][]) {
    const value = v[field].trim();
    if (!value) errors.push({ field, message });
    else if (field === 'email' && !isEmail(value)) errors.push({ field, message: EMAIL_INVALID });
  }
  return errors;
}
