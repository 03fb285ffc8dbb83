import { useState } from 'react';
import { failureMessage } from '../api/staff-api.ts';
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

/** A form's save: busy while sending, then "saved" or the API's refusal. */
export function useSave() {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  async function run(send: () => Promise<void>): Promise<void> {
    setRefusal(null);
    setSaved(false);
    setBusy(true);
    try {
      await send();
      setSaved(true);
    } catch (error) {
      setRefusal(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return { refusal, saved, busy, run, edited: () => setSaved(false) };
}
