import { describe, expect, it } from 'vitest';
import { bankErrors, digitsOnly } from './bank-rules.ts';

const msgs = (accountNumber: string, confirmAccountNumber: string, sortCode: string) => bankErrors({ accountNumber, confirmAccountNumber, sortCode }).map((e) => e.message);

describe('bank rules (spec section 5)', () => {
  it('strips everything but digits', () => {
    expect(digitsOnly('12-34 ab56')).toBe('123456');
  });

  it('reports each rule in order', () => {
    expect(msgs('', '', '')).toEqual(['Account Number is required.', 'Confirm Account Number is required.', 'Sort Code is required.']);
    expect(msgs('12a4', '12a4', '112233')).toEqual(['Account Number must contain only numbers.']);
    expect(msgs('12345678', '12345679', '112233')).toEqual(['Account Numbers do not match.']);
  });

  it('accepts 3 to 6 digit sort codes, with the spec message for anything else', () => {
    expect(msgs('12345678', '12345678', '112')).toEqual([]);
    expect(msgs('12345678', '12345678', '112233')).toEqual([]);
    for (const bad of ['12', '11-22', '1122334', 'abc']) expect(msgs('12345678', '12345678', bad)).toEqual(['Sort Code must be 6 digits.']);
  });
});
