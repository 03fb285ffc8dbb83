import { onTestFinished } from 'vitest';

/** A field as it was at the moment it took the focus. */
export interface FocusedField {
  element: Element;
  invalid: string | null;
  describedBy: string | null;
  /** The text of what aria-describedby names, then. */
  description: string;
}

/**
 * (For component tests of every front end: shared here, the package they all have.)
 * Records each field as it takes the focus. A screen reader reads a field at that moment, so a
 * message rendered just after the focus moved is never said, although the page looks right by
 * the time a test asserts; this sees what the reader saw. Stops at the end of the test.
 */
export function recordFocus(): { last: () => FocusedField | null } {
  let last: FocusedField | null = null;
  const onFocus = (event: FocusEvent) => {
    const element = event.target as Element;
    const describedBy = element.getAttribute('aria-describedby');
    const description = (describedBy ?? '')
      .split(/\s+/)
      .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
      .join(' ')
      .trim();
    last = { element, invalid: element.getAttribute('aria-invalid'), describedBy, description };
  };
  document.addEventListener('focusin', onFocus);
  onTestFinished(() => document.removeEventListener('focusin', onFocus));
  return { last: () => last };
}
