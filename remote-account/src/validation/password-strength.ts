import { PASSWORD_MIN_LENGTH } from '@cgg/contracts/forms';

export type StrengthLevel = 'empty' | 'weak' | 'medium' | 'strong';

export interface Strength {
  level: StrengthLevel;
  /** The meter's label. */
  label: string;
  /** A second line when the password is too short. */
  advice?: string;
}

export const PASSWORD_HINT =
  'Hint: The password should be at least twelve characters long. To make it stronger, use upper and lower case letters, numbers, and symbols like ! " ? $ % ^ & ).';

/** Character classes the meter counts (spec section 5): letters, digits, symbols @$!%*?&. */
export function characterClasses(password: string): number {
  return [/[A-Za-z]/, /\d/, /[@$!%*?&]/].filter((re) => re.test(password)).length;
}

/**
 * Spec section 5 strength meter: fewer than 2 classes is very weak; all 3 classes and
 * 12+ characters is strong; anything between is medium, with the length advice when short.
 */
export function passwordStrength(password: string): Strength {
  if (!password) return { level: 'empty', label: 'Please enter a password' };
  const classes = characterClasses(password);
  if (classes < 2) return { level: 'weak', label: 'Very weak - Please enter a stronger password.' };
  if (classes >= 3 && password.length >= PASSWORD_MIN_LENGTH) return { level: 'strong', label: 'Strong' };
  return password.length < PASSWORD_MIN_LENGTH
    ? { level: 'medium', label: 'Medium', advice: 'Password length should be at least 12 characters.' }
    : { level: 'medium', label: 'Medium' };
}
