import type pg from 'pg';
import { inTransaction } from '../accounts/queryable.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { penceToPounds } from '../lib/money.ts';
import { recordStaffAction } from '../staff/audit-log.ts';
import type { PaymentGateway } from './payment-gateway.ts';

export interface RefundInput {
  orderId: number;
  /** Pence; left out: all that is left of the card payment. */
  amountPence?: number;
  /** One per refund asked for: a retry with the same key is the same refund. */
  idempotencyKey: string;
  reason: string;
  /** Who asked, as the audit log shows it ('cli:amy', or a staff member's name and email). */
  by: string;
  /** The staff member who asked, from the back office; null or absent from the CLI. */
  staffId?: number | null;
  /** The most this asker may refund at once (support staff's limit); absent: no limit. Null: none set, so no refund. */
  limitPence?: number | null;
  now: Date;
}

export interface RefundOutcome {
  orderId: number;
  amountPence: number;
  reference: string;
  /** What is left of the card payment to refund. */
  leftPence: number;
  orderStatus: string;
  /** True when this key had already refunded: nothing new happened. */
  repeated: boolean;
}

const KEY = /^[A-Za-z0-9_-]{8,128}$/;
const refused = (status: number, code: string, message: string): WpHttpError => new WpHttpError(status, code, message);

interface Claimed {
  refundId: number;
  amountPence: number;
  done: RefundOutcome | null;
}

/**
 * Gives back some or all of an order's card payment through the payment gateway, once per
 * idempotency key. The refund is recorded (pending) under the order's row lock before the
 * gateway is asked, so two refunds of one order queue and never together exceed what the
 * card paid; the gateway gets the same key, so a retry after a crash refunds once. When the
 * whole card payment has come back the order becomes `refunded`. Site credit and points used
 * on the order, and its tickets, are left as they are (an operator's separate decision).
 * Each refund done is a staff action in the audit log (`order.refund`), with the reason.
 * The CLI's `refund-order` and the back office's `staff/refund_order` call this.
 */
export async function refundOrder(pool: pg.Pool, gateway: PaymentGateway, input: RefundInput): Promise<RefundOutcome> {
  if (!KEY.test(input.idempotencyKey)) throw refused(400, 'cgg_invalid_idempotency_key', 'The refund key must be 8-128 letters, digits, - or _.');
  if (input.amountPence !== undefined && (!Number.isInteger(input.amountPence) || input.amountPence <= 0)) {
    throw refused(400, 'cgg_invalid_refund_amount', 'The refund amount must be more than £0.00.');
  }
  const reason = input.reason.trim();
  if (!reason) throw refused(400, 'cgg_refund_reason_required', 'Say why the order is refunded.');

  const claimed = await inTransaction(pool, async (client): Promise<Claimed> => {
    const order = await client.query<{ status: string; card_charged_pence: number }>(
      'SELECT status, card_charged_pence FROM orders WHERE id = $1 FOR UPDATE',
      [input.orderId],
    );
    const o = order.rows[0];
    if (!o) throw refused(404, 'cgg_order_not_found', `There is no order #${input.orderId}.`);
    const same = await client.query<{ id: string; order_id: number; amount_pence: number; state: string; gateway_reference: string | null }>(
      'SELECT id, order_id, amount_pence, state, gateway_reference FROM order_refunds WHERE idempotency_key = $1',
      [input.idempotencyKey],
    );
    const before = same.rows[0];
    if (before && before.order_id !== input.orderId) {
      throw refused(409, 'cgg_idempotency_key_reused', 'That refund key was used for another order.');
    }
    const settled = await refundedPence(client, input.orderId);
    if (before?.state === 'succeeded') {
      const done = { orderId: input.orderId, amountPence: before.amount_pence, reference: before.gateway_reference!, leftPence: o.card_charged_pence - settled, orderStatus: o.status, repeated: true };
      return { refundId: Number(before.id), amountPence: before.amount_pence, done };
    }
    if (before) return { refundId: Number(before.id), amountPence: before.amount_pence, done: null }; // retry a pending or failed one
    if (!['completed', 'refunded'].includes(o.status) || o.card_charged_pence <= 0) {
      throw refused(409, 'cgg_nothing_to_refund', `Order #${input.orderId} has no card payment to refund.`);
    }
    const left = o.card_charged_pence - (await reservedPence(client, input.orderId));
    if (left <= 0) throw refused(409, 'cgg_nothing_to_refund', `Order #${input.orderId} has been refunded in full.`);
    const amount = input.amountPence ?? left;
    if (amount > left) throw refused(400, 'cgg_invalid_refund_amount', `At most £${penceToPounds(left)} of order #${input.orderId} can still be refunded.`);
    if (input.limitPence === null) throw refused(403, 'cgg_refund_over_limit', 'No refund limit is set for you; ask an admin to refund this order.');
    if (input.limitPence !== undefined && amount > input.limitPence) {
      throw refused(403, 'cgg_refund_over_limit', `Your refund limit is £${penceToPounds(input.limitPence)}; ask an admin to refund more.`);
    }
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO order_refunds (order_id, idempotency_key, amount_pence, state, gateway, reason, requested_by, created_at)
       VALUES ($1, $2, $3, 'pending', $4, $5, $6, $7) RETURNING id`,
      [input.orderId, input.idempotencyKey, amount, gateway.name, reason, input.by, input.now],
    );
    return { refundId: Number(rows[0]!.id), amountPence: amount, done: null };
  });
  if (claimed.done) return claimed.done;

  let reference: string;
  try {
    ({ reference } = await gateway.refund({ orderId: input.orderId, amountPence: claimed.amountPence, idempotencyKey: input.idempotencyKey, now: input.now }));
  } catch (err) {
    await pool.query("UPDATE order_refunds SET state = 'failed', failure = $2, settled_at = $3 WHERE id = $1", [claimed.refundId, (err as Error).message, input.now]);
    throw err;
  }
  return inTransaction(pool, async (client) => {
    const order = await client.query<{ card_charged_pence: number }>('SELECT card_charged_pence FROM orders WHERE id = $1 FOR UPDATE', [input.orderId]);
    await client.query("UPDATE order_refunds SET state = 'succeeded', gateway_reference = $2, failure = NULL, settled_at = $3 WHERE id = $1", [
      claimed.refundId, reference, input.now,
    ]);
    const left = order.rows[0]!.card_charged_pence - (await refundedPence(client, input.orderId));
    const status = left === 0 ? 'refunded' : 'completed';
    await client.query('UPDATE orders SET status = $2 WHERE id = $1', [input.orderId, status]);
    await recordStaffAction(client, {
      staffId: input.staffId ?? null, actor: input.by, action: 'order.refund', subject: `order #${input.orderId}`,
      before: { left_pence: left + claimed.amountPence }, after: { refunded_pence: claimed.amountPence, left_pence: left, status, reference, reason }, at: input.now,
    });
    return { orderId: input.orderId, amountPence: claimed.amountPence, reference, leftPence: left, orderStatus: status, repeated: false };
  });
}

/** Refunds done. */
async function refundedPence(client: pg.PoolClient, orderId: number): Promise<number> {
  const { rows } = await client.query<{ pence: number }>(
    "SELECT COALESCE(sum(amount_pence), 0)::int AS pence FROM order_refunds WHERE order_id = $1 AND state = 'succeeded'",
    [orderId],
  );
  return rows[0]!.pence;
}

/** Refunds done or under way: what a new refund may not take again. */
async function reservedPence(client: pg.PoolClient, orderId: number): Promise<number> {
  const { rows } = await client.query<{ pence: number }>(
    "SELECT COALESCE(sum(amount_pence), 0)::int AS pence FROM order_refunds WHERE order_id = $1 AND state IN ('pending', 'succeeded')",
    [orderId],
  );
  return rows[0]!.pence;
}
