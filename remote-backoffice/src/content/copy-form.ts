import type { FieldErrors } from '../components/field-errors.ts';

interface Issue {
  path: ReadonlyArray<PropertyKey>;
  message: string;
}

/**
 * The site-copy schemas' issues as one message per field. A step's field is 'steps.0.title'; a
 * line of a one-per-line list ('address_lines', 2) stays on its textarea, saying which line: its
 * line in the box as typed (`typed`: the textareas' texts, whose blank lines the list dropped).
 */
export function copyErrorsOf(issues: readonly Issue[], typed: Record<string, string> = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const { path, message } of issues) {
    const [field, index, sub] = path;
    if (sub !== undefined) errors[`${String(field)}.${String(index)}.${String(sub)}`] ??= message;
    else if (typeof index === 'number') errors[String(field)] ??= `Line ${lineInBox(typed[String(field)], index)}: ${message}`;
    else errors[String(field ?? '')] ??= message;
  }
  return errors;
}

/** A textarea's text as a one-per-line list: blank lines dropped. */
export const linesOf = (text: string): string[] => text.split(/\r?\n/).filter((line) => line.trim() !== '');

/** The line of the box (1-based, blank lines counted) holding the list's `index`-th line; without the box's text, index + 1. */
function lineInBox(text: string | undefined, index: number): number {
  if (text === undefined) return index + 1;
  let seen = -1;
  const lines = text.split(/\r?\n/);
  for (const [i, line] of lines.entries()) {
    if (line.trim() !== '' && ++seen === index) return i + 1;
  }
  return index + 1;
}
