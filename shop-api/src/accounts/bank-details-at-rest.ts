import { maskBankNumber } from '@cgg/contracts/forms';
import { dataCipher } from '../lib/data-encryption.ts';

export interface BankDetails {
  account_number: string;
  sort_code: string;
}

/** Bank details as stored (customers' financial details, prize claims): each field AES-256-GCM encrypted. */
export function sealBankDetails(plain: BankDetails): BankDetails {
  const cipher = dataCipher();
  return { account_number: cipher.encrypt(plain.account_number, 'account_number'), sort_code: cipher.encrypt(plain.sort_code, 'sort_code') };
}

/** The whole numbers: only for the calls whose screen shows them (the financial details form). */
export function openBankDetails(stored: BankDetails): BankDetails {
  const cipher = dataCipher();
  return { account_number: cipher.decrypt(stored.account_number, 'account_number'), sort_code: cipher.decrypt(stored.sort_code, 'sort_code') };
}

/** What every other answer shows: the last 4 digits of the account, the last 2 of the sort code; '' when none are saved. */
export function maskedBankDetails(stored: BankDetails): BankDetails {
  const plain = openBankDetails(stored);
  return {
    account_number: plain.account_number ? maskBankNumber(plain.account_number, 4) : '',
    sort_code: plain.sort_code ? maskBankNumber(plain.sort_code, 2) : '',
  };
}
