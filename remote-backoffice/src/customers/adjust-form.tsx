import { useState, type FormEvent } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffAdjustBalanceRequestSchema, staffCalls, type StaffCustomer } from '@cgg/contracts/staff';
import { staffRequest } from '../api/staff-api.ts';
import { fieldErrorsOf, hasErrors, type FieldErrors } from '../components/field-errors.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { TextField } from '../components/text-field.tsx';
import { useAskKey } from '../components/use-ask-key.ts';
import { useSave } from '../components/use-save.ts';

type Kind = 'points' | 'credit';

/**
 * Points or site credit added or removed, with the reason the customer sees; never below a zero
 * balance. Pressing again after a lost answer sends the same change under the same key, so it is
 * made once.
 */
export function AdjustForm({ customerId, onSaved }: { customerId: number; onSaved: (c: StaffCustomer, message: string) => void }) {
  const [kind, setKind] = useState<Kind>('points');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSave();
  const key = useAskKey();

  async function submit(event: FormEvent) {
    event.preventDefault();
    save.reset();
    const ask = { customer_id: customerId, kind, amount: amount.trim().replace(/^([+-]?)£/, '$1'), reason: reason.trim() };
    const payload = { ...ask, idempotency_key: key.keyFor(ask) };
    const parsed = staffAdjustBalanceRequestSchema.safeParse(payload);
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
    if (!found.amount && kind === 'points' && payload.amount.includes('.')) found.amount = 'Points are whole numbers, like 50 or -50.';
    setErrors(found);
    if (hasErrors(found) || !parsed.success) return;
    await save.run(async () => {
      const answer = await staffRequest((o) => apiRequest(staffCalls.staffAdjustBalance, parsed.data, o));
      key.done();
      onSaved(answer.data, kind === 'points' ? `Points now ${answer.data.points}.` : `Site credit now £${answer.data.credit}.`);
      setAmount('');
      setReason('');
    });
  }

  return (
    <form className="bo-form" onSubmit={submit} noValidate aria-label="Adjust points or credit">
      <FormAlert message={save.refusal} />
      <div className="bo-field">
        <label htmlFor="bo-adjust-kind" className="bo-field__label">
          Balance
        </label>
        <select id="bo-adjust-kind" className="bo-field__input" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
          <option value="points">Loyalty points</option>
          <option value="credit">Site credit (£)</option>
        </select>
      </div>
      <TextField name="adjust-amount" label="Change" hint={kind === 'points' ? 'e.g. 50 or -50' : 'e.g. 10 or -4.50'} inputMode="decimal" value={amount} onChange={setAmount} error={errors.amount} />
      <TextField name="adjust-reason" label="Reason (the customer sees it)" value={reason} onChange={setReason} error={errors.reason} maxLength={200} />
      <button type="submit" className="bo-small-button" aria-disabled={save.busy || undefined}>
        {save.busy ? 'Saving…' : 'Save change'}
      </button>
    </form>
  );
}
