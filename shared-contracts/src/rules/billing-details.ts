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

/** A phone number that is filled in but cannot be dialled, in the spec's "is invalid" wording (as the email's). */
export const PHONE_INVALID = 'Phone No. is invalid.';
/** A postcode that is filled in but is not a UK postcode: the shop's country is fixed to the United Kingdom. */
export const POSTCODE_INVALID = 'Postcode is invalid.';

/**
 * A number a winner can be rung on: a UK one (07700 900123, 0161 496 0000) or any country's in
 * international form (+44 7700 900123, 0044 7700 900123, +1 555 555 5555). Spaces (any kind),
 * hyphens, dots and brackets are allowed.
 */
export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/[\s().-]/g, '');
  return /^0\d{9,10}$/.test(digits) || /^(\+|00)\d{8,15}$/.test(digits);
}

/**
 * A UK postcode in its usual shape, any case, however it is spaced (autofill and pasting bring
 * odd spaces): LS1 1AA, m1 1ab, SW1A1AA, EC1V 9HX; and the special GIR 0AA and BFPO 123.
 */
export function isUkPostcode(value: string): boolean {
  const compact = value.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/.test(compact) || compact === 'GIR0AA' || /^BFPO\d{1,4}$/.test(compact);
}

/** A filled-in field's shape rule, where it has one (the email, phone and postcode). */
export function billingShapeError(field: BillingDetailsField, value: string): string | undefined {
  if (field === 'email' && !isEmail(value)) return EMAIL_INVALID;
  if (field === 'phone' && !isPhoneNumber(value)) return PHONE_INVALID;
  if (field === 'postcode' && !isUkPostcode(value)) return POSTCODE_INVALID;
  return undefined;
}

/** Every failing rule, in the form's order (first = the field to focus). */
export function billingDetailsErrors(v: BillingDetailsValues): FieldError<RequiredBillingField>[] {
  const errors: FieldError<RequiredBillingField>[] = [];
  for (const [field, message] of Object.entries(BILLING_REQUIRED_MESSAGES) as [RequiredBillingField, string][]) {
    const value = v[field].trim();
    const problem = value ? billingShapeError(field, value) : message;
    if (problem) errors.push({ field, message: problem });
  }
  return errors;
}
