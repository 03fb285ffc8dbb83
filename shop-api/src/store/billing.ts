import { BILLING_REQUIRED_MESSAGES, billingDetailsErrors, EMAIL_INVALID, PHONE_INVALID, POSTCODE_INVALID } from '@cgg/contracts/forms';
import { STORE_ERRORS, type StoreAddress } from '@cgg/contracts/store';
import { MAX_TEXT_LENGTH, withLengthLimit } from '../accounts/field-errors.ts';
import { WpHttpError } from '../http/wp-error.ts';

/**
 * Checks the billing address with the billing form's own rules (spec section 5, from
 * @cgg/contracts; county optional); every failing field is named in `data.params` with
 * the spec's message, and the error's message is the first one.
 * Returns the address trimmed, country fixed to GB.
 */
export function validateBilling(address: StoreAddress): Required<StoreAddress> {
  const clean = Object.fromEntries(Object.entries(address).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])) as StoreAddress;
  const found: Array<{ field: string; message: string }> = withLengthLimit(billingDetailsErrors(clean), clean, BILLING_REQUIRED_MESSAGES);
  // The optional fields have the same limit as the profile's (the county is shown with a win).
  if ((clean.state ?? '').length > MAX_TEXT_LENGTH) found.push({ field: 'state', message: 'County is too long.' });
  if ((clean.company ?? '').length > MAX_TEXT_LENGTH) found.push({ field: 'company', message: 'Company is too long.' });
  // This endpoint has always named a malformed value (the email, and now the phone and postcode)
  // after every missing field.
  const malformed = (e: { message: string }) => [EMAIL_INVALID, PHONE_INVALID, POSTCODE_INVALID].includes(e.message);
  const errors = [...found.filter((e) => !malformed(e)), ...found.filter(malformed)];
  const params = Object.fromEntries(errors.map((e) => [e.field, e.message]));
  const first = errors[0];
  if (first) {
    const e = STORE_ERRORS.invalidBilling;
    throw new WpHttpError(e.status, e.code, first.message, { params });
  }
  return { ...clean, company: clean.company ?? '', state: clean.state ?? '', country: 'GB' };
}
