import { STORE_ERRORS, type StoreAddress } from '@cgg/contracts';
import { isEmail } from '../accounts/field-errors.ts';
import { WpHttpError } from '../http/wp-error.ts';

/** Spec section 5 "Billing form", in the form's order; county (state) is optional. */
const REQUIRED: Array<[keyof StoreAddress, string]> = [
  ['first_name', 'First Name is required.'],
  ['last_name', 'Last Name is required.'],
  ['email', 'Email address is required.'],
  ['phone', 'Phone No. is required.'],
  ['address_1', 'House Name/No. is required.'],
  ['address_2', 'Street Address is required.'],
  ['city', 'Town/City is required.'],
  ['postcode', 'Postcode is required.'],
];

/**
 * Checks the billing address; every failing field is named in `data.params` with the
 * spec's message, and the error's message is the first one (what a form shows first).
 * Returns the address trimmed, country fixed to GB.
 */
export function validateBilling(address: StoreAddress): Required<StoreAddress> {
  const clean = Object.fromEntries(Object.entries(address).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])) as StoreAddress;
  const params: Record<string, string> = {};
  for (const [field, message] of REQUIRED) {
    const value = String(clean[field] ?? '');
    if (value === '') params[field] = message;
    else if (value.length > 200) params[field] = `${message.replace(/ is required\.$/, '')} is too long.`;
  }
  if (!params.email && !isEmail(clean.email)) params.email = 'Email address is invalid.';
  const first = Object.values(params)[0];
  if (first) {
    const e = STORE_ERRORS.invalidBilling;
    throw new WpHttpError(e.status, e.code, first, { params });
  }
  return { ...clean, company: clean.company ?? '', state: clean.state ?? '', country: 'GB' };
}
