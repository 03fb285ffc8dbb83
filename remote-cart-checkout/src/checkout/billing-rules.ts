/** The checkout's billing fields (spec section 5, billing form), named as the Store API's billing_address. */
export interface BillingValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address_1: string;
  address_2: string;
  city: string;
  postcode: string;
  /** County: optional. */
  state: string;
}
export type BillingField = keyof BillingValues;

export interface FieldError<F extends string = string> {
  field: F;
  message: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec section 5, billing form, in the spec's order; the texts are the spec's. */
export function billingErrors(v: BillingValues): FieldError<BillingField>[] {
  const errors: FieldError<BillingField>[] = [];
  const need = (field: BillingField, message: string) => {
    if (!v[field].trim()) errors.push({ field, message });
  };
  need('first_name', 'First Name is required.');
  need('last_name', 'Last Name is required.');
  if (!v.email.trim()) errors.push({ field: 'email', message: 'Email address is required.' });
  else if (!EMAIL_PATTERN.test(v.email.trim())) errors.push({ field: 'email', message: 'Email address is invalid.' });
  need('phone', 'Phone No. is required.');
  need('address_1', 'House Name/No. is required.');
  need('address_2', 'Street Address is required.');
  need('city', 'Town/City is required.');
  need('postcode', 'Postcode is required.');
  return errors;
}
