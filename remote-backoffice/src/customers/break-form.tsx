import { useState, type FormEvent } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, staffCustomerBreakRequestSchema, type StaffCustomer } from '@cgg/contracts/staff';
import { staffRequest } from '../api/staff-api.ts';
import { fieldErrorsOf, type FieldErrors } from '../components/field-errors.ts';
import { FilterSelect } from '../components/filter-select.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { TextField } from '../components/text-field.tsx';
import { ConfirmPanel } from '../components/confirm-panel.tsx';
import { useSave } from '../components/use-save.ts';

type BreakAsk = ReturnType<(typeof staffCustomerBreakRequestSchema)['parse']>;

const periods = [
  ['24h', '24 hours'],
  ['7d', '7 days'],
  ['30d', '30 days'],
  ['6m', '6 months'],
  ['permanent', 'Close the account permanently'],
] as const;
const periodName = (value: string): string => periods.find(([v]) => v === value)?.[1] ?? value;

/**
 * A break for the customer (UK code 1.5), as when they take one themselves: from now, their
 * checkouts are refused until it ends; it can lengthen a break, never shorten it. Audited with
 * the reason.
 */
export function BreakForm({ customerId, onSaved }: { customerId: number; onSaved: (c: StaffCustomer, message: string) => void }) {
  const [period, setPeriod] = useState<string>('24h');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  // Asked once more before it starts: no one in the back office can shorten or lift it after.
  const [confirming, setConfirming] = useState<BreakAsk | null>(null);
  const save = useSave();

  function review(event: FormEvent) {
    event.preventDefault();
    save.reset();
    const parsed = staffCustomerBreakRequestSchema.safeParse({ customer_id: customerId, period, reason });
    setErrors(parsed.success ? {} : fieldErrorsOf(parsed.error.issues));
    if (parsed.success) setConfirming(parsed.data);
  }

  async function start(ask: BreakAsk) {
    if (save.busy) return;
    await save.run(async () => {
      const c = (await staffRequest((o) => apiRequest(staffCalls.staffCustomerBreak, ask, o))).data;
      setReason('');
      onSaved(c, ask.period === 'permanent' ? 'The account is closed permanently.' : 'The break has started.');
    });
    setConfirming(null);
  }

  const edit = <T,>(set: (value: T) => void) => (value: T) => {
    setConfirming(null);
    set(value);
  };

  return (
    <form className="bo-form" onSubmit={review} noValidate aria-label="Start a break">
      <FormAlert message={save.refusal} />
      <FilterSelect id="bo-break-period" label="Length" value={period} options={periods} onChange={edit(setPeriod)} />
      <TextField name="break-reason" label="Reason (kept in the audit log)" value={reason} onChange={edit(setReason)} error={errors.reason} maxLength={500} />
      {confirming ? (
        <ConfirmPanel
          label="Confirm the break"
          question={
            confirming.period === 'permanent'
              ? 'Close this account permanently? The customer can never check out again, and no one can reopen it from the back office.'
              : `Start a break of ${periodName(confirming.period)} now? The customer's checkouts are refused until it ends, and it cannot be shortened or lifted.`
          }
          yes={confirming.period === 'permanent' ? 'Yes, close the account permanently' : 'Yes, start the break'}
          busyText="Saving…"
          busy={save.busy}
          small
          onYes={() => void start(confirming)}
          onBack={() => setConfirming(null)}
        />
      ) : (
        <button type="submit" className="bo-small-button">
          Start now
        </button>
      )}
    </form>
  );
}
