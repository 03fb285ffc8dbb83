import { useState } from 'react';
import { apiRequest } from '@cgg/contracts';
import { STAFF_LIST_CAPS, staffCalls, type PaymentProblem } from '@cgg/contracts/staff';
import { staffRequest } from '../api/staff-api.ts';
import { useStaffData } from '../api/use-staff-data.ts';
import { CappedNote } from '../components/capped-note.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { inLondon } from '../components/london-time.ts';
import { Spinner } from '../components/spinner.tsx';
import { ResolveProblemForm } from './resolve-problem-form.tsx';

/** What each kind means for the person looking at it. */
export const problemKindLabels: Record<string, string> = {
  amount_mismatch: 'Paid the wrong amount: the payment cannot be kept as it is.',
  unknown_intent: "A payment names no order of ours: look at it in the provider's dashboard.",
  paid_without_payment: 'An order is paid but its payment is not: check it with the provider.',
  missing_at_provider: "An order's payment is not in the provider's list: check it with the provider.",
  late_payment_refunded: 'Paid after its reservation ran out: refunded automatically.',
  card_changed_refunded: 'Paid with another card than the one checked at checkout (the credit-card rules judged that one): the order was released and the payment refunded automatically.',
  break_refunded: 'Confirmed after the customer began a break or closed their account: the order was released and the payment refunded automatically.',
  late_payment_refund_refused: 'A payment the shop could not keep (paid after its reservation ran out, with another card, or after a break began), and the provider refused the automatic refund: refund it at the provider.',
  refunded_at_provider: 'Refunded at the provider, not through the shop: the order still counts as paid and its tickets are in the draw. Check it with the provider, then deal with the order.',
  refund_failed_at_provider: 'A refund the shop made failed at the provider afterwards (often a card closed since): the customer does not have that money back. Pay them another way, e.g. as site credit.',
};

/**
 * Admins: what the payment code and its reconciliation found between the payment provider and our
 * orders, oldest first, until someone records what they did about it (the CLI's
 * `payment-problems` lists and closes the same).
 */
export function PaymentProblemsScreen() {
  const { loaded } = useStaffData('payment-problems', () => staffRequest((o) => apiRequest(staffCalls.staffPaymentProblems, {}, o)).then((a) => a.data));
  const [changed, setChanged] = useState<PaymentProblem[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section aria-labelledby="bo-payment-problems-title">
      <h1 id="bo-payment-problems-title" className="bo-title">
        Payment problems
      </h1>
      <p className="bo-muted">Differences between the payment provider and our orders that need a person. Deal with each, then record what you did.</p>
      {notice && (
        <p className="bo-success" role="status">
          {notice}
        </p>
      )}
      {loaded.state === 'loading' && <Spinner label="Loading the payment problems…" />}
      {loaded.state === 'failed' && <FormAlert message={loaded.message} />}
      {loaded.state === 'loaded' && (
        <Problems
          problems={changed ?? loaded.data}
          onResolved={(id, said) => {
            setChanged((changed ?? loaded.data).filter((p) => p.id !== id));
            setNotice(said);
          }}
        />
      )}
      {loaded.state === 'loaded' && (
        <CappedNote shown={loaded.data.length} cap={STAFF_LIST_CAPS.paymentProblems}>
          Only the oldest {STAFF_LIST_CAPS.paymentProblems} open problems are shown. Reload the page once you have dealt with these to see the next ones.
        </CappedNote>
      )}
    </section>
  );
}

/** Whether the customer has heard of it (kinds that touched their money only). */
function customerMailSaid(p: PaymentProblem): string {
  if (p.customer_mail === 'sent' && p.customer_told_at) return ` · customer mailed ${inLondon(p.customer_told_at)}`;
  if (p.customer_mail === 'due') return ' · customer not mailed yet';
  return p.customer_mail === 'none' ? ' · customer not mailed (no address, or nothing to tell)' : '';
}

function Problems({ problems, onResolved }: { problems: PaymentProblem[]; onResolved: (id: number, said: string) => void }) {
  if (problems.length === 0) return <p className="bo-muted">No payment problems to deal with.</p>;
  return (
    <ul className="bo-cards" aria-label="Payment problems to deal with">
      {problems.map((p) => (
        <li key={p.id} className="bo-card">
          <h2 className="bo-card__title">
            Problem #{p.id}: <code>{p.kind}</code>
          </h2>
          <p>
            <strong>{problemKindLabels[p.kind] ?? p.kind}</strong> {p.detail}
          </p>
          <p className="bo-muted">
            {p.order_id === null ? 'No order' : `Order #${p.order_id}`}
            {p.order_status && ` (${p.order_status})`} · {p.provider} {p.kind === 'refund_failed_at_provider' ? 'refund' : 'payment'} <code>{p.intent_id}</code> · found {inLondon(p.found_at)}
            {customerMailSaid(p)}
          </p>
          <ResolveProblemForm problem={p} onResolved={(said) => onResolved(p.id, said)} />
        </li>
      ))}
    </ul>
  );
}
