import type { FieldError } from './field-error.ts';

export interface BankValues {
  accountNumber: string;
  confirmAccountNumber: string;
  sortCode: string;
}
export type BankField = keyof BankValues;

/** Spec section 9: the sort code input takes at most 6 characters. */
export const SORT_CODE_MAX_LENGTH = 6;

/** Typing strips non-digits in both account-number fields (spec section 5). */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** Spec section 5, bank details form, in order; no call while any fails. */
export function bankErrors(v: BankValues): FieldError<BankField>[] {
  const errors: FieldError<BankField>[] = [];
  if (!v.accountNumber) errors.push({ field: 'accountNumber', message: 'Account Number is required.' });
  else if (!/^\d+$/.test(v.accountNumber)) errors.push({ field: 'accountNumber', message: 'Account Number must contain only numbers.' });
  if (!v.confirmAccountNumber) errors.push({ field: 'confirmAccountNumber', message: 'Confirm Account Number is required.' });
  else if (v.accountNumber && v.confirmAccountNumber !== v.accountNumber) {
    errors.push({ field: 'confirmAccountNumber', message: 'Account Numbers do not match.' });
  }
  if (!v.sortCode) errors.push({ field: 'sortCode', message: 'Sort Code is required.' });
  // 3 to 6 digits are accepted, yet the spec's message says 6.
  else if (!/^\d{3,6}$/.test(v.sortCode)) errors.push({ field: 'sortCode', message: 'Sort Code must be 6 digits.' });
  return errors;
}
