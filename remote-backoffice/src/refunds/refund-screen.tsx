import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, staffRefundRequestSchema, type RefundDestination, type StaffMember, type StaffRefundDone } from '@cgg/contracts/staff';
import { failureMessage, staffRequest } from '../api/staff-api.ts';
import { fieldErrorsOf, hasErrors, type FieldErrors } from '../components/field-errors.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { orderStatusName } from '../components/order-status-name.ts';
import { TextField } from '../components/text-field.tsx';
import { ConfirmPanel } from '../components/confirm-panel.tsx';
import { useAskKey } from '../components/use-ask-key.ts';

/** What else the refund gave the customer, as support would tell them: "Given back: £2.00 site credit, coupon SAVE5. 3 tickets released." */
function alsoDone(d: StaffRefundDone): string {
  const back = [
    ...(d.credit_returned && d.credit_returned !== '0.00' ? [`£${d.credit_returned} site credit`] : []),
    ...(d.points_returned ? [`${d.points_returned} points`] : []),
    ...(d.coupons_returned ?? []).map((code) => `coupon ${code}`),
  ];
  const released = d.tickets_released ? `${d.tickets_released} ${d.tickets_released === 1 ? 'ticket' : 'tickets'} released. ` : '';
  return `${back.length ? `Given back: ${back.join(', ')}. ` : ''}${released}`;
}

type StaffRefundRequest = ReturnType<(typeof staffRefundRequestSchema)['parse']>;

/** The refund in words, to be confirmed: which order, how much, where to, and what a whole refund does besides. */
function confirmQuestion(r: StaffRefundRequest): string {
  const where = r.to === 'site_credit' ? 'as site credit' : 'to the card';
  return r.amount
    ? `Refund £${r.amount} of order #${r.order_id} ${where}? A part refund keeps the tickets; if £${r.amount} is all that is left of the card payment, it refunds the whole order and releases its tickets.`
    : `Refund all that is left of order #${r.order_id} ${where}? This is the whole order: its site credit, points and coupons go back to the customer and its tickets are released from the draw.`;
}

const destinations: ReadonlyArray<readonly [RefundDestination, string]> = [
  ['card', 'Back to the card'],
  ['site_credit', 'As site credit'],
];

/**
 * Refund one order, whole or in part, back to the card or as site credit. The form keeps one idempotency key
 * per ask (order, amount, destination) until a refund succeeds, so pressing again after a lost
 * answer repeats the same refund and never pays twice, and a changed ask is a new refund (the API
 * refuses one key for two different refunds); the API checks the member's role and support's limit.
 */
export function RefundScreen({ staff }: { staff: StaffMember }) {
  // Opened from a customer's order (`?order=10016`): that order is filled in.
  const [params] = useSearchParams();
  const [orderId, setOrderId] = useState(() => /^\d{1,9}$/.test(params.get('order') ?? '') ? params.get('order')! : '');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [to, setTo] = useState<RefundDestination>('card');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<StaffRefundDone | null>(null);
  const [busy, setBusy] = useState(false);
  // The refund asked for, shown back to be confirmed before any money moves: a mistyped order
  // number must not refund someone else's order (and release their tickets) on one press.
  const [confirming, setConfirming] = useState<StaffRefundRequest | null>(null);
  const key = useAskKey();

  function review(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    setDone(null);
    const id = orderId.trim().replace(/^#/, '');
    const ask = { order_id: /^\d{1,9}$/.test(id) ? Number(id) : 0, ...(amount.trim() ? { amount: amount.trim().replace(/^£/, '') } : {}), to };
    const payload = { ...ask, reason: reason.trim(), idempotency_key: key.keyFor(ask) };
    const parsed = staffRefundRequestSchema.safeParse(payload);
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
    if (found.order_id) found.order_id = 'Enter the order number, e.g. 10016.';
    // Said here, as the API would say it, rather than after a confirmation of a refund of £0.
    if (parsed.success && parsed.data.amount !== undefined && Number(parsed.data.amount) <= 0) found.amount = 'The refund amount must be more than £0.00.';
    setErrors(found);
    if (hasErrors(found) || !parsed.success) return;
    setConfirming(parsed.data);
  }

  async function refund(payload: StaffRefundRequest) {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await staffRequest((o) => apiRequest(staffCalls.staffRefundOrder, payload, o));
      setDone(answer.data);
      key.done();
      setOrderId('');
      setAmount('');
      setReason('');
      setTo('card');
    } catch (error) {
      setRefusal(failureMessage(error));
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  }

  return (
    <section aria-labelledby="bo-refund-title">
      <h1 id="bo-refund-title" className="bo-title">
        Refund an order
      </h1>
      <p className="bo-muted">
        The money goes back to the card the order was paid with, or into the customer&apos;s site credit. Refunding the whole order also gives back the site credit, points and single-use coupons it
        used and releases its tickets.
        {staff.role === 'support' && ' Support staff refund up to the limit an admin has set for them.'}
      </p>
      {done && (
        <p className="bo-success" role="status">
          {done.repeated ? `This refund had already been made (reference ${done.reference}): nothing more was paid. ` : `Refunded £${done.amount}${done.to === 'site_credit' ? ' as site credit' : ''} of order #${done.order_id} (reference ${done.reference}). ${alsoDone(done)}`}
          Left to refund: £{done.left}. Order status: {orderStatusName(done.order_status)}.
        </p>
      )}
      {confirming ? (
        <ConfirmPanel
          label="Confirm the refund"
          question={confirmQuestion(confirming)}
          yes="Yes, refund"
          busyText="Refunding…"
          busy={busy}
          onYes={() => void refund(confirming)}
          onBack={() => setConfirming(null)}
        />
      ) : (
        <form className="bo-form" onSubmit={review} noValidate aria-label="Refund">
          <FormAlert message={refusal} />
          <TextField name="order_id" label="Order number" inputMode="numeric" value={orderId} onChange={setOrderId} error={errors.order_id} />
          <TextField name="amount" label="Amount (£)" inputMode="decimal" hint="Leave empty to refund all that is left of the card payment." value={amount} onChange={setAmount} error={errors.amount} />
          <fieldset className="bo-field">
            <legend>Refund to</legend>
            {destinations.map(([value, label]) => (
              <label key={value}>
                <input type="radio" name="to" value={value} checked={to === value} onChange={() => setTo(value)} /> {label}
              </label>
            ))}
          </fieldset>
          <TextField name="reason" label="Reason" hint="Told to the customer in the refund email and recorded in the audit log." value={reason} onChange={setReason} error={errors.reason} maxLength={200} />
          <button type="submit" className="bo-button">
            Refund
          </button>
        </form>
      )}
    </section>
  );
}
