/** A labelled select that filters a list: its options as [value, label] pairs, the first usually "all". */
export function FilterSelect({ id, label, value, options, onChange }: { id: string; label: string; value: string; options: ReadonlyArray<readonly [string, string]>; onChange: (value: string) => void }) {
  return (
    <div className="bo-field">
      <label htmlFor={id} className="bo-field__label">
        {label}
      </label>
      <select id={id} className="bo-field__input" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
