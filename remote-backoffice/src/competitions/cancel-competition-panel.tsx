import { useEffect, useState, type FormEvent } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, staffCancelCompetitionRequestSchema, type RefundDestination, type StaffCompetition, type StaffCompetitionRefunds } from '@cgg/contracts/staff';
import { failureMessage, staffRequest } from '../api/staff-api.ts';
import { fieldErrorsOf, hasErrors, type FieldErrors } from '../components/field-errors.ts';
import { ConfirmPanel } from '../components/confirm-panel.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { TextField } from '../components/text-field.tsx';
import { RefundProgress } from './refund-progress.tsx';

/** How often the panel asks how the refunds are going while the job is at work. */
const WATCH_EVERY_MS = 2000;

/**
 * "Cancel competition and refund everyone" (admins and operators): a reason, where the money
 * goes, then a confirm step, since it stops sales for good. The API cancels at once and refunds
 * in the background; the panel shows how far it has got until every order is refunded. The API
 * refunds each order once whatever happens, so once the refunds have stopped (failures the job
 * gave up on) the same form starts them again for the rest.
 */
export function CancelCompetitionPanel({ competition, onCancelled }: { competition: StaffCompetition; onCancelled: () => void }) {
  const [reason, setReason] = useState('');
  const [to, setTo] = useState<RefundDestination>('card');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [refunds, setRefunds] = useState<StaffCompetitionRefunds | null>(null);
  // Bumped after every look, so a failed look is followed by another while the refunds are at work.
  const [looks, setLooks] = useState(0);
  const payload = { competition_id: competition.id, reason: reason.trim(), to };
  const cancelled = competition.stage === 'cancelled';
  const atWork = refunds?.state === 'refunding' || refunds?.state === 'retrying';
  // Once cancelled, the form only starts refunds that have stopped again.
  const formShown = refunds ? refunds.state === 'stopped' : !cancelled;

  // A cancelled competition: where its refunds stand (at once on arrival), then again every few
  // seconds while the job is at work, or after a look that failed.
  const known = refunds !== null;
  const firstLook = cancelled && !known && looks === 0;
  useEffect(() => {
    if (!cancelled || (known && !atWork)) return;
    let current = true;
    const look = async () => {
      try {
        const answer = await staffRequest((o) => apiRequest(staffCalls.staffCompetitionRefunds, { competition_id: competition.id }, o));
        if (!current) return;
        setRefunds(answer.data);
        setProblem(null);
      } catch (error) {
        if (current) setProblem(failureMessage(error));
      } finally {
        if (current) setLooks((n) => n + 1);
      }
    };
    const timer = setTimeout(() => void look(), firstLook ? 0 : WATCH_EVERY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // Each look bumps `looks`, which sets off the next while the refunds are at work.
  }, [cancelled, known, atWork, firstLook, looks, competition.id]);

  function ask(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const parsed = staffCancelCompetitionRequestSchema.safeParse(payload);
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
    setErrors(found);
    if (!hasErrors(found)) setConfirming(true);
  }

  async function run() {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await staffRequest((o) => apiRequest(staffCalls.staffCancelCompetition, payload, o));
      setRefunds(answer.data);
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
      {refunds && <RefundProgress refunds={refunds} />}
      {!formShown ? null : confirming ? (
        <ConfirmPanel
          label="Confirm the cancellation"
          question={
            cancelled
              ? `Refund the rest of ${competition.title}'s paid orders ${to === 'card' ? 'to the card' : 'as site credit (orders paid by credit card go back to the card)'}?`
              : `Cancel ${competition.title} and refund every paid order ${to === 'card' ? 'to the card' : 'as site credit (orders paid by credit card go back to the card)'}? Sales stop for good and it will not be drawn.`
          }
          yes={cancelled ? 'Yes, refund the rest' : 'Yes, cancel and refund everyone'}
          busyText="Starting…"
          busy={busy}
          onYes={() => void run()}
          onBack={() => setConfirming(false)}
        />
      ) : (
        <form className="bo-form" onSubmit={ask} noValidate aria-label="Cancel competition">
          <TextField name="cancel_reason" label="Reason" hint="Told to every customer and recorded in the audit log." value={reason} onChange={setReason} error={errors.reason} maxLength={200} />
          <fieldset className="bo-field">
            <legend>Refund to</legend>
            <label>
              <input type="radio" name="cancel_to" checked={to === 'card'} onChange={() => setTo('card')} /> Back to the card
            </label>
            <label>
              <input type="radio" name="cancel_to" checked={to === 'site_credit'} onChange={() => setTo('site_credit')} /> As site credit (credit-card payments still go back to the card)
            </label>
          </fieldset>
          <button type="submit" className="bo-button">
            {cancelled ? 'Refund the rest' : 'Cancel competition and refund everyone'}
          </button>
        </form>
      )}
      <FormAlert message={problem} />
    </section>
  );
}
