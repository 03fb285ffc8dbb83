/**
 * Spec section 5, bank details form: the rules and texts of the account's financial
 * details, shared by every screen that asks for a UK bank account (the account area and
 * the prize claim's cash option) and checked again by the API. Sort codes of 3 to 6
 * digits pass, yet the message says 6: both as the spec says.
 */
export interface BankDetailsValues {
  account_number: string;
  /** Only forms with a confirmation field send it; undefined skips those two rules. */
  confirm_account_number?: string | undefined;
  sort_code: string;
}
export type BankDetailsField = 'account_number' | 'confirm_account_number' | 'sort_code';

export const SORT_CODE_MAX_LENGTH = 6;

/** Typing strips non-digits in the account-number fields (spec). */
export const digitsOnly = (value: string): string => value.replace(/\D+/g, '');

/** Every failing rule, in the form's order (first = the field to focus). */
export function bankDetailsErrors(v: BankDetailsValues): { field: BankDetailsField; message: string }[] {
  const errors: { field: BankDetailsField; message: string }[] = [];
  const account = v.account_number.trim();
  const sortCode = v.sort_code.trim();
  if (!account) errors.push({ field: 'account_number', message: 'Account Number is required.' });
  else if (!/^\d+$/.test(account)) errors.push({ field: 'account_number', message: 'Account Number must contain only numbers.' });
  if (v.confirm_account_number !== undefined) {
    const confirm = v.confirm_account_number.trim();
    if (!confirm) errors.push({ field: 'confirm_account_number', message: 'Confirm Account Number is required.' });
    else if (account && confirm !== account) errors.push({ field: 'confirm_account_number', message: 'Account Numbers do not match.' });
  }
  if (!sortCode) errors.push({ field: 'sort_code', message: 'Sort Code is required.' });
  else if (!/^\d{3,6}$/.test(sortCode)) errors.push({ field: 'sort_code', message: 'Sort Code must be 6 digits.' });
  return errors;
}

/** What a response may show of bank details: the last digits only ('****5678', '****56'). */
export function maskBankNumber(value: string, visible: number): string {
  const digits = value.trim();
  return `****${digits.slice(-visible)}`;
}
