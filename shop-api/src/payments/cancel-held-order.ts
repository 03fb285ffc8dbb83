import type pg from 'pg';
import { applyIntent, type PaymentHooks } from './order-payment.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { providerCall } from './provider-call.ts';
import { releaseWithoutIntent } from './reservation-expiry.ts';
import { underReview } from './under-review.ts';

/** What became of an order the customer asked to cancel (contracts: the held-order cancel's `outcome`). */
export type HeldCancelOutcome = 'cancelled' | 'paid' | 'confirming';

/**
 * A customer gives up an order that waits for its card payment. The provider is asked to stop
 * the payment first, and its answer is applied like any other word from it (applyIntent, under the
 * order's lock): cancelled, the reservation is released once (tickets back on sale, points and
 * credit given back, the basket restored); already through, the order is paid, never released
 * with the money taken; still being confirmed (a provider cannot stop every payment), it is left
 * to finish. An order whose intent was never created is released directly. One whose payment is
 * under review (the wrong amount taken) is left as it is, 'confirming': staff refund and release it.
 */
export async function cancelHeldOrder(deps: { pool: pg.Pool; gateway: PaymentGateway; hooks?: PaymentHooks }, orderId: number, now: Date): Promise<HeldCancelOutcome> {
  const before = await orderAndIntent(deps.pool, orderId);
  if (before?.status === 'pending' && !before.under_review) {
    const intentId = before.intent_id;
    if (intentId) {
      const intent = await providerCall('cancelling a payment', () => deps.gateway.cancel(intentId));
      await applyIntent(deps.pool, deps.gateway, intent, now, deps.hooks);
    } else {
      await releaseWithoutIntent(deps.pool, orderId, now, { reason: 'canceled', message: 'You cancelled the order before paying.' });
    }
  }
  const after = await orderAndIntent(deps.pool, orderId);
  if (after?.status === 'completed' || after?.status === 'refunded') return 'paid';
  return after?.status === 'pending' ? 'confirming' : 'cancelled';
}

async function orderAndIntent(pool: pg.Pool, orderId: number): Promise<{ status: string; intent_id: string | null; under_review: boolean } | undefined> {
  const { rows } = await pool.query<{ status: string; intent_id: string | null; under_review: boolean }>(
    `SELECT o.status, p.intent_id, ${underReview('o.id')} AS under_review FROM orders o LEFT JOIN payment_intents p ON p.order_id = o.id WHERE o.id = $1`,
    [orderId],
  );
  return rows[0];
}
