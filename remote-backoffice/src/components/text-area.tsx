import type { TextareaHTMLAttributes } from 'react';

interface Props extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
}

/** TextField's many-line sibling: a labelled textarea with its message and hint tied to it. */
export function TextArea({ name, label, value, onChange, error, hint, id, rows = 4, ...input }: Props) {
  const inputId = id ?? `bo-${name}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`bo-field${error ? ' bo-field--invalid' : ''}`}>
      <label htmlFor={inputId} className="bo-field__label">
        {label}
      </label>
      <textarea
        {...input}
        id={inputId}
        name={name}
        rows={rows}
        className="bo-field__input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      />
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
