import type { FieldError } from './field-error.ts';

/**
 * Spec section 5, account details form: the name and email rules, which the billing
 * form, sign-up and the API's checks of the same fields reuse ("same rules as above").
 */
export const FIRST_NAME_REQUIRED = 'First Name is required.';
export const LAST_NAME_REQUIRED = 'Last Name is required.';
export const EMAIL_REQUIRED = 'Email address is required.';
export const EMAIL_INVALID = 'Email address is invalid.';

/** "looks like {email}": something@something.something, no spaces. Every form's email check (and the API's of the same fields). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** The email rule's message for this value, or undefined when it passes. */
export function emailError(value: string): string | undefined {
  if (!value.trim()) return EMAIL_REQUIRED;
  return isEmail(value) ? undefined : EMAIL_INVALID;
}

/** First name, last name, email, in the form's order; `fields` names each form's inputs. */
export function nameEmailErrors<F extends string>(
  values: { firstName: string; lastName: string; email: string },
  fields: { firstName: F; lastName: F; email: F },
): FieldError<F>[] {
  const errors: FieldError<F>[] = [];
  if (!values.firstName.trim()) errors.push({ field: fields.firstName, message: FIRST_NAME_REQUIRED });
  if (!values.lastName.trim()) errors.push({ field: fields.lastName, message: LAST_NAME_REQUIRED });
  const email = emailError(values.email);
  if (email) errors.push({ field: fields.email, message: email });
  return errors;
}
