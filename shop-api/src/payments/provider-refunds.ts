import type pg from 'pg';
import { penceToPounds } from '../lib/money.ts';
import { PAID_STATUSES } from '../store/order-statuses.ts';
import { flag } from './order-payment.ts';
import type { FailedRefund, IntentState, ProviderRefunds } from './payment-gateway.ts';

/**
 * A refund made at the provider and not through the shop (its dashboard, a chargeback's refund):
 * the customer has the money back, but the order still counts as paid and its tickets are still
 * in the draw. Every refund of a paid order goes through refundOrder, which records it
 * (order_refunds, a pending one included) before asking the provider; so the provider reporting
 * more refunded than those records is flagged for a person (refunded_at_provider). Orders given up
 * (cancelled, failed) are refunded by the payment code itself and are not compared. Answers
 * whether it flagged something new.
 */
export async function checkProviderRefunds(db: pg.Pool | pg.PoolClient, provider: string, refunds: ProviderRefunds, amountPence: number | null, now: Date): Promise<boolean> {
  if (refunds.amountRefundedPence <= 0) return false;
  const { rows } = await db.query<{ order_id: number; status: string; ours: number }>(
    `SELECT p.order_id, o.status,
       (SELECT COALESCE(sum(r.amount_pence), 0)::int FROM order_refunds r WHERE r.order_id = p.order_id AND r.gateway = $2 AND r.state IN ('pending', 'succeeded')) AS ours
     FROM payment_intents p JOIN orders o ON o.id = p.order_id WHERE p.intent_id = $1 AND p.provider = $2`,
    [refunds.intentId, provider],
  );
  const order = rows[0];
  if (!order || !([...PAID_STATUSES, 'refunded'] as string[]).includes(order.status) || refunds.amountRefundedPence <= order.ours) return false;
  return flag(db, provider, { id: refunds.intentId, amountPence } as IntentState, order.order_id, 'refunded_at_provider',
    `The provider shows £${penceToPounds(refunds.amountRefundedPence)} refunded of order #${order.order_id} (${order.status}); the shop refunded £${penceToPounds(order.ours)}. Refunded outside the shop: the order still holds its tickets.`, false, now);
}

/**
 * A card refund the provider accepted (so the shop settled it: credit, points and tickets dealt
 * with, the customer told the money is on its way) and then could not pay, e.g. to a card closed
 * since: the money went back to the shop's provider balance and the customer has none of it. The
 * shop's record stays as it is (what the refund released is not taken back); a person pays the
 * customer another way (refund_failed_at_provider). Answers whether it flagged something new.
 */
export async function flagFailedRefund(db: pg.Pool | pg.PoolClient, provider: string, failed: FailedRefund, now: Date): Promise<boolean> {
  const { rows } = await db.query<{ order_id: number; amount_pence: number; state: string }>(
    'SELECT order_id, amount_pence, state FROM order_refunds WHERE gateway = $1 AND gateway_reference = $2',
    [provider, failed.reference],
  );
  const refund = rows[0];
  // A refund the shop never recorded as made (refused at once, or not ours) moved nothing.
  if (!refund || refund.state !== 'succeeded') return false;
  return flag(db, provider, { id: failed.reference, amountPence: refund.amount_pence } as IntentState, refund.order_id, 'refund_failed_at_provider',
    `Refund ${failed.reference} of £${penceToPounds(refund.amount_pence)} for order #${refund.order_id} failed at the provider (${failed.reason}) after the shop counted it made: the customer does not have that money back.`, false, now);
}
