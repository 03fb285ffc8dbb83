import type { FieldErrors } from '../components/field-errors.ts';

interface Issue {
  path: ReadonlyArray<PropertyKey>;
  message: string;
}

/**
 * The site-copy schemas' issues as one message per field. A step's field is 'steps.0.title'; a
 * line of a one-per-line list ('address_lines', 2) stays on its textarea, saying which line.
 */
export function copyErrorsOf(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { path, message } of issues) {
    const [field, index, sub] = path;
    if (sub !== undefined) errors[`${String(field)}.${String(index)}.${String(sub)}`] ??= message;
    else if (typeof index === 'number') errors[String(field)] ??= `Line ${index + 1}: ${message}`;
    else errors[String(field ?? '')] ??= message;
  }
  return errors;
}

/** A textarea's text as a one-per-line list: blank lines dropped. */
export const linesOf = (text: string): string[] => text.split(/\r?\n/).filter((line) => line.trim() !== '');
