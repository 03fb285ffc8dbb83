import type pg from 'pg';
import { penceToPounds } from '../lib/money.ts';
import { applyIntent, flag, flagForeign, type PaymentHooks } from './order-payment.ts';
import type { IntentState, PaymentGateway } from './payment-gateway.ts';
import { checkProviderRefunds } from './provider-refunds.ts';

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
  // Late payments whose refund the provider refused: a person deals with those, not every run.
  const refusedLate = new Set((await pool.query<{ intent_id: string }>(
    `SELECT intent_id FROM payment_discrepancies WHERE provider = $1 AND kind = 'late_payment_refund_refused' AND resolved_at IS NULL AND intent_id = ANY($2)`,
    [gateway.name, [...listed]],
  )).rows.map((r) => r.intent_id));
  // Every order the intents name, in one read.
  const named = intents.map((i) => i.orderId).filter((id): id is number => id !== null);
  const orders = new Map((await pool.query<{ id: number; status: string; order_key: string }>('SELECT id, status, order_key FROM orders WHERE id = ANY($1::int[])', [named])).rows.map((r) => [r.id, r]));
  async function reconcileOne(intent: IntentState): Promise<void> {
    if (intent.orderId === null) {
      await flag(pool, gateway.name, intent, null, 'unknown_intent', `The provider has an intent (${intent.status}, £${penceToPounds(intent.amountPence)}) that names no order of ours.`, false, now);
      out.flagged++;
      return;
    }
    const order = orders.get(intent.orderId);
    if (order === undefined) {
      await flag(pool, gateway.name, intent, null, 'unknown_intent', `The intent names order #${intent.orderId}, which does not exist.`, false, now);
      out.flagged++;
      return;
    }
    if (intent.orderKey !== order.order_key) {
      if (await flagForeign(pool, gateway.name, intent, now)) out.flagged++;
      return;
    }
    const status = order.status;
    if (status === 'completed' && intent.status !== 'succeeded' && intent.status !== 'processing') {
      await flag(pool, gateway.name, intent, intent.orderId, 'paid_without_payment', `Order #${intent.orderId} is paid but its intent is ${intent.status}.`, false, now);
      out.flagged++;
      return;
    }
    // Refunded at the provider beyond what the shop refunded (only a paid order's, so no repair below).
    if (intent.status === 'succeeded' && (await checkProviderRefunds(pool, gateway.name, { intentId: intent.id, amountRefundedPence: intent.amountRefundedPence }, intent.amountPence, now))) out.flagged++;
    const disagrees = (status === 'pending' && intent.status !== 'processing' && intent.status !== 'requires_action')
      || (intent.status === 'succeeded' && (status === 'cancelled' || status === 'failed') && intent.amountRefundedPence < intent.amountPence);
    if (!disagrees || refusedLate.has(intent.id)) return;
    const applied = await applyIntent(pool, gateway, intent, now, hooks);
    if (applied === 'paid' || applied === 'released' || applied === 'late-refunded') out.repaired++;
    if (applied === 'flagged') out.flagged++;
  }
  // One intent that cannot be settled (its late refund refused, the provider failing for it) is
  // reported, and the others are still reconciled: the run throws at the end, for the job's
  // dead-letter list, instead of stopping there at every run while that intent is recent.
  const failures: string[] = [];
  for (const intent of intents) {
    try {
      await reconcileOne(intent);
    } catch (err) {
      failures.push(`${intent.id}: ${(err as Error).message}`);
    }
  }
  for (const r of ours.rows) {
    if (listed.has(r.intent_id) || intents.length >= 1000) continue;
    await flag(pool, gateway.name, { id: r.intent_id } as IntentState, r.order_id, 'missing_at_provider', `Order #${r.order_id} (${r.order_status}) has intent ${r.intent_id}, which the provider does not list.`, false, now);
    out.flagged++;
  }
  if (failures.length > 0) throw new ReconciliationIncomplete(out, failures);
  return out;
}

/** A run that reconciled all it could but not everything: what it did, and which intents it could not settle. */
export class ReconciliationIncomplete extends Error {
  constructor(readonly done: Reconciliation, failures: string[]) {
    super(`reconciliation could not settle ${failures.length} of ${done.checked} intents (the rest were reconciled): ${failures.join('; ')}`);
    this.name = 'ReconciliationIncomplete';
  }
}
