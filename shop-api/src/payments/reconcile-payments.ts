import type pg from 'pg';
import { applyIntent, flag, type PaymentHooks } from './order-payment.ts';
import type { PaymentGateway } from './payment-gateway.ts';

export interface Reconciliation {
  /** Intents the provider listed. */
  checked: number;
  /** Orders put right (paid, released, or a late payment refunded). */
  repaired: number;
  /** Differences written to payment_discrepancies for a person. */
  flagged: number;
}

/**
 * Compares the provider's recent intents (the last `lookbackMinutes`) with our orders, both ways:
 * - an intent whose order disagrees is applied (applyIntent): a succeeded payment of a live
 *   reservation pays it; of a released one is refunded; a failed one releases its reservation.
 *   This repairs a lost or never-delivered webhook, whatever the client did;
 * - an intent that names no order of ours, an intent we recorded that the provider does not
 *   list, and a paid order whose intent did not succeed are flagged (payment_discrepancies,
 *   once each) for a person: money may have moved that no order accounts for.
 */
export async function reconcilePayments(pool: pg.Pool, gateway: PaymentGateway, now: Date, hooks: PaymentHooks = {}, lookbackMinutes = 60): Promise<Reconciliation> {
  const since = new Date(now.getTime() - lookbackMinutes * 60_000);
  const intents = await gateway.listIntents(since, 1000);
  const out: Reconciliation = { checked: intents.length, repaired: 0, flagged: 0 };
  const ours = await pool.query<{ intent_id: string; order_id: number; order_status: string }>(
    `SELECT p.intent_id, p.order_id, o.status AS order_status FROM payment_intents p JOIN orders o ON o.id = p.order_id
     WHERE p.provider = $1 AND p.created_at >= $2`,
    [gateway.name, since],
  );
  const listed = new Set(intents.map((i) => i.id));
  for (const intent of intents) {
    if (intent.orderId === null) {
      await flag(pool, gateway.name, intent, null, 'unknown_intent', `The provider has an intent (${intent.status}, ${intent.amountPence}p) that names no order of ours.`, false, now);
      out.flagged++;
      continue;
    }
    const order = (await pool.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [intent.orderId])).rows[0];
    if (!order) {
      await flag(pool, gateway.name, intent, null, 'unknown_intent', `The intent names order #${intent.orderId}, which does not exist.`, false, now);
      out.flagged++;
      continue;
    }
    if (order.status === 'completed' && intent.status !== 'succeeded' && intent.status !== 'processing') {
      await flag(pool, gateway.name, intent, intent.orderId, 'paid_without_payment', `Order #${intent.orderId} is paid but its intent is ${intent.status}.`, false, now);
      out.flagged++;
      continue;
    }
    const disagrees = (order.status === 'pending' && intent.status !== 'processing' && intent.status !== 'requires_action')
      || (intent.status === 'succeeded' && (order.status === 'cancelled' || order.status === 'failed') && intent.amountRefundedPence < intent.amountPence);
    if (!disagrees) continue;
    const applied = await applyIntent(pool, gateway, intent, now, hooks);
    if (applied === 'paid' || applied === 'released' || applied === 'late-refunded') out.repaired++;
    if (applied === 'flagged') out.flagged++;
  }
  for (const r of ours.rows) {
    if (listed.has(r.intent_id) || intents.length >= 1000) continue;
    await flag(pool, gateway.name, { id: r.intent_id } as Parameters<typeof flag>[2], r.order_id, 'missing_at_provider', `Order #${r.order_id} (${r.order_status}) has intent ${r.intent_id}, which the provider does not list.`, false, now);
    out.flagged++;
  }
  return out;
}
