import { useState, type FormEvent } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, staffCancelCompetitionRequestSchema, type RefundDestination, type StaffCompetition } from '@cgg/contracts/staff';
import { failureMessage, staffRequest } from '../api/staff-api.ts';
import { fieldErrorsOf, hasErrors, type FieldErrors } from '../components/field-errors.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { TextField } from '../components/text-field.tsx';

interface Result {
  refunded: number;
  already_refunded: number;
  total: string;
  failed: Array<{ order_id: number; message: string }>;
}

/**
 * "Cancel competition and refund everyone" (admins and operators): a reason, where the money
 * goes, then a confirm step, since it stops sales for good. The API refunds each order once
 * whatever happens, so after failures the same button simply runs it again for the rest.
 */
export function CancelCompetitionPanel({ competition, onCancelled }: { competition: StaffCompetition; onCancelled: () => void }) {
  const [reason, setReason] = useState('');
  const [to, setTo] = useState<RefundDestination>('card');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const payload = { competition_id: competition.id, reason: reason.trim(), to };

  function ask(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const parsed = staffCancelCompetitionRequestSchema.safeParse(payload);
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
    setErrors(found);
    if (!hasErrors(found)) setConfirming(true);
  }

  async function run() {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await staffRequest((o) => apiRequest(staffCalls.staffCancelCompetition, payload, o));
      setResult(answer.data);
      setConfirming(false);
      onCancelled();
    } catch (error) {
      setProblem(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="bo-cancel-title" className="bo-card">
      <h2 id="bo-cancel-title" className="bo-card__title">
        Cancel competition and refund everyone
      </h2>
      {result && (
        <div role="status">
          <p className="bo-success">
            {result.refunded} order(s) refunded, £{result.total} in all{result.already_refunded ? `; ${result.already_refunded} had been refunded already` : ''}.
          </p>
          {result.failed.length > 0 && (
            <>
              <p>Not refunded yet (run it again to retry; no one is paid twice):</p>
              <ul>
                {result.failed.map((f) => (
                  <li key={f.order_id}>
                    Order #{f.order_id}: {f.message}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      {confirming ? (
        <div className="bo-confirm">
          <p>
            Cancel {competition.title} and refund every paid order {to === 'card' ? 'to the card' : 'as site credit'}? Sales stop for good and it will not be drawn.
          </p>
          <button type="button" className="bo-button" disabled={busy} onClick={() => void run()}>
            {busy ? 'Cancelling…' : 'Yes, cancel and refund everyone'}
          </button>{' '}
          <button type="button" className="bo-link-button" disabled={busy} onClick={() => setConfirming(false)}>
            Go back
          </button>
        </div>
      ) : (
        <form className="bo-form" onSubmit={ask} noValidate aria-label="Cancel competition">
          <TextField name="cancel_reason" label="Reason" hint="Told to every customer and recorded in the audit log." value={reason} onChange={setReason} error={errors.reason} maxLength={200} />
          <fieldset className="bo-field">
            <legend>Refund to</legend>
            <label>
              <input type="radio" name="cancel_to" checked={to === 'card'} onChange={() => setTo('card')} /> Back to the card
            </label>
            <label>
              <input type="radio" name="cancel_to" checked={to === 'site_credit'} onChange={() => setTo('site_credit')} /> As site credit
            </label>
          </fieldset>
          <button type="submit" className="bo-button">
            Cancel competition and refund everyone
          </button>
        </form>
      )}
      <FormAlert message={problem} />
    </section>
  );
}
