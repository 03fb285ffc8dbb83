import type { ReactNode } from 'react';

/** What a control inside a LabelledField needs for its label, message and hint to be tied to it. */
export interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A label, a control, and its hint and validation message tied to it (aria-describedby), as screen
 * readers expect: the frame of TextField and TextArea.
 */
export function LabelledField({ id, label, error, hint, children }: { id: string; label: string; error?: string | undefined; hint?: string | undefined; children: (control: FieldControl) => ReactNode }) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`bo-field${error ? ' bo-field--invalid' : ''}`}>
      <label htmlFor={id} className="bo-field__label">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="bo-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="bo-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
