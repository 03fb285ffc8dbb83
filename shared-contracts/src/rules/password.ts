/** Spec section 9: password minimum 12 characters. */
export const PASSWORD_MIN_LENGTH = 12;

export const PASSWORD_RULE_MESSAGE = 'Password must contain one letter, number and special charactor.';

/**
 * Spec section 5: at least 12 characters with a letter, a digit and a special character
 * (anything neither letter, digit nor space). The forms and the API apply this one test.
 */
export function meetsPasswordRule(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && /\p{L}/u.test(password) && /\p{Nd}/u.test(password) && /[^\p{L}\p{Nd}\s]/u.test(password);
}
