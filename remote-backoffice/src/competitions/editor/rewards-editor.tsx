import type { FieldErrors } from '../../components/field-errors.ts';
import { TextField } from '../../components/text-field.tsx';
import { blankReward, type RewardRow } from './competition-form.ts';

/** Reward milestones: when a percentage of the tickets is sold, a ticket drawn from the entries so far wins the reward. */
export function RewardsEditor({ rows, onChange, errors, locked }: { rows: RewardRow[]; onChange: (rows: RewardRow[]) => void; errors: FieldErrors; locked: string | null }) {
  const set = (i: number, patch: Partial<RewardRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="bo-fieldset" disabled={locked !== null}>
      <legend>Reward milestones</legend>
      {locked && <p className="bo-notice">{locked}</p>}
      {rows.map((row, i) => (
        <div className="bo-row-fields" key={i} role="group" aria-label={`Reward milestone ${i + 1}`}>
          <TextField name={`reward_wins.${i}.title`} label={`Reward ${i + 1}`} value={row.title} onChange={(v) => set(i, { title: v })} error={errors[`reward_wins.${i}.title`]} />
          <TextField name={`reward_wins.${i}.prize_value`} label="Value (£)" value={row.prize_value} onChange={(v) => set(i, { prize_value: v })} error={errors[`reward_wins.${i}.prize_value`]} inputMode="decimal" />
          <TextField name={`reward_wins.${i}.percentage`} label="At % sold" value={row.percentage} onChange={(v) => set(i, { percentage: v })} error={errors[`reward_wins.${i}.percentage`]} inputMode="numeric" />
          <button type="button" className="bo-small-button" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            Remove reward {i + 1}
          </button>
        </div>
      ))}
      <button type="button" className="bo-small-button" onClick={() => onChange([...rows, blankReward()])}>
        Add a reward milestone
      </button>
    </fieldset>
  );
}
