import { useEffect, useState } from 'react';
import { clampQuantity } from './add-availability.ts';

/**
 * −/+ buttons, a number field and quick picks, all capped at `max`; `stockBinds`: the cap is the
 * tickets left, not the per-person limit, and the hint says so (never when the operator hides
 * the ticket count: the hint would give it away).
 */
export function QuantityPicker({
  value,
  max,
  stockBinds = false,
  quickPicks,
  disabled,
  onChange,
}: {
  value: number;
  max: number;
  stockBinds?: boolean;
  quickPicks: number[];
  disabled: boolean;
  onChange: (quantity: number) => void;
}) {
  // The field may hold an unfinished entry ('' while retyping); it settles on blur.
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const set = (n: number) => onChange(clampQuantity(n, max));

  return (
    <div className="cat-qty">
      <div className="cat-qty__row">
        <button type="button" className="cat-qty__step" aria-label="One ticket fewer" disabled={disabled || value <= 1} onClick={() => set(value - 1)}>
          −
        </button>
        <label className="cat-sr-only" htmlFor="cat-qty-input">
          Number of tickets
        </label>
        <input
          id="cat-qty-input"
          className="cat-qty__input"
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, max)}
          value={draft}
          disabled={disabled}
          onChange={(e) => {
            setDraft(e.target.value);
            const n = Number(e.target.value);
            if (e.target.value !== '' && Number.isFinite(n)) set(n);
          }}
          onBlur={() => setDraft(String(value))}
        />
        <button type="button" className="cat-qty__step" aria-label="One ticket more" disabled={disabled || value >= max} onClick={() => set(value + 1)}>
          +
        </button>
      </div>
      {quickPicks.length > 0 && (
        <div className="cat-qty__picks" role="group" aria-label="Quick picks">
          {quickPicks.map((n) => (
            <button
              key={n}
              type="button"
              className="cat-qty__pick"
              aria-label={`${n} tickets`}
              aria-pressed={value === Math.min(n, max)}
              disabled={disabled}
              onClick={() => set(n)}
            >
              {n}
            </button>
          ))}
        </div>
      )}
      {!disabled && (
        <p className="cat-qty__limit">
          {stockBinds
            ? `Only ${max.toLocaleString('en-GB')} ${max === 1 ? 'ticket' : 'tickets'} left.`
            : `Up to ${max.toLocaleString('en-GB')} tickets per person for this competition.`}
        </p>
      )}
    </div>
  );
}
