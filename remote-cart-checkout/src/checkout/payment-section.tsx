import type { ReactNode } from 'react';
import { DEMO_CARDS, formatCardNumber, formatPounds, POINTS_PER_POUND, type CardDetailsField, type CardDetailsValues } from '@cgg/contracts';
import { TextField } from '../components/text-field.tsx';
import type { PaymentChoice, PaymentPlan } from './payment-plan.ts';

/** Points and site credit where the customer has them, then the demo card for what is left; `refusal` is a card the shop may not take, shown above the card. */
export function PaymentSection({
  balances,
  choice,
  plan,
  card,
  errors,
  refusal,
  onChoice,
  onCard,
}: {
  balances: { points: number; creditPence: number };
  choice: PaymentChoice;
  plan: PaymentPlan;
  card: CardDetailsValues;
  errors: Partial<Record<CardDetailsField, string>>;
  refusal?: ReactNode;
  onChoice: (choice: PaymentChoice) => void;
  onCard: (field: CardDetailsField, value: string) => void;
}) {
  return (
    <fieldset className="cc-card cc-fieldset">
      <legend className="cc-fieldset__legend">Payment</legend>
      {balances.points > 0 && (
        <label className="cc-check">
          <input type="checkbox" checked={choice.usePoints} onChange={(e) => onChoice({ ...choice, usePoints: e.target.checked })} />
          <span>
            Use my points: {balances.points} points, worth {formatPounds(Math.floor((balances.points * 100) / POINTS_PER_POUND))}
            {plan.pointsUsed > 0 && ` (using ${plan.pointsUsed})`}
          </span>
        </label>
      )}
      {balances.creditPence > 0 && (
        <label className="cc-check">
          <input type="checkbox" checked={choice.useCredit} onChange={(e) => onChoice({ ...choice, useCredit: e.target.checked })} />
          <span>
            Use my site credit: {formatPounds(balances.creditPence)}
            {plan.creditPence > 0 && ` (using ${formatPounds(plan.creditPence)})`}
          </span>
        </label>
      )}
      {refusal}
      {plan.cardPence > 0 ? (
        <div className="cc-card-fields">
          <p className="cc-muted">
            Pay {formatPounds(plan.cardPence)} by card. This is a demo shop: no real money is taken.
          </p>
          <p className="cc-muted">
            Demo cards: {formatCardNumber(DEMO_CARDS.debit)} is a debit card, {formatCardNumber(DEMO_CARDS.credit)} a credit card (any future expiry, any 3-digit code).
            We can't take credit cards for competitions with instant wins, and take at most a monthly amount by credit card.
          </p>
          <TextField
            name="card_number"
            label="Card number"
            inputMode="numeric"
            autoComplete="cc-number"
            value={card.card_number}
            error={errors.card_number}
            onChange={(v) => onCard('card_number', formatCardNumber(v))}
          />
          <div className="cc-grid">
            <TextField name="card_expiry" label="Expiry (MM/YY)" autoComplete="cc-exp" placeholder="MM/YY" value={card.card_expiry} error={errors.card_expiry} onChange={(v) => onCard('card_expiry', v)} />
            <TextField name="card_cvc" label="Security code (CVC)" inputMode="numeric" autoComplete="cc-csc" maxLength={3} value={card.card_cvc} error={errors.card_cvc} onChange={(v) => onCard('card_cvc', v.replace(/\D/g, ''))} />
          </div>
        </div>
      ) : (
        <p className="cc-muted">Your points and site credit cover this order: no card needed.</p>
      )}
    </fieldset>
  );
}
