import { useState, type FormEvent } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, staffResolvePaymentProblemRequestSchema, type PaymentProblem } from '@cgg/contracts/staff';
import { staffRequest } from '../api/staff-api.ts';
import { fieldErrorsOf, type FieldErrors } from '../components/field-errors.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { TextArea } from '../components/text-area.tsx';
import { useSave } from '../components/use-save.ts';

/** A held order paid the wrong amount: closing it refunds and releases, and the button says so. */
const refundsOnClose = (p: PaymentProblem) => p.kind === 'amount_mismatch' && p.order_status === 'pending';

/** What was done about one problem, with a note: saving closes it (and, for a held wrong amount, refunds and releases). */
export function ResolveProblemForm({ problem, onResolved }: { problem: PaymentProblem; onResolved: (said: string) => void }) {
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSave();

  async function submit(event: FormEvent) {
    event.preventDefault();
    save.reset();
    const parsed = staffResolvePaymentProblemRequestSchema.safeParse({ id: problem.id, note });
    setErrors(parsed.success ? {} : fieldErrorsOf(parsed.error.issues));
    if (!parsed.success) return;
    await save.run(async () => {
      const done = (await staffRequest((o) => apiRequest(staffCalls.staffResolvePaymentProblem, parsed.data, o))).data;
      const did = [done.refunded !== '0.00' ? `£${done.refunded} refunded to the card` : '', done.order_released ? `order #${problem.order_id} released` : ''].filter(Boolean);
      onResolved(`Problem #${problem.id} dealt with${did.length ? `: ${did.join(', ')}` : ''}.`);
    });
  }

  return (
    <form className="bo-form" onSubmit={submit} noValidate aria-label={`Deal with problem #${problem.id}`}>
      <FormAlert message={save.refusal} />
      <TextArea id={`bo-problem-note-${problem.id}`} name="note" label="What you did" rows={2} maxLength={500} value={note} onChange={setNote} error={errors.note} />
      <button type="submit" className="bo-small-button" disabled={save.busy}>
        {save.busy ? 'Saving…' : refundsOnClose(problem) ? 'Refund, release and close' : 'Record and close'}
      </button>
    </form>
  );
}
