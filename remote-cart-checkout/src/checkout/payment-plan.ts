import { MIN_CARD_CHARGE_PENCE, POINTS_PER_POUND, STORE_PAYMENT_DATA_KEYS, type StoreCheckoutRequest } from '@cgg/contracts/store';

export interface PaymentChoice {
  usePoints: boolean;
  useCredit: boolean;
}

export interface PaymentPlan {
  pointsUsed: number;
  pointsPence: number;
  creditPence: number;
  /** What the card must pay; 0 means points and credit cover the order. */
  cardPence: number;
}

const PENCE_PER_POINT = 100 / POINTS_PER_POUND;

/**
 * Points first, then credit, then the card for the rest (the server checks the same limits). What
 * they leave to the card is nothing or at least MIN_CARD_CHARGE_PENCE (Stripe takes no less): when
 * they would leave less, they are used that much less, so the card pays the least it may.
 */
export function planPayment(totalPence: number, balances: { points: number; creditPence: number }, choice: PaymentChoice): PaymentPlan {
  let pointsUsed = choice.usePoints ? Math.min(balances.points, Math.floor(totalPence / PENCE_PER_POINT)) : 0;
  let creditPence = choice.useCredit ? Math.min(balances.creditPence, totalPence - pointsUsed * PENCE_PER_POINT) : 0;
  const short = totalPence - pointsUsed * PENCE_PER_POINT - creditPence;
  if (short > 0 && short < MIN_CARD_CHARGE_PENCE && totalPence >= MIN_CARD_CHARGE_PENCE) {
    // Credit gives way first (it is pence), then points (whole points).
    let give = MIN_CARD_CHARGE_PENCE - short;
    const fromCredit = Math.min(creditPence, give);
    creditPence -= fromCredit;
    give -= fromCredit;
    pointsUsed -= Math.ceil(give / PENCE_PER_POINT);
  }
  const pointsPence = pointsUsed * PENCE_PER_POINT;
  return { pointsUsed, pointsPence, creditPence, cardPence: Math.max(0, totalPence - pointsPence - creditPence) };
}

/**
 * The checkout's payment_method and payment_data (contract: STORE_PAYMENT_DATA_KEYS). The card
 * is only the provider's payment-method id (made by its card field): no card number reaches our API.
 */
export function paymentFields(plan: PaymentPlan, paymentMethodId: string | null): Pick<StoreCheckoutRequest, 'payment_method' | 'payment_data'> {
  const k = STORE_PAYMENT_DATA_KEYS;
  const data: { key: string; value: string }[] = [];
  if (plan.pointsUsed > 0) data.push({ key: k.redeemPoints, value: String(plan.pointsUsed) });
  if (plan.creditPence > 0) data.push({ key: k.useCredit, value: String(plan.creditPence) });
  if (plan.cardPence === 0) return { payment_method: 'cgg-site-credit', payment_data: data };
  // Without an id the API answers "Please enter your card details.".
  if (paymentMethodId) data.push({ key: k.paymentMethodId, value: paymentMethodId });
  return { payment_method: 'cgg-card', payment_data: data };
}
