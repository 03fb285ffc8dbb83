import type { ReactNode } from 'react';
import { POINTS_PER_POUND } from '@cgg/contracts/store';
import { formatPounds } from '@cgg/contracts';
import type { PaymentChoice, PaymentPlan } from './payment-plan.ts';

/**
 * Points and site credit where the customer has them, then the provider's card field for
 * what is left; `refusal` is a card the shop may not take (shown above the card) and
 * `countdown` the reservation's time left once the order is waiting for its payment.
 */
export function PaymentSection({
  balances,
  choice,
  plan,
  cardField,
  refusal,
  countdown,
  locked,
  onChoice,
}: {
  balances: { points: number; creditPence: number };
  choice: PaymentChoice;
  plan: PaymentPlan;
  cardField: ReactNode;
  refusal?: ReactNode;
  countdown?: ReactNode;
  /** While the order is placed and paid the choices stay as they were sent. */
  locked: boolean;
  onChoice: (choice: PaymentChoice) => void;
}) {
  return (
    <fieldset className="cc-card cc-fieldset">
      <legend className="cc-fieldset__legend">Payment</legend>
      {countdown}
      {balances.points > 0 && (
        <label className="cc-check">
          <input type="checkbox" disabled={locked} checked={choice.usePoints} onChange={(e) => onChoice({ ...choice, usePoints: e.target.checked })} />
          <span>
            Use my points: {balances.points} points, worth {formatPounds(Math.floor((balances.points * 100) / POINTS_PER_POUND))}
            {plan.pointsUsed > 0 && ` (using ${plan.pointsUsed})`}
          </span>
        </label>
      )}
      {balances.creditPence > 0 && (
        <label className="cc-check">
          <input type="checkbox" disabled={locked} checked={choice.useCredit} onChange={(e) => onChoice({ ...choice, useCredit: e.target.checked })} />
          <span>
            Use my site credit: {formatPounds(balances.creditPence)}
            {plan.creditPence > 0 && ` (using ${formatPounds(plan.creditPence)})`}
          </span>
        </label>
      )}
      {refusal}
      {plan.cardPence > 0 ? (
        <>
          {/* Whatever the provider: the UK prize-draw code's credit-card rules (the API enforces them). */}
          <p className="cc-muted">
            Pay {formatPounds(plan.cardPence)} by card. Your card details go straight to our card provider, never to us. We can't take credit cards for
            competitions with instant wins, and take at most a monthly amount by credit card.
          </p>
          {cardField}
        </>
      ) : plan.pointsPence + plan.creditPence > 0 ? (
        <p className="cc-muted">Your points and site credit cover this order: no card needed.</p>
      ) : (
        <p className="cc-muted">Your coupons cover this order: there is nothing to pay.</p>
      )}
    </fieldset>
  );
}
