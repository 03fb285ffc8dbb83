import { meetsPasswordRule, nameEmailErrors, PASSWORD_RULE_MESSAGE } from '@cgg/contracts/forms';
import { type FieldError } from '@cgg/contracts';

export interface AccountDetailsValues {
  firstName: string;
  lastName: string;
  email: string;
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}
export type AccountDetailsField = keyof AccountDetailsValues;

/**
 * Spec section 5, account details form, in the spec's order. The password section is
 * optional: left empty, only the names and email are checked.
 */
export function accountDetailsErrors(v: AccountDetailsValues): FieldError<AccountDetailsField>[] {
  const errors = nameEmailErrors<AccountDetailsField>(v, { firstName: 'firstName', lastName: 'lastName', email: 'email' });
  const { currentPassword, newPassword, confirmPassword } = v;
  if (!currentPassword && !newPassword && !confirmPassword) return errors;
  const fill = 'Please Fill all password fields.';
  // Which field is missing decides where the message shows and what gets focus.
  if (!currentPassword) errors.push({ field: 'currentPassword', message: fill });
  else if (!newPassword) errors.push({ field: 'newPassword', message: fill });
  else if (!confirmPassword) errors.push({ field: 'confirmPassword', message: fill });
  if (newPassword && !meetsPasswordRule(newPassword)) errors.push({ field: 'newPassword', message: PASSWORD_RULE_MESSAGE });
  if (newPassword && confirmPassword && newPassword !== confirmPassword) {
    errors.push({ field: 'confirmPassword', message: 'New password and Confirm password do not match.' });
  }
  return errors;
}

/** The separate profile update path (spec section 5): both names or nothing. */
export function profileErrors(v: { firstName: string; lastName: string }): FieldError<'firstName' | 'lastName'>[] {
  if (!v.firstName.trim()) return [{ field: 'firstName', message: 'All feilds are required' }];
  if (!v.lastName.trim()) return [{ field: 'lastName', message: 'All feilds are required' }];
  return [];
}
