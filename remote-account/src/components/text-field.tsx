import type { InputHTMLAttributes } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
}

/** A labelled input with its validation message tied to it (aria-describedby), as screen readers expect. */
export function TextField({ name, label, value, onChange, error, hint, id, ...input }: Props) {
  const inputId = id ?? `acc-${name}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`acc-field${error ? ' acc-field--invalid' : ''}`}>
      <label htmlFor={inputId} className="acc-field__label">
        {label}
      </label>
      <input
        {...input}
        id={inputId}
        name={name}
        className="acc-field__input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <p id={hintId} className="acc-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="acc-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
