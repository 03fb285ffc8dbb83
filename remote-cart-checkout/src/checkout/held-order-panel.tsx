import type { ReactNode } from 'react';
import type { StoreCheckoutResponse, StoreHeldOrderLine } from '@cgg/contracts/store';
import { formatPounds } from '@cgg/contracts';

export const HELD_ORDER_TITLE = 'Your order is waiting for its payment';
export const FINISH_PAYING = 'Finish paying';
export const CANCEL_ORDER = 'Cancel order';

/** What the customer is asked to do, by where the payment stands. */
function nextStep(order: StoreCheckoutResponse): string {
  const challenge = order.extensions.cgg.payment?.status === 'requires_action';
  const what = challenge
    ? `Your bank asked you to confirm this payment (3-D Secure). Press ${FINISH_PAYING} to confirm it`
    : `Your card payment is being confirmed. Press ${FINISH_PAYING} to see how it went`;
  return `${what}, or ${CANCEL_ORDER} to put the tickets back in your basket.`;
}

/**
 * The checkout opened again while an order waits for its card payment (the server holds its
 * tickets, and took the basket for it): what the order is, the reservation's countdown, and the
 * two ways on. `challenge` is the provider's field in its challenge-only form (3-D Secure runs
 * in it); `failure` what went wrong last.
 */
export function HeldOrderPanel({
  order,
  lines,
  countdown,
  challenge,
  failure,
  busy,
  onFinish,
  onCancel,
}: {
  order: StoreCheckoutResponse;
  lines: StoreHeldOrderLine[];
  countdown: ReactNode;
  challenge: ReactNode;
  failure: string | null;
  busy: 'finishing' | 'cancelling' | null;
  onFinish: () => void;
  onCancel: () => void;
}) {
  const cgg = order.extensions.cgg;
  const pointsPence = cgg.points_redeemed;
  const creditPence = Number(cgg.credit_used);
  const last4 = cgg.payment?.last4;
  return (
    <section className="cc-card cc-held" aria-labelledby="cc-held-title">
      <h2 id="cc-held-title" className="cc-summary__title">
        {HELD_ORDER_TITLE}
      </h2>
      <p className="cc-held__text">
        Order #{order.order_id}: you started paying for these tickets, and they are held for you until the time below runs out. {nextStep(order)}
      </p>
      {countdown}
      <ul className="cc-held__lines" aria-label="Tickets held">
        {lines.map((l) => (
          <li key={l.competition_id}>
            <span>
              {l.title} × {l.quantity}
            </span>
            <span>{formatPounds(Number(l.total))}</span>
          </li>
        ))}
      </ul>
      <dl className="cc-summary__rows">
        {pointsPence > 0 && (
          <div>
            <dt>Points</dt>
            <dd>−{formatPounds(pointsPence)}</dd>
          </div>
        )}
        {creditPence > 0 && (
          <div>
            <dt>Site credit</dt>
            <dd>−{formatPounds(creditPence)}</dd>
          </div>
        )}
        <div>
          <dt>{last4 ? `Card ending ${last4}` : 'Card'}</dt>
          <dd>{formatPounds(Number(cgg.card_charged))}</dd>
        </div>
        <div className="cc-summary__total">
          <dt>Total</dt>
          <dd>{formatPounds(Number(cgg.total))}</dd>
        </div>
      </dl>
      {failure && (
        <p className="cc-alert" role="alert">
          {failure}
        </p>
      )}
      {challenge}
      <div className="cc-refusal__actions">
        {/* aria-disabled while busy, as Place order: the focus stays on the button pressed. */}
        <button type="button" className="cc-btn" aria-disabled={busy !== null || undefined} onClick={() => busy === null && onFinish()}>
          {busy === 'finishing' ? 'Finishing payment...' : FINISH_PAYING}
        </button>
        <button type="button" className="cc-btn cc-btn--ghost" aria-disabled={busy !== null || undefined} onClick={() => busy === null && onCancel()}>
          {busy === 'cancelling' ? 'Cancelling...' : CANCEL_ORDER}
        </button>
      </div>
    </section>
  );
}
