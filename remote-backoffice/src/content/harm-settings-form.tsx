import { useState, type FormEvent } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, staffHarmSettingsUpdateRequestSchema, type HarmSettings } from '@cgg/contracts/staff';
import { failureMessage, staffRequest } from '../api/staff-api.ts';
import { fieldErrorsOf, hasErrors, type FieldErrors } from '../components/field-errors.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { TextField } from '../components/text-field.tsx';

type Field = keyof HarmSettings;

/** The fields in the order the rules read them, each with its label; money fields stay pound strings. */
const fields: ReadonlyArray<{ field: Field; label: string; money?: true; decimal?: true }> = [
  { field: 'spend_spike_multiplier', label: 'Spend spike: times their weekly average', decimal: true },
  { field: 'spend_spike_weeks', label: 'Spend spike: weeks the average covers' },
  { field: 'spend_spike_floor', label: 'Spend spike: only above (£)', money: true },
  { field: 'raises_count', label: 'Limit raises: how many' },
  { field: 'raises_days', label: 'Limit raises: within days' },
  { field: 'late_night_orders', label: 'Late night: how many orders' },
  { field: 'late_night_days', label: 'Late night: within days' },
  { field: 'late_night_from_hour', label: 'Late night: from hour (London, 0-23)' },
  { field: 'late_night_to_hour', label: 'Late night: to hour (London, 1-24)' },
  { field: 'after_end_minutes', label: 'After a limit or break ended: within minutes' },
  { field: 'near_limit_percent', label: 'Near their limit: percent spent' },
  { field: 'high_spend', label: 'High spending: over (£)', money: true },
  { field: 'high_spend_days', label: 'High spending: within days' },
  { field: 'break_lookback_days', label: 'Break started: within days' },
];

const draftOf = (s: HarmSettings): Record<Field, string> => Object.fromEntries(fields.map(({ field }) => [field, String(s[field])])) as Record<Field, string>;
const numberOf = (v: string, decimal: boolean): number => ((decimal ? /^\s*\d{1,3}(\.\d)?\s*$/ : /^\s*\d{1,9}\s*$/).test(v) ? Number(v) : Number.NaN);

/**
 * Admins: the thresholds of the rules that flag customers for review (UK code 1.6 to 1.8). Only
 * what changed is sent; the next evaluation uses it; each change is in the audit log.
 */
export function HarmSettingsForm({ settings: loaded, onSaved }: { settings: HarmSettings; onSaved: () => void }) {
  // As loaded, then as last saved: what a change is measured against, and the save's base.
  const [settings, setSettings] = useState(loaded);
  const [draft, setDraft] = useState(() => draftOf(loaded));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setRefusal(null);
    setSaved(false);
    const changed = Object.fromEntries(
      fields.filter(({ field }) => draft[field].trim() !== String(settings[field])).map(({ field, money, decimal }) => [field, money ? draft[field] : numberOf(draft[field], decimal === true)]),
    );
    const parsed = staffHarmSettingsUpdateRequestSchema.safeParse(changed);
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error.issues.map((i) => (i.code === 'invalid_type' ? { ...i, message: 'Enter a number.' } : i)));
    setErrors(found);
    if (hasErrors(found) || !parsed.success) return;
    setBusy(true);
    try {
      // The fields sent, as loaded: someone else's save of one of them meanwhile is refused, not overwritten.
      const base = Object.fromEntries(Object.keys(changed).map((k) => [k, settings[k as keyof HarmSettings]]));
      const answer = await staffRequest((o) => apiRequest(staffCalls.staffHarmSettingsUpdate, { ...parsed.data, base }, o));
      setSettings(answer.data);
      setDraft(draftOf(answer.data));
      setSaved(true);
      onSaved();
    } catch (error) {
      setRefusal(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="bo-form bo-form--wide" onSubmit={submit} noValidate aria-label="Review thresholds">
      <FormAlert message={refusal} />
      {saved && (
        <p className="bo-success" role="status">
          Saved. The next check of each customer uses them.
        </p>
      )}
      {fields.map(({ field, label }) => (
        <TextField key={field} name={field} label={label} inputMode="decimal" value={draft[field]} onChange={(v) => {
          setSaved(false);
          setDraft((d) => ({ ...d, [field]: v }));
        }} error={errors[field]} />
      ))}
      <button type="submit" className="bo-button" aria-disabled={busy || undefined}>
        {busy ? 'Saving…' : 'Save thresholds'}
      </button>
    </form>
  );
}
