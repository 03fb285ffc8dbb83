import type { Queryable } from '../accounts/queryable.ts';
import type { IntentState } from './payment-gateway.ts';

/**
 * The card a payment intent was created with, as the provider names it, becomes the order's
 * `payment_method_ref`, the card every later answer must have been paid with (order-payment.ts).
 * Stripe answers a test card id (`pm_card_visa_debit`) with a PaymentMethod of its own (`pm_1…`),
 * the same card: without this every such payment would look paid with another card. Called only
 * with the answer to our own authorise, before the browser has the intent's client secret, so no
 * card swapped in the browser can be adopted. Costs nothing when the names agree (always with the
 * demo provider, and with a card from Stripe's Payment Element).
 */
export async function adoptAuthorisedMethod(db: Queryable, orderId: number, asked: string, intent: IntentState): Promise<void> {
  if (intent.paymentMethodId === null || intent.paymentMethodId === asked) return;
  await db.query('UPDATE orders SET payment_method_ref = $2 WHERE id = $1 AND payment_method_ref = $3', [orderId, intent.paymentMethodId, asked]);
}
