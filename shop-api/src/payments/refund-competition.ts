import type pg from 'pg';
import { PAID_STATUSES } from '../store/order-statuses.ts';
import { inTransaction } from '../accounts/queryable.ts';
import { WpHttpError } from '../http/wp-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import { eachAtMost } from '../lib/each-at-most.ts';
import { recordStaffAction } from '../staff/audit-log.ts';
import type { FundingType, PaymentGateway } from './payment-gateway.ts';
import { paidByCreditCard, refundOrder, type RefundDestination } from './refund-order.ts';

export interface CancelCompetitionInput {
  competitionId: number;
  reason: string;
  to: RefundDestination;
  /** Who, as the audit log shows it ('cli:amy', or a staff member's name and email). */
  by: string;
  staffId: number | null;
  now: Date;
}

export interface CancelCompetitionOutcome {
  competitionId: number;
  title: string;
  /** Orders refunded by this run. */
  refunded: number;
  /** Orders an earlier run had already refunded (a re-run finishes the rest). */
  alreadyRefunded: number;
  /** Money and site credit given back by this run (pence). */
  totalPence: number;
  failed: Array<{ orderId: number; code: string; message: string }>;
  /**
   * Orders holding its tickets whose card payment was still under way (3-D Secure, or not yet
   * confirmed), or was confirmed while this run went: a run after their payment refunds them;
   * otherwise their reservation ends and releases the tickets. A run is complete only when this is
   * empty too.
   */
  awaitingPayment: number[];
}

/**
 * The refund key of one order in a cancelled competition, per destination: a re-run (or a racing
 * run) finds the same refund, and a restart to the other destination (staff pressing "Refund the
 * rest" as site credit after card refunds were refused) is a refund of its own.
 */
export const cancelRefundKey = (competitionId: number, orderId: number, to: RefundDestination): string =>
  `cancel-c${competitionId}-o${orderId}${to === 'site_credit' ? '-credit' : ''}`;

/** Refunds a run makes at once: each waits on the gateway (a real provider takes ~0.3-0.5 s), so one by one a competition of 2,000 orders would take over ten minutes. */
export const CANCEL_REFUNDS_AT_ONCE = 4;

/**
 * Cancels a competition and refunds every paid order holding its tickets: `cancelCompetition`,
 * then `refundCancelledCompetition`. The CLI's `competition-cancel` calls this and waits; the
 * back office cancels and leaves the refunds to a job (competition-refunds-job.ts).
 */
export async function refundCompetition(pool: pg.Pool, gateway: PaymentGateway, input: CancelCompetitionInput, mailer?: Mailer): Promise<CancelCompetitionOutcome> {
  await cancelCompetition(pool, input);
  return refundCancelledCompetition(pool, gateway, input, mailer);
}

/**
 * The cancel itself: status 'cancelled' (no more sales - migration 015's trigger - no draw,
 * closed on the site), in one transaction with its audit entry, and `alsoInTransaction` (the
 * back office adds the refunds' job there, so a cancel never lacks its refunds). A drawn
 * competition is refused: its entries are published and final. Cancelling again changes nothing.
 */
export async function cancelCompetition(pool: pg.Pool, input: CancelCompetitionInput, alsoInTransaction?: (client: pg.PoolClient) => Promise<void>): Promise<{ title: string }> {
  const reason = input.reason.trim();
  if (!reason) throw new WpHttpError(400, 'cgg_refund_reason_required', 'Say why the competition is cancelled.');
  if (reason.length > 200) throw new WpHttpError(400, 'cgg_refund_reason_required', 'The reason is at most 200 characters.');
  if (input.to !== 'card' && input.to !== 'site_credit') throw new WpHttpError(400, 'cgg_invalid_refund_destination', 'Refund to "card" or "site_credit".');

  return inTransaction(pool, async (client) => {
    const c = (await client.query<{ title: string; status: string; drawn: boolean }>(
      `SELECT c.title, c.status, (c.status = 'drawn' OR EXISTS (SELECT 1 FROM competition_draws d WHERE d.competition_id = c.id AND d.drawn_at IS NOT NULL)) AS drawn
       FROM competitions c WHERE c.id = $1 FOR UPDATE OF c`,
      [input.competitionId],
    )).rows[0];
    if (!c) throw new WpHttpError(404, 'cgg_competition_not_found', `There is no competition #${input.competitionId}.`);
    if (c.drawn) {
      throw new WpHttpError(409, 'cgg_competition_drawn', `${c.title} (competition #${input.competitionId}) has been drawn: its entries are final, so it cannot be cancelled or refunded.`);
    }
    if (c.status !== 'cancelled') {
      await client.query("UPDATE competitions SET status = 'cancelled', updated_at = $2 WHERE id = $1", [input.competitionId, input.now]);
      await recordStaffAction(client, {
        staffId: input.staffId, actor: input.by, action: 'competition.cancel', subject: `competition #${input.competitionId}`,
        before: { status: c.status }, after: { status: 'cancelled', reason, to: input.to }, at: input.now,
      });
    }
    await alsoInTransaction?.(client);
    return { title: c.title };
  });
}

/** The paid statuses as an SQL list (constants, so written in). */
const PAID_SQL = `(${PAID_STATUSES.map((s) => `'${s}'`).join(', ')})`;

/**
 * The orders a cancel refunds: paid ones holding the competition's tickets, and those with a refund
 * of its lines (a run's, or staff's: counted, and done once it succeeded).
 */
export const CANCEL_ORDERS_SQL = `SELECT DISTINCT o.id FROM orders o JOIN order_items i ON i.order_id = o.id
  WHERE i.competition_id = $1
    AND (o.status IN ${PAID_SQL} OR EXISTS (SELECT 1 FROM order_refunds r WHERE r.order_id = o.id AND r.competition_id = $1))`;
/**
 * A succeeded refund that gave back an order's lines of competition $1, whatever asked: a refund of
 * those lines, or of the whole order by amount (not another competition's lines, which is 'whole'
 * when its lines were the last not in a refund, pending ones included). `r` is the refund's alias.
 */
export const COVERS_CANCELLED_LINES = `r.state = 'succeeded' AND (r.competition_id = $1 OR (r.whole AND r.competition_id IS NULL))`;
/** An order's lines of competition $1 already given back. `orderId` is the order's id column. */
export const cancelDone = (orderId: string): string => `EXISTS (SELECT 1 FROM order_refunds r WHERE r.order_id = ${orderId} AND ${COVERS_CANCELLED_LINES})`;

/**
 * Refunds every paid order of a cancelled competition, `CANCEL_REFUNDS_AT_ONCE` at a time, each
 * through `refundOrder` with a key derived from the competition and the order: a run that stopped
 * half-way (a gateway error, a crash) is run again and refunds only the rest, and ten runs at once
 * pay each order once. An order with lines in other competitions gets a partial refund of this
 * competition's lines only; its other tickets stay. A failed order is reported with why and the
 * run goes on; so is an order whose payment is still under way (`awaitingPayment`), for a later
 * run. A competition that is not cancelled is refused (nothing is refunded).
 */
export async function refundCancelledCompetition(
  pool: pg.Pool, gateway: PaymentGateway, input: CancelCompetitionInput, mailer?: Mailer, o: { atOnce?: number } = {},
): Promise<CancelCompetitionOutcome> {
  const c = (await pool.query<{ title: string; status: string }>('SELECT title, status FROM competitions WHERE id = $1', [input.competitionId])).rows[0];
  if (!c) throw new WpHttpError(404, 'cgg_competition_not_found', `There is no competition #${input.competitionId}.`);
  if (c.status !== 'cancelled') throw new WpHttpError(409, 'cgg_competition_not_cancelled', `${c.title} (competition #${input.competitionId}) is not cancelled, so its orders are not refunded.`);
  const { rows: orders } = await pool.query<{ id: number; done: boolean; card_charged_pence: number; card_funding: FundingType | null }>(
    `SELECT c.id, ${cancelDone('c.id')} AS done, o.card_charged_pence, o.card_funding FROM (${CANCEL_ORDERS_SQL}) c JOIN orders o ON o.id = c.id ORDER BY c.id`,
    [input.competitionId],
  );
  const reason = input.reason.trim();
  const out: CancelCompetitionOutcome = { competitionId: input.competitionId, title: c.title, refunded: 0, alreadyRefunded: 0, totalPence: 0, failed: [], awaitingPayment: [] };
  await eachAtMost(orders, o.atOnce ?? CANCEL_REFUNDS_AT_ONCE, async ({ id, done: givenBack, ...order }) => {
    if (givenBack) {
      out.alreadyRefunded++;
      return;
    }
    // An order paid by credit card goes back to the card even when staff chose site credit for the
    // competition (UK code 1.3: credit-card money never becomes play money; refundOrder refuses it).
    const to = input.to === 'site_credit' && paidByCreditCard(order) ? 'card' : input.to;
    try {
      const done = await refundOrder(pool, gateway, {
        orderId: id, competitionId: input.competitionId, to, idempotencyKey: cancelRefundKey(input.competitionId, id, to),
        reason: `${c.title} was cancelled: ${reason}`, by: input.by, staffId: input.staffId, now: input.now,
      }, mailer);
      if (done.repeated) out.alreadyRefunded++;
      else {
        out.refunded++;
        out.totalPence += done.amountPence + done.creditReturnedPence;
      }
    } catch (err) {
      const e = err instanceof WpHttpError ? err : null;
      out.failed.push({ orderId: id, code: e?.code ?? 'cgg_refund_failed', message: (err as Error).message });
    }
  });
  out.failed.sort((a, b) => a.orderId - b.orderId);
  // Looked for after the refunds: orders still paying, and those paid while this run went (not in
  // its list, and not refunded), for the next run.
  const failed = new Set(out.failed.map((f) => f.orderId));
  const { rows: left } = await pool.query<{ id: number }>(
    `SELECT DISTINCT o.id FROM orders o JOIN order_items i ON i.order_id = o.id
     WHERE i.competition_id = $1
       AND (o.status = 'pending' OR (o.status IN ${PAID_SQL} AND NOT ${cancelDone('o.id')}))
     ORDER BY o.id`,
    [input.competitionId],
  );
  out.awaitingPayment = left.map((l) => l.id).filter((id) => !failed.has(id));
  return out;
}
