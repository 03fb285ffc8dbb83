import { useState, type FormEvent } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, staffResolvePaymentProblemRequestSchema, type PaymentProblem } from '@cgg/contracts/staff';
import { staffRequest } from '../api/staff-api.ts';
import { fieldErrorsOf, type FieldErrors } from '../components/field-errors.ts';
import { ConfirmPanel } from '../components/confirm-panel.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { TextArea } from '../components/text-area.tsx';
import { useSave } from '../components/use-save.ts';

/** What closing it does, as the button says it (the API decides the same from the problem). */
function closeLabel(onClose: PaymentProblem['on_close'], refund: boolean): string {
  if (onClose === 'refund_and_release') return refund ? 'Refund, release and close' : 'Release and close';
  return onClose === 'refund' && refund ? 'Refund and close' : 'Record and close';
}

const closeExplained: Record<PaymentProblem['on_close'], string> = {
  refund_and_release: 'Closing it refunds the payment in full and releases the order: its tickets go back on sale, and its points and site credit back to the customer.',
  refund: 'The order was already given up: closing it refunds the payment in full.',
  record: 'Closing it records what you did; nothing else changes.',
};

/** What was done about one problem, with a note: saving closes it (and, for a held wrong amount, refunds and releases). */
export function ResolveProblemForm({ problem, onResolved }: { problem: PaymentProblem; onResolved: (said: string) => void }) {
  const [note, setNote] = useState('');
  // Off when the money was already dealt with elsewhere (the provider's dashboard): the API then asks the provider nothing.
  const [refund, setRefund] = useState(true);
  const [errors, setErrors] = useState<FieldErrors>({});
  // Money goes back to the card: asked once more, as cancelling a competition is.
  const [confirming, setConfirming] = useState(false);
  const save = useSave();
  const refunds = problem.on_close !== 'record' && refund;

  const checked = () => {
    const parsed = staffResolvePaymentProblemRequestSchema.safeParse({ id: problem.id, note, ...(problem.on_close === 'record' ? {} : { refund }) });
    setErrors(parsed.success ? {} : fieldErrorsOf(parsed.error.issues));
    return parsed.success ? parsed.data : null;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    save.reset();
    if (!checked()) return;
    if (refunds) setConfirming(true);
    else await send();
  }

  async function send() {
    if (save.busy) return;
    const request = checked();
    if (!request) return;
    await save.run(async () => {
      const done = (await staffRequest((o) => apiRequest(staffCalls.staffResolvePaymentProblem, request, o))).data;
      const did = [done.refunded !== '0.00' ? `£${done.refunded} refunded to the card` : '', done.order_released ? `order #${problem.order_id} released` : ''].filter(Boolean);
      onResolved(`Problem #${problem.id} dealt with${did.length ? `: ${did.join(', ')}` : ''}.`);
    });
    setConfirming(false);
  }

  return (
    <form className="bo-form" onSubmit={submit} noValidate aria-label={`Deal with problem #${problem.id}`}>
      <FormAlert message={save.refusal} />
      <p className="bo-muted">{closeExplained[problem.on_close]}</p>
      {problem.on_close !== 'record' && (
        <label className="bo-check">
          <input
            type="checkbox"
            checked={!refund}
            onChange={(e) => {
              setRefund(!e.target.checked);
              setConfirming(false);
            }}
          />{' '}
          Already refunded elsewhere (do not refund again)
        </label>
      )}
      <TextArea id={`bo-problem-note-${problem.id}`} name="note" label="What you did" rows={2} maxLength={500} value={note} onChange={setNote} error={errors.note} />
      {confirming ? (
        <ConfirmPanel
          label={`Confirm the refund of problem #${problem.id}`}
          question={
            <>
              Refund the whole payment <code>{problem.intent_id}</code> to the customer&apos;s card
              {problem.on_close === 'refund_and_release' ? ` and release order #${problem.order_id}` : ''}?
            </>
          }
          yes="Yes, refund"
          busyText="Refunding…"
          busy={save.busy}
          small
          onYes={() => void send()}
          onBack={() => setConfirming(false)}
        />
      ) : (
        <button type="submit" className="bo-small-button" aria-disabled={save.busy || undefined}>
          {save.busy ? 'Saving…' : closeLabel(problem.on_close, refund)}
        </button>
      )}
    </form>
  );
}
