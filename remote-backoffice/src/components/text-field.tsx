import type { InputHTMLAttributes } from 'react';
import { LabelledField } from './labelled-field.tsx';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled input with its validation message tied to it (aria-describedby), as screen readers expect. */
export function TextField({ name, label, value, onChange, error, hint, id, ...input }: Props) {
  return (
    <LabelledField id={id ?? `bo-${name}`} label={label} error={error} hint={hint}>
      {(control) => <input {...input} {...control} name={name} className="bo-field__input" value={value} onChange={(e) => onChange(e.target.value)} />}
    </LabelledField>
  );
}
