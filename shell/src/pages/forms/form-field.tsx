import type { ReactNode } from 'react';

/** What a control inside a FormField needs for its label, hint and message to be tied to it. */
export interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A label, an optional hint, the control and its validation message, tied together for screen readers. */
export function FormField({ id, label, hint, error, children }: { id: string; label: string; hint?: string | undefined; error?: string | undefined; children: (control: FieldControl) => ReactNode }) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="sh-field">
      <label htmlFor={id} className="sh-field__label">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="sh-muted">
          {hint}
        </p>
      ) : null}
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error ? (
        <p id={`${id}-error`} className="sh-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What a sent form shows in its place: what the API answered and the reference to quote. */
export function SentNotice({ title, message, reference }: { title: string; message: string; reference: string }) {
  return (
    <div className="sh-card sh-confirmation" role="status">
      <h2>{title}</h2>
      <p>{message}</p>
      <p>
        Your reference: <strong>{reference}</strong>
      </p>
    </div>
  );
}
