import type { FieldError } from './field-error.ts';

/** "looks like {email}": something@something.something, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** Spec section 5: the name and email rules shared by the account details and billing forms. */
export function nameEmailErrors<F extends string>(
  values: { firstName: string; lastName: string; email: string },
  fields: { firstName: F; lastName: F; email: F },
): FieldError<F>[] {
  const errors: FieldError<F>[] = [];
  if (!values.firstName.trim()) errors.push({ field: fields.firstName, message: 'First Name is required.' });
  if (!values.lastName.trim()) errors.push({ field: fields.lastName, message: 'Last Name is required.' });
  if (!values.email.trim()) errors.push({ field: fields.email, message: 'Email address is required.' });
  else if (!isEmail(values.email)) errors.push({ field: fields.email, message: 'Email address is invalid.' });
  return errors;
}
