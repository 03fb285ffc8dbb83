import { describe, expect, it } from 'vitest';
import { accountDetailsErrors, profileErrors, type AccountDetailsValues } from './account-details-rules.ts';

const valid: AccountDetailsValues = { firstName: 'Priya', lastName: 'Shah', email: 'priya@example.co.uk', currentPassword: '', newPassword: '', confirmPassword: '' };
const messages = (v: Partial<AccountDetailsValues>) => accountDetailsErrors({ ...valid, ...v }).map((e) => `${e.field}: ${e.message}`);

describe('account details rules (spec section 5)', () => {
  it('accepts names and email with the password section left empty', () => {
    expect(messages({})).toEqual([]);
  });

  it('lists every failing rule in the spec order', () => {
    expect(messages({ firstName: ' ', lastName: '', email: '' })).toEqual([
      'firstName: First Name is required.',
      'lastName: Last Name is required.',
      'email: Email address is required.',
    ]);
    expect(messages({ email: 'priya@nowhere' })).toEqual(['email: Email address is invalid.']);
    expect(messages({ email: 'two words@x.com' })).toEqual(['email: Email address is invalid.']);
  });

  it('wants all password fields once one is filled', () => {
    expect(messages({ currentPassword: 'old-Pass1!xyz' })).toEqual(['newPassword: Please Fill all password fields.']);
    expect(messages({ currentPassword: 'old', newPassword: 'Abcdefgh1!xyz' })).toEqual(['confirmPassword: Please Fill all password fields.']);
    expect(messages({ newPassword: 'Abcdefgh1!xyz', confirmPassword: 'Abcdefgh1!xyz' })).toEqual(['currentPassword: Please Fill all password fields.']);
  });

  it('needs 12+ characters with a letter, a digit and a special character, and a matching confirmation', () => {
    const rule = 'newPassword: Password must contain one letter, number and special charactor.';
    for (const weak of ['Short1!', 'abcdefghijkl!', 'abcdefghijk1', '123456789012!']) {
      expect(messages({ currentPassword: 'x', newPassword: weak, confirmPassword: weak })).toEqual([rule]);
    }
    expect(messages({ currentPassword: 'x', newPassword: 'Abcdefgh1!xyz', confirmPassword: 'Abcdefgh1!xy' })).toEqual([
      'confirmPassword: New password and Confirm password do not match.',
    ]);
    expect(messages({ currentPassword: 'x', newPassword: 'Abcdefgh1!xyz', confirmPassword: 'Abcdefgh1!xyz' })).toEqual([]);
  });

  it('the profile path says "All feilds are required" for a missing name', () => {
    expect(profileErrors({ firstName: '', lastName: 'Shah' })).toEqual([{ field: 'firstName', message: 'All feilds are required' }]);
    expect(profileErrors({ firstName: 'Priya', lastName: ' ' })).toEqual([{ field: 'lastName', message: 'All feilds are required' }]);
    expect(profileErrors({ firstName: 'Priya', lastName: 'Shah' })).toEqual([]);
  });
});
