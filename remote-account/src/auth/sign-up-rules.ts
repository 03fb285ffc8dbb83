import { dateOfBirthError, limitChoiceErrors, type LimitChoiceValues } from '@cgg/contracts/account';
import { meetsPasswordRule, nameEmailErrors, PASSWORD_RULE_MESSAGE } from '@cgg/contracts/forms';
import {
  type FieldError,
} from '@cgg/contracts';

export interface SignUpValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  /** 'YYYY-MM-DD' (the date input's value). */
  dateOfBirth: string;
  /** UK prize-draw code 1.4: a monthly limit or an explicit "no limit". */
  limitChoice: LimitChoiceValues['choice'];
  monthlyLimit: string;
  over18: boolean;
}
export type SignUpField = keyof SignUpValues;

export const OVER_18_MESSAGE = 'Please confirm that you are 18 or over.';
export const PASSWORDS_DIFFER = 'Password and Confirm password do not match.';

/**
 * Sign-up (not in the spec): the account form's name/email rules, its password rule, the
 * date of birth (18 or over on `today`, London's 'YYYY-MM-DD'; the API's own rule), the
 * monthly-limit question and the 18+ confirmation, in the form's order.
 */
export function signUpErrors(v: SignUpValues, today: string): FieldError<SignUpField>[] {
  const errors = nameEmailErrors<SignUpField>(v, { firstName: 'firstName', lastName: 'lastName', email: 'email' });
  if (!v.password) errors.push({ field: 'password', message: 'Please enter a password' });
  else if (!meetsPasswordRule(v.password)) errors.push({ field: 'password', message: PASSWORD_RULE_MESSAGE });
  if (v.password && v.confirmPassword !== v.password) errors.push({ field: 'confirmPassword', message: PASSWORDS_DIFFER });
  const dob = dateOfBirthError(v.dateOfBirth, today, 'account');
  if (dob) errors.push({ field: 'dateOfBirth', message: dob });
  errors.push(...limitChoiceErrors<SignUpField>({ choice: v.limitChoice, amount: v.monthlyLimit }, { choice: 'limitChoice', amount: 'monthlyLimit' }));
  if (!v.over18) errors.push({ field: 'over18', message: OVER_18_MESSAGE });
  return errors;
}
