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
  const inputId = id ?? `bo-${name}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`bo-field${error ? ' bo-field--invalid' : ''}`}>
      <label htmlFor={inputId} className="bo-field__label">
        {label}
      </label>
      <input
        {...input}
        id={inputId}
        name={name}
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
