import { LabelledField } from './labelled-field.tsx';

/**
 * A labelled select: its options as [value, label] pairs, the first usually "all" (a filter) or
 * "choose…" (a form's required choice, whose message is then tied to it like TextField's).
 */
export function FilterSelect({ id, label, value, options, onChange, error }: { id: string; label: string; value: string; options: ReadonlyArray<readonly [string, string]>; onChange: (value: string) => void; error?: string | undefined }) {
  return (
    <LabelledField id={id} label={label} error={error}>
      {(control) => (
        <select {...control} className="bo-field__input" value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}
