import { type FieldError, meetsPasswordRule, nameEmailErrors, PASSWORD_RULE_MESSAGE } from '@cgg/contracts';

export interface SignUpValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  over18: boolean;
}
export type SignUpField = keyof SignUpValues;

export const OVER_18_MESSAGE = 'Please confirm that you are 18 or over.';
export const PASSWORDS_DIFFER = 'Password and Confirm password do not match.';

/** Sign-up (not in the spec): the account form's name/email rules, its password rule, and the 18+ confirmation. */
export function signUpErrors(v: SignUpValues): FieldError<SignUpField>[] {
  const errors = nameEmailErrors<SignUpField>(v, { firstName: 'firstName', lastName: 'lastName', email: 'email' });
  if (!v.password) errors.push({ field: 'password', message: 'Please enter a password' });
  else if (!meetsPasswordRule(v.password)) errors.push({ field: 'password', message: PASSWORD_RULE_MESSAGE });
  if (v.password && v.confirmPassword !== v.password) errors.push({ field: 'confirmPassword', message: PASSWORDS_DIFFER });
  if (!v.over18) errors.push({ field: 'over18', message: OVER_18_MESSAGE });
  return errors;
}
