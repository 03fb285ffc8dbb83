import type { TextareaHTMLAttributes } from 'react';
import { LabelledField } from './labelled-field.tsx';

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
  return (
    <LabelledField id={id ?? `bo-${name}`} label={label} error={error} hint={hint}>
      {(control) => <textarea {...input} {...control} name={name} rows={rows} className="bo-field__input" value={value} onChange={(e) => onChange(e.target.value)} />}
    </LabelledField>
  );
}
