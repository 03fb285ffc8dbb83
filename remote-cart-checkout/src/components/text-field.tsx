import type { InputHTMLAttributes } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}

/** A labelled input with its validation message tied to it (aria-describedby). */
export function TextField({ name, label, value, onChange, error, id, ...input }: Props) {
  const inputId = id ?? `cc-${name}`;
  const errorId = `${inputId}-error`;
  return (
    <div className={`cc-field${error ? ' cc-field--invalid' : ''}`}>
      <label htmlFor={inputId} className="cc-field__label">
        {label}
      </label>
      <input
        {...input}
        id={inputId}
        name={name}
        className="cc-field__input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={errorId} className="cc-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
