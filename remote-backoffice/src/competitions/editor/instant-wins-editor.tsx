import { useState } from 'react';
import type { FieldErrors } from '../../components/field-errors.ts';
import { TextField } from '../../components/text-field.tsx';
import { blankPrize, type PrizeRow } from './competition-form.ts';
import { parseInstantWinsCsv, type ParsedPrize } from './instant-wins-csv.ts';

interface Props {
  rows: PrizeRow[];
  onChange: (rows: PrizeRow[]) => void;
  errors: FieldErrors;
  locked: string | null;
}

/** Instant-win prizes: typed row by row, or imported from CSV after a preview of what will be created. */
export function InstantWinsEditor({ rows, onChange, errors, locked }: Props) {
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<ParsedPrize[] | null>(null);
  const set = (i: number, patch: Partial<PrizeRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const good = preview?.flatMap((p) => (p.prize ? [p.prize] : [])) ?? [];
  const numbers = good.reduce((n, p) => n + Number(p.quantity), 0);

  return (
    <fieldset className="bo-fieldset" disabled={locked !== null}>
      <legend>Instant wins</legend>
      {locked && <p className="bo-notice">{locked}</p>}
      <p className="bo-field__hint">Each prize wins on as many ticket numbers as its quantity; the numbers are drawn at random when you save and never change once a ticket sells.</p>
      {errors.instant_wins && <p className="bo-field__error">{errors.instant_wins}</p>}
      {rows.map((row, i) => (
        <div className="bo-row-fields" key={i} role="group" aria-label={`Instant-win prize ${i + 1}`}>
          <TextField name={`instant_wins.${i}.title`} label={`Prize ${i + 1}`} value={row.title} onChange={(v) => set(i, { title: v })} error={errors[`instant_wins.${i}.title`]} />
          <TextField name={`instant_wins.${i}.prize_value`} label="Value (£)" value={row.prize_value} onChange={(v) => set(i, { prize_value: v })} error={errors[`instant_wins.${i}.prize_value`]} inputMode="decimal" />
          <TextField name={`instant_wins.${i}.quantity`} label="Quantity" value={row.quantity} onChange={(v) => set(i, { quantity: v })} error={errors[`instant_wins.${i}.quantity`]} inputMode="numeric" />
          <button type="button" className="bo-small-button" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            Remove prize {i + 1}
          </button>
        </div>
      ))}
      <button type="button" className="bo-small-button" onClick={() => onChange([...rows, blankPrize()])}>
        Add an instant-win prize
      </button>
      <div className="bo-field">
        <label htmlFor="bo-instant-csv" className="bo-field__label">
          Import from CSV
        </label>
        <textarea id="bo-instant-csv" className="bo-field__input" rows={4} value={csv} placeholder="title,prize_value,quantity" onChange={(e) => setCsv(e.target.value)} />
        <p className="bo-field__hint">One prize a line: title, value in pounds (like 10.00), quantity, and optionally an image URL.</p>
      </div>
      <button type="button" className="bo-small-button" disabled={!csv.trim()} onClick={() => setPreview(parseInstantWinsCsv(csv))}>
        Preview the import
      </button>
      {preview && (
        <div role="region" aria-label="Import preview">
          <p>
            {good.length} of {preview.length} {preview.length === 1 ? 'line' : 'lines'} will be added: {good.length} {good.length === 1 ? 'prize' : 'prizes'} on {numbers} ticket numbers.
          </p>
          <ul className="bo-results">
            {preview.map((p) => (
              <li key={p.line}>
                Line {p.line}: {p.prize ? `${p.prize.title}, £${p.prize.prize_value} × ${p.prize.quantity}` : `not added: ${p.problem}`}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="bo-small-button"
            disabled={good.length === 0}
            onClick={() => {
              onChange([...rows, ...good]);
              setPreview(null);
              setCsv('');
            }}
          >
            Add {good.length} {good.length === 1 ? 'prize' : 'prizes'}
          </button>
        </div>
      )}
    </fieldset>
  );
}
