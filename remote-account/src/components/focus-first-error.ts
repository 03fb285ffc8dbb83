import type { FieldError } from '@cgg/contracts';

/**
 * Spec section 5: the first failing field is scrolled to and focused. Call it once the errors are
 * on the page (`flushSync(() => setErrors(found))` first): a screen reader reads the field's
 * message as the focus arrives, and one rendered just after is never said.
 */
export function focusFirstError(form: HTMLFormElement | null, errors: readonly FieldError[]): void {
  const first = errors[0];
  if (!form || !first) return;
  const named = form.elements.namedItem(first.field);
  // A radio group is a RadioNodeList: its first option takes the focus.
  const input = named instanceof RadioNodeList ? named[0] : named;
  if (input instanceof HTMLElement) {
    // jsdom has no scrollIntoView; browsers all do.
    input.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    input.focus({ preventScroll: true });
  }
}
