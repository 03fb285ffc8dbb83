import type pg from 'pg';
import { inTransaction } from '../accounts/queryable.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { recordStaffAction } from '../staff/audit-log.ts';
import { releaseReservation } from './order-payment.ts';
import type { PaymentGateway } from './payment-gateway.ts';

/*
 * Payment problems (payment_discrepancies): what the payment code and reconciliation found between
 * the provider and our orders, listed for a person and closed by one. The back office and the CLI
 * (`payment-problems`) both come here.
 */

export interface PaymentProblem {
  id: number;
  provider: string;
  intentId: string;
  orderId: number | null;
  orderStatus: string | null;
  kind: string;
  detail: string;
  repaired: boolean;
  foundAt: Date;
  resolvedAt: Date | null;
  resolvedBy: string | null;
  resolution: string | null;
}

const SELECT_PROBLEMS = `
  SELECT d.id::int, d.provider, d.intent_id, d.order_id, o.status AS order_status, d.kind, d.detail, d.repaired, d.found_at, d.resolved_at, d.resolved_by, d.resolution
  FROM payment_discrepancies d LEFT JOIN orders o ON o.id = d.order_id`;

interface Row {
  id: number; provider: string; intent_id: string; order_id: number | null; order_status: string | null; kind: string; detail: string;
  repaired: boolean; found_at: Date; resolved_at: Date | null; resolved_by: string | null; resolution: string | null;
}

const toProblem = (r: Row): PaymentProblem => ({
  id: r.id, provider: r.provider, intentId: r.intent_id, orderId: r.order_id, orderStatus: r.order_status, kind: r.kind, detail: r.detail,
  repaired: r.repaired, foundAt: r.found_at, resolvedAt: r.resolved_at, resolvedBy: r.resolved_by, resolution: r.resolution,
});

/** `open`: only those neither repaired automatically nor resolved, oldest first (the queue); else every kind, newest first. */
export async function listPaymentProblems(db: pg.Pool, o: { open: boolean; limit: number }): Promise<PaymentProblem[]> {
  const { rows } = await db.query<Row>(
    o.open
      ? `${SELECT_PROBLEMS} WHERE NOT d.repaired AND d.resolved_at IS NULL ORDER BY d.found_at, d.id LIMIT $1`
      : `${SELECT_PROBLEMS} ORDER BY d.found_at DESC, d.id DESC LIMIT $1`,
    [o.limit],
  );
  return rows.map(toProblem);
}

export interface ResolvedProblem {
  problem: PaymentProblem;
  refundedPence: number;
  orderReleased: boolean;
}

/**
 * A person has dealt with a problem: `note` says what they did, kept with it and in the audit log.
 * An amount mismatch whose order is still held cannot be honoured as it is (the payment does not
 * match the order): it is refunded in full (key `mismatch-<intent>`, once whoever asks) and the
 * order released (tickets back on sale, points and credit given back, the basket restored). Each
 * step is safe to repeat, so a call the provider did not answer is simply made again.
 */
export async function resolvePaymentProblem(
  pool: pg.Pool,
  gateway: PaymentGateway,
  r: { id: number; note: string; by: string; staffId: number | null; now: Date },
): Promise<ResolvedProblem> {
  const found = (await pool.query<Row>(`${SELECT_PROBLEMS} WHERE d.id = $1`, [r.id])).rows[0];
  if (!found) throw new WpHttpError(404, 'cgg_payment_problem_not_found', `There is no payment problem #${r.id}.`);
  if (found.repaired || found.resolved_at) throw new WpHttpError(409, 'cgg_payment_problem_closed', `Payment problem #${r.id} is already dealt with.`);
  let refundedPence = 0;
  let orderReleased = false;
  if (found.kind === 'amount_mismatch' && found.order_id !== null && found.order_status === 'pending') {
    if (found.provider !== gateway.name) throw new WpHttpError(409, 'cgg_payment_problem_other_provider', `Payment problem #${r.id} is a ${found.provider} payment; this shop now takes cards through ${gateway.name}. Refund it in ${found.provider}'s dashboard, then close it with a note.`);
    refundedPence = await refundInFull(gateway, found.order_id, found.intent_id, r.now);
    orderReleased = await releaseHeldOrder(pool, found.order_id, r.now);
  }
  const problem = await inTransaction(pool, async (client) => {
    const done = await client.query(
      'UPDATE payment_discrepancies SET resolved_at = $2, resolved_by = $3, resolution = $4 WHERE id = $1 AND resolved_at IS NULL',
      [r.id, r.now, r.by, r.note],
    );
    // Another person closed it meanwhile: theirs stands (the refund and release above were the same, once).
    if (!done.rowCount) throw new WpHttpError(409, 'cgg_payment_problem_closed', `Payment problem #${r.id} is already dealt with.`);
    await recordStaffAction(client, {
      staffId: r.staffId, actor: r.by, action: 'payment-problem.resolve', subject: `payment problem #${r.id}`,
      before: { kind: found.kind, order_id: found.order_id, order_status: found.order_status },
      after: { note: r.note, refunded_pence: refundedPence, order_released: orderReleased }, at: r.now,
    });
    return toProblem((await client.query<Row>(`${SELECT_PROBLEMS} WHERE d.id = $1`, [r.id])).rows[0]!);
  });
  return { problem, refundedPence, orderReleased };
}

/** What the payment took and has not yet given back, refunded; 0 when nothing is left (or it never succeeded). */
async function refundInFull(gateway: PaymentGateway, orderId: number, intentId: string, now: Date): Promise<number> {
  const intent = await providerAsked(() => gateway.retrieve(intentId));
  const left = intent.amountPence - intent.amountRefundedPence;
  if (intent.status !== 'succeeded' || left <= 0) return 0;
  await providerAsked(() => gateway.refund({ orderId, intentId, amountPence: left, idempotencyKey: `mismatch-${intentId}`, now }));
  return left;
}

/** The held order released under its lock (unless something else settled it first); true when this call did. */
async function releaseHeldOrder(pool: pg.Pool, orderId: number, now: Date): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    const order = (await client.query(
      `SELECT id, status, customer_id, reserved_until, reserved_cart_id, reserved_basket, card_charged_pence, credit_used_pence, points_redeemed
       FROM orders WHERE id = $1 FOR UPDATE`,
      [orderId],
    )).rows[0];
    if (order?.status !== 'pending') return false;
    await releaseReservation(client, order, 'cancelled', { reason: 'amount_mismatch', message: 'The payment taken did not match the order, so it was refunded in full.' }, now);
    return true;
  });
}

/** The provider's own refusals pass through; no answer is said plainly (nothing was recorded as done). */
async function providerAsked<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof WpHttpError) throw err;
    throw new WpHttpError(502, 'cgg_payment_provider_unavailable', `The payment provider did not answer (${(err as Error).message}). Nothing is marked as done: try again.`);
  }
}
