import { useState, type FormEvent } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, staffCustomerBreakRequestSchema, type StaffCustomer } from '@cgg/contracts/staff';
import { staffRequest } from '../api/staff-api.ts';
import { fieldErrorsOf, type FieldErrors } from '../components/field-errors.ts';
import { FilterSelect } from '../components/filter-select.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { TextField } from '../components/text-field.tsx';
import { useSave } from '../components/use-save.ts';

const periods = [
  ['24h', '24 hours'],
  ['7d', '7 days'],
  ['30d', '30 days'],
  ['6m', '6 months'],
  ['permanent', 'Close the account permanently'],
] as const;

/**
 * A break for the customer (UK code 1.5), as when they take one themselves: from now, their
 * checkouts are refused until it ends; it can lengthen a break, never shorten it. Audited with
 * the reason.
 */
export function BreakForm({ customerId, onSaved }: { customerId: number; onSaved: (c: StaffCustomer, message: string) => void }) {
  const [period, setPeriod] = useState<string>('24h');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSave();

  async function submit(event: FormEvent) {
    event.preventDefault();
    save.reset();
    const parsed = staffCustomerBreakRequestSchema.safeParse({ customer_id: customerId, period, reason });
    setErrors(parsed.success ? {} : fieldErrorsOf(parsed.error.issues));
    if (!parsed.success) return;
    await save.run(async () => {
      const c = (await staffRequest((o) => apiRequest(staffCalls.staffCustomerBreak, parsed.data, o))).data;
      setReason('');
      onSaved(c, parsed.data.period === 'permanent' ? 'The account is closed permanently.' : 'The break has started.');
    });
  }

  return (
    <form className="bo-form" onSubmit={submit} noValidate aria-label="Start a break">
      <FormAlert message={save.refusal} />
      <FilterSelect id="bo-break-period" label="Length" value={period} options={periods} onChange={setPeriod} />
      <TextField name="break-reason" label="Reason (kept in the audit log)" value={reason} onChange={setReason} error={errors.reason} maxLength={500} />
      <button type="submit" className="bo-small-button" disabled={save.busy}>
        {save.busy ? 'Saving…' : 'Start now'}
      </button>
    </form>
  );
}
