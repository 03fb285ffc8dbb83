import type { FieldError } from '@cgg/contracts';

/** The first message per field, for showing under each input. */
export function firstErrorPerField<F extends string>(errors: readonly FieldError<F>[]): Partial<Record<F, string>> {
  const byField: Partial<Record<F, string>> = {};
  for (const e of errors) if (byField[e.field] === undefined) byField[e.field] = e.message;
  return byField;
}
