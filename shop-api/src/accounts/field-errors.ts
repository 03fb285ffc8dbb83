import { EMAIL_REQUIRED, FIRST_NAME_REQUIRED, LAST_NAME_REQUIRED, nameEmailErrors } from '@cgg/contracts/forms';
import { type FieldError } from '@cgg/contracts';
import { WpHttpError } from '../http/wp-error.ts';

/** The API's own limit on a text field (the forms set none). */
export const MAX_TEXT_LENGTH = 200;

const tooLong = (requiredMessage: string): string => `${requiredMessage.replace(/ is required\.$/, '')} is too long.`;

/**
 * A failed save: 400 in WordPress' error shape whose message is the spec's text, plus
 * the spec's `success: false, error` so a client reading either shape shows the same
 * text. `data.params` names the field. Nothing is written.
 */
export function fieldError(field: string, message: string, code = 'rest_invalid_param'): WpHttpError {
  return new WpHttpError(400, code, message, { params: { [field]: message } }, { success: false, error: message });
}

/**
 * A shared form rule's errors (from @cgg/contracts, so the API says what the form says)
 * with the API's length limit added: per field, in the order of `required` (each field's
 * "... is required." text), a value over 200 characters is "... is too long." in place
 * of the rule's error.
 */
export function withLengthLimit<F extends string>(
  errors: readonly FieldError<F>[],
  values: Readonly<Record<F, string>>,
  required: Readonly<Record<F, string>>,
): FieldError<F>[] {
  return (Object.keys(required) as F[]).flatMap((field) =>
    values[field].length > MAX_TEXT_LENGTH ? [{ field, message: tooLong(required[field]) }] : errors.filter((e) => e.field === field),
  );
}

/** Throws the 400 for the first error (the field a form would focus), if any. */
export function throwFirst(errors: readonly FieldError[]): void {
  const [first] = errors;
  if (first) throw fieldError(first.field, first.message);
}

/** Spec section 5 name and email rules (the forms' own, from @cgg/contracts) with the length limit, on trimmed values. */
export function checkNameEmail<F extends string>(
  values: { firstName: string; lastName: string; email: string },
  fields: { firstName: F; lastName: F; email: F },
): void {
  const byField = { [fields.firstName]: values.firstName, [fields.lastName]: values.lastName, [fields.email]: values.email } as Record<F, string>;
  const required = { [fields.firstName]: FIRST_NAME_REQUIRED, [fields.lastName]: LAST_NAME_REQUIRED, [fields.email]: EMAIL_REQUIRED } as Record<F, string>;
  throwFirst(withLengthLimit(nameEmailErrors(values, fields), byField, required));
}
