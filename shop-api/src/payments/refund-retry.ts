import type pg from 'pg';
import { WpHttpError } from '../http/wp-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { refundOrder, type RefundDestination } from './refund-order.ts';

/** How long a card refund may wait for its provider's answer before the job asks again. */
export const UNSETTLED_AFTER_MS = 2 * 60_000;
const PER_RUN = 50;

/**
 * Card refunds whose outcome is not known: the provider timed out or failed mid-call, so the money
 * may have gone back or not, and the refund stays pending (counted against the order, so no other
 * refund can pay it twice). Staff pressing again with the same key settles it; this asks again for
 * them, with the refund's own key, which the provider dedupes: settled if it went through, failed if
 * the provider now refuses it, still pending if it still does not answer. A refund staff are asking
 * again at this moment is safe too (the same key, settled once).
 */
export async function retryUnsettledRefunds(pool: pg.Pool, gateway: PaymentGateway, now: Date, mailer?: Mailer): Promise<{ settled: number; refused: number; unknown: number }> {
  const { rows } = await pool.query<{ order_id: number; idempotency_key: string; destination: RefundDestination; competition_id: number | null; whole: boolean; amount_pence: number; reason: string; requested_by: string }>(
    `SELECT order_id, idempotency_key, destination, competition_id, whole, amount_pence, reason, requested_by FROM order_refunds
     WHERE state = 'pending' AND destination = 'card' AND created_at < $1 ORDER BY created_at LIMIT $2`,
    [new Date(now.getTime() - UNSETTLED_AFTER_MS), PER_RUN],
  );
  const out = { settled: 0, refused: 0, unknown: 0 };
  for (const r of rows) {
    try {
      // Asked exactly as it was (one key is one refund): a competition's lines, a part, or the whole.
      const ask = r.competition_id !== null ? { competitionId: r.competition_id } : r.whole ? {} : { amountPence: r.amount_pence };
      await refundOrder(pool, gateway, { orderId: r.order_id, idempotencyKey: r.idempotency_key, to: r.destination, ...ask, reason: r.reason, by: r.requested_by, now }, mailer);
      out.settled++;
    } catch (err) {
      if (err instanceof WpHttpError && err.status < 500) out.refused++;
      else out.unknown++;
    }
  }
  return out;
}
