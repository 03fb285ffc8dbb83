import { describe, expect, it } from 'vitest';
import { bankDetailsErrors, digitsOnly, maskBankNumber } from './bank-details.ts';

const messages = (v: Parameters<typeof bankDetailsErrors>[0]) => bankDetailsErrors(v).map((e) => `${e.field}: ${e.message}`);

describe('bank details rules (spec section 5)', () => {
  it('passes good details, with or without the confirmation field', () => {
    expect(bankDetailsErrors({ account_number: '12345678', sort_code: '112233' })).toEqual([]);
    expect(bankDetailsErrors({ account_number: '12345678', confirm_account_number: '12345678', sort_code: '123' })).toEqual([]);
  });
  it('names every missing field with the spec texts, in form order', () => {
    expect(messages({ account_number: ' ', confirm_account_number: '', sort_code: '' })).toEqual([
      'account_number: Account Number is required.',
      'confirm_account_number: Confirm Account Number is required.',
      'sort_code: Sort Code is required.',
    ]);
  });
  it('refuses non-digits, mismatches and bad sort codes', () => {
    expect(messages({ account_number: '1234-5678', sort_code: '12' })).toEqual([
      'account_number: Account Number must contain only numbers.',
      'sort_code: Sort Code must be 6 digits.',
    ]);
    expect(messages({ account_number: '12345678', confirm_account_number: '12345679', sort_code: '1234567' })).toEqual([
      'confirm_account_number: Account Numbers do not match.',
      'sort_code: Sort Code must be 6 digits.',
    ]);
    expect(messages({ account_number: '12345678', sort_code: '11-22' })).toEqual(['sort_code: Sort Code must be 6 digits.']);
  });
  it('reports each rule in order (account form, with the confirmation field)', () => {
    const msgs = (account_number: string, confirm_account_number: string, sort_code: string) =>
      bankDetailsErrors({ account_number, confirm_account_number, sort_code }).map((e) => e.message);
    expect(msgs('', '', '')).toEqual(['Account Number is required.', 'Confirm Account Number is required.', 'Sort Code is required.']);
    expect(msgs('12a4', '12a4', '112233')).toEqual(['Account Number must contain only numbers.']);
    expect(msgs('12345678', '12345679', '112233')).toEqual(['Account Numbers do not match.']);
    expect(msgs('12345678', '12345678', '112')).toEqual([]);
    expect(msgs('12345678', '12345678', '112233')).toEqual([]);
    for (const bad of ['12', '11-22', '1122334', 'abc']) expect(msgs('12345678', '12345678', bad)).toEqual(['Sort Code must be 6 digits.']);
  });
  it('strips non-digits as the fields are typed', () => {
    expect(digitsOnly('12 34-56ab78')).toBe('12345678');
    expect(digitsOnly('12-34 ab56')).toBe('123456');
  });
  it('masks all but the last digits', () => {
    expect(maskBankNumber('12345678', 4)).toBe('****5678');
    expect(maskBankNumber('112233', 2)).toBe('****33');
  });
});
