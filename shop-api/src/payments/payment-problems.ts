import type pg from 'pg';
import { inTransaction } from '../accounts/queryable.ts';
import { fallbackLogger } from '../lib/logger.ts';
import { WpHttpError } from '../http/wp-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import { recordStaffAction } from '../staff/audit-log.ts';
import { markGivenUpOrderRefunded, releaseReservation } from './order-payment.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { mailPaymentReviewClosed } from './payment-problem-mails.ts';
import { closingRefunds } from './under-review.ts';

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
  /** Its customer's mail (payment-problem-mails.ts): due, sent (when), none (no address, or nothing to say); null for kinds no customer hears of. */
  customerMail: 'due' | 'sent' | 'none' | null;
  customerToldAt: Date | null;
  /** What closing it does (contracts PAYMENT_PROBLEM_CLOSE). */
  onClose: OnClose;
}

export type OnClose = 'refund_and_release' | 'refund' | 'record';

/** A payment of the wrong amount is never kept (closingRefunds): refunded, and its order released while it is still held. */
function onCloseOf(r: Pick<Row, 'kind' | 'order_id' | 'order_status'>): OnClose {
  if (r.kind !== 'amount_mismatch' || r.order_id === null || !closingRefunds(r.order_status)) return 'record';
  return r.order_status === 'pending' ? 'refund_and_release' : 'refund';
}

const SELECT_PROBLEMS = `
  SELECT d.id::int, d.provider, d.intent_id, d.order_id, o.status AS order_status, d.kind, d.detail, d.repaired, d.found_at, d.resolved_at, d.resolved_by, d.resolution, d.customer_mail, d.customer_told_at
  FROM payment_discrepancies d LEFT JOIN orders o ON o.id = d.order_id`;

interface Row {
  id: number; provider: string; intent_id: string; order_id: number | null; order_status: string | null; kind: string; detail: string;
  repaired: boolean; found_at: Date; resolved_at: Date | null; resolved_by: string | null; resolution: string | null; customer_mail: PaymentProblem['customerMail']; customer_told_at: Date | null;
}

const toProblem = (r: Row): PaymentProblem => ({
  id: r.id, provider: r.provider, intentId: r.intent_id, orderId: r.order_id, orderStatus: r.order_status, kind: r.kind, detail: r.detail,
  repaired: r.repaired, foundAt: r.found_at, resolvedAt: r.resolved_at, resolvedBy: r.resolved_by, resolution: r.resolution, customerMail: r.customer_mail, customerToldAt: r.customer_told_at, onClose: onCloseOf(r),
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
  /** Of the payment, refunded as the provider now says (0: nothing asked of it). */
  refundedPence: number;
  orderReleased: boolean;
}

/**
 * A person has dealt with a problem: `note` says what they did, kept with it and in the audit log.
 * A payment of the wrong amount is never kept (onCloseOf): refunded in full (key
 * `mismatch-<intent>`, once whoever asks), and its order released if it is still held (tickets back
 * on sale, points and credit given back, the basket restored). `refund: false` asks the provider
 * nothing (refunded elsewhere, or a provider the shop no longer uses). Its customer is mailed how
 * it ended (payment-problem-mails.ts). All under the problem's row
 * lock, so two people closing it at once do it once; a call the provider did not answer rolls it
 * back, to be made again.
 */
export async function resolvePaymentProblem(
  pool: pg.Pool,
  gateway: PaymentGateway,
  mailer: Mailer,
  r: { id: number; note: string; refund: boolean; by: string; staffId: number | null; now: Date },
): Promise<ResolvedProblem> {
  return inTransaction(pool, async (client) => {
    const found = (await client.query<Row>(`${SELECT_PROBLEMS} WHERE d.id = $1 FOR UPDATE OF d`, [r.id])).rows[0];
    if (!found) throw new WpHttpError(404, 'cgg_payment_problem_not_found', `There is no payment problem #${r.id}.`);
    if (found.repaired || found.resolved_at) throw new WpHttpError(409, 'cgg_payment_problem_closed', `Payment problem #${r.id} is already dealt with.`);
    const onClose = onCloseOf(found);
    let refundedPence = 0;
    if (onClose !== 'record' && r.refund) {
      if (found.provider !== gateway.name) {
        throw new WpHttpError(409, 'cgg_payment_problem_other_provider', `Payment problem #${r.id} is a ${found.provider} payment, and this shop now takes cards through ${gateway.name}. Refund it in ${found.provider}'s dashboard, then close it saying it is already refunded.`);
      }
      refundedPence = await refundInFull(gateway, found.order_id!, found.intent_id, r.now);
      if (onClose === 'refund' && refundedPence > 0) await markGivenUpOrderRefunded(client, found.order_id!);
    }
    const orderReleased = onClose === 'refund_and_release' && (await releaseHeldOrder(client, found.order_id!, r.refund, r.now));
    // The customer was told their payment is under review: now how it ended.
    if (onClose !== 'record') await mailPaymentReviewClosed(client, mailer, { problemId: r.id, orderId: found.order_id!, refundedPence, orderReleased, now: r.now });
    await client.query('UPDATE payment_discrepancies SET resolved_at = $2, resolved_by = $3, resolution = $4 WHERE id = $1', [r.id, r.now, r.by, r.note]);
    await recordStaffAction(client, {
      staffId: r.staffId, actor: r.by, action: 'payment-problem.resolve', subject: `payment problem #${r.id}`,
      before: { kind: found.kind, order_id: found.order_id, order_status: found.order_status },
      after: { note: r.note, refund_asked: onClose !== 'record' && r.refund, refunded_pence: refundedPence, order_released: orderReleased }, at: r.now,
    });
    return { problem: toProblem((await client.query<Row>(`${SELECT_PROBLEMS} WHERE d.id = $1`, [r.id])).rows[0]!), refundedPence, orderReleased };
  });
}

/** What the payment took and has not yet given back, refunded; answers how much of it is refunded now. */
async function refundInFull(gateway: PaymentGateway, orderId: number, intentId: string, now: Date): Promise<number> {
  const intent = await providerAsked('reading the payment', () => gateway.retrieve(intentId));
  const left = intent.amountPence - intent.amountRefundedPence;
  if (intent.status !== 'succeeded' || left <= 0) return intent.amountRefundedPence;
  await providerAsked('refunding the payment', () => gateway.refund({ orderId, intentId, amountPence: left, idempotencyKey: `mismatch-${intentId}`, now }));
  return intent.amountPence;
}

/** The held order released under its lock (unless something else settled it first); true when this call did. */
async function releaseHeldOrder(client: pg.PoolClient, orderId: number, refunded: boolean, now: Date): Promise<boolean> {
  const order = (await client.query(
    `SELECT id, status, customer_id, reserved_until, reserved_cart_id, reserved_basket, card_charged_pence, credit_used_pence, points_redeemed
     FROM orders WHERE id = $1 FOR UPDATE`,
    [orderId],
  )).rows[0];
  if (order?.status !== 'pending') return false;
  const message = refunded ? 'The payment taken did not match the order, so it was refunded in full.' : 'The payment taken did not match the order, so the order was cancelled.';
  await releaseReservation(client, order, 'cancelled', { reason: 'amount_mismatch', message }, now);
  return true;
}

/** The provider's own refusals pass through; no answer is logged and said plainly (nothing is marked done). */
async function providerAsked<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof WpHttpError) throw err;
    fallbackLogger().error({ err, component: 'payments' }, `payment problems: ${what} failed`);
    throw new WpHttpError(502, 'cgg_payment_provider_unavailable', 'The payment provider did not answer. Nothing is marked as done: try again in a moment.');
  }
}
