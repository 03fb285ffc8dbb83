import { type ClaimPrizeRequest } from '@cgg/contracts/account';
import { bankDetailsErrors, deliveryAddressErrors } from '@cgg/contracts/forms';
import { fieldError } from '../accounts/field-errors.ts';
import type { WpHttpError } from '../http/wp-error.ts';

export interface CleanAddress {
  first_name: string;
  last_name: string;
  phone: string;
  address_1: string;
  address_2: string;
  city: string;
  postcode: string;
  state: string;
}

/** A 400 naming every failing field (data.params), its message the first one's (form order). */
function fieldsError(errors: Array<[string, string]>): WpHttpError {
  const [field, message] = errors[0]!;
  const err = fieldError(field, message);
  (err.extra as { params: Record<string, string> }).params = Object.fromEntries(errors);
  return err;
}

/** Spec billing form's rules and texts, without email (a delivery address): the claim form's own rule, from @cgg/contracts. */
export function validDeliveryAddress(a: ClaimPrizeRequest['delivery_address']): CleanAddress {
  if (!a) throw fieldError('delivery_address', 'Please confirm the delivery address.');
  const clean: CleanAddress = {
    first_name: a.first_name.trim(), last_name: a.last_name.trim(), phone: a.phone.trim(), address_1: a.address_1.trim(),
    address_2: a.address_2.trim(), city: a.city.trim(), postcode: a.postcode.trim().toUpperCase(), state: (a.state ?? '').trim(),
  };
  const errors = deliveryAddressErrors(clean).map((e): [string, string] => [e.field, e.message]);
  if (errors.length > 0) throw fieldsError(errors);
  return clean;
}

/** Spec bank details rules and texts (shared with the account's financial details). */
export function validBankDetails(b: ClaimPrizeRequest['bank_details']): { account_number: string; sort_code: string } {
  if (!b) throw fieldError('bank_details', 'Please enter the bank details to pay the prize into.');
  const clean = { account_number: b.account_number.trim(), sort_code: b.sort_code.trim() };
  const errors = bankDetailsErrors(clean).map((e): [string, string] => [e.field, e.message]);
  if (clean.account_number.length > 20 && errors.length === 0) errors.push(['account_number', 'Account Number is too long.']);
  if (errors.length > 0) throw fieldsError(errors);
  return clean;
}
