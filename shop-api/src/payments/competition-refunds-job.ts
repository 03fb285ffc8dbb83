import type pg from 'pg';
import type { Task } from 'graphile-worker';
import type { Queryable } from '../accounts/queryable.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { enqueueJob, JOB_SCHEMA } from '../jobs/job-queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { CANCEL_ORDERS_SQL, COVERS_CANCELLED_LINES, cancelCompetition, cancelDone, refundCancelledCompetition, type CancelCompetitionInput } from './refund-competition.ts';
import type { RefundDestination } from './refund-order.ts';

/*
 * The back office's cancel: the competition is cancelled at once and its refunds are a job, since
 * thousands of orders through a card provider take minutes, longer than any request may. The
 * job refunds what is left (refundCancelledCompetition: each order once, whatever runs it) and
 * fails while any order is not refunded or still paying (a card payment under way when the
 * competition was cancelled), so the queue tries again with backoff; staff watch its
 * progress (`competitionRefunds`) and can start it again once it has given up.
 */

export const COMPETITION_REFUNDS_TASK = 'competition-refunds';
/**
 * Tries before the job gives up: retries wait e^attempt seconds, so the last is about half an hour
 * after the first, past any reservation's 10 minutes (an order still paying at the cancel is
 * settled, paid or released, within the tries).
 */
const COMPETITION_REFUNDS_TRIES = 8;
const jobKey = (competitionId: number): string => `competition-refunds-c${competitionId}`;

interface RefundsJobPayload {
  competitionId: number;
  reason: string;
  to: RefundDestination;
  by: string;
  staffId: number | null;
}

/**
 * Where a cancelled competition's refunds stand. `refunding`: under way or about to start;
 * `retrying`: some failed (`lastError`), tried again at `nextTryAt`; `stopped`: not all refunded
 * and nothing will try again (the job gave up), so staff
 * start it again; `done`: every order refunded.
 */
export interface CompetitionRefunds {
  competitionId: number;
  title: string;
  /** Paid orders of the competition when it was cancelled (those refunded and those still to refund). */
  orders: number;
  refunded: number;
  /** Money and site credit given back so far (pence; an order refunded whole by staff counts whole). */
  totalPence: number;
  /** Points spent on the orders and given back so far. */
  pointsReturned: number;
  state: 'refunding' | 'retrying' | 'stopped' | 'done';
  lastError: string | null;
  nextTryAt: Date | null;
}

/** Cancels the competition and adds its refunds' job in the same transaction; a repeat after the job gave up starts it again. */
export async function startCompetitionRefunds(pool: pg.Pool, input: CancelCompetitionInput): Promise<CompetitionRefunds> {
  const payload: RefundsJobPayload = { competitionId: input.competitionId, reason: input.reason.trim(), to: input.to, by: input.by, staffId: input.staffId };
  await cancelCompetition(pool, input, async (client) => {
    await enqueueJob(client, COMPETITION_REFUNDS_TASK, { ...payload }, { jobKey: jobKey(input.competitionId), maxAttempts: COMPETITION_REFUNDS_TRIES });
  });
  return competitionRefunds(pool, input.competitionId);
}

/**
 * The refunds' job for a competition already cancelled, for the rest of its orders: the CLI's
 * cancel refunds what it can there and then, and leaves what failed or is still paying to the
 * job, which the API's workers try again as they do the back office's.
 */
export async function queueCompetitionRefunds(pool: pg.Pool, input: Omit<CancelCompetitionInput, 'now'>): Promise<void> {
  const payload: RefundsJobPayload = { competitionId: input.competitionId, reason: input.reason.trim(), to: input.to, by: input.by, staffId: input.staffId };
  await enqueueJob(pool, COMPETITION_REFUNDS_TASK, { ...payload }, { jobKey: jobKey(input.competitionId), maxAttempts: COMPETITION_REFUNDS_TRIES });
}

/** The job's work: refund the rest; throw while any order is not refunded, naming them, so it is tried again. */
export function competitionRefundsTask(deps: { pool: pg.Pool; gateway: PaymentGateway; mailer?: Mailer }): Task {
  return async (raw) => {
    const p = raw as RefundsJobPayload;
    const done = await refundCancelledCompetition(deps.pool, deps.gateway, { ...p, now: new Date() }, deps.mailer);
    if (done.failed.length || done.awaitingPayment.length) throw new Error(unfinishedSummary(done));
  };
}

const orders = (n: number): string => `${n} ${n === 1 ? 'order' : 'orders'}`;
/** At most five order numbers, then how many more. */
const some = <T,>(items: T[], show: (item: T) => string): string =>
  items.slice(0, 5).map(show).join(', ') + (items.length > 5 ? ` and ${items.length - 5} more` : '');

/**
 * Why a run is not finished, for staff: "2 orders not refunded: #10017 (The payment provider is
 * not answering.), #10020 (...). 1 order still paying: #10021 (refunded once paid; released if its
 * reservation ends first)."
 */
function unfinishedSummary(done: { failed: Array<{ orderId: number; message: string }>; awaitingPayment: number[] }): string {
  const parts: string[] = [];
  if (done.failed.length) parts.push(`${orders(done.failed.length)} not refunded: ${some(done.failed, (f) => `#${f.orderId} (${f.message})`)}.`);
  if (done.awaitingPayment.length) {
    parts.push(`${orders(done.awaitingPayment.length)} still paying: ${some(done.awaitingPayment, (id) => `#${id}`)} (refunded once paid; released if the reservation ends first).`);
  }
  return parts.join(' ');
}

/** Where the refunds of a cancelled competition stand; 404 for no such competition, 409 for one that is not cancelled. */
export async function competitionRefunds(db: Queryable, competitionId: number): Promise<CompetitionRefunds> {
  const { rows } = await db.query<{ title: string; status: string; orders: number; refunded: number; total: number; points: number; paying: boolean; run_at: Date | null; attempts: number | null; max_attempts: number | null; last_error: string | null; locked: boolean | null }>(
    `WITH o AS (${CANCEL_ORDERS_SQL}),
     r AS (SELECT r.amount_pence + r.credit_returned_pence AS pence, r.points_returned AS points FROM order_refunds r JOIN o ON r.order_id = o.id
           WHERE ${COVERS_CANCELLED_LINES})
     SELECT c.title, c.status, (SELECT count(*)::int FROM o) AS orders, (SELECT count(*)::int FROM o WHERE ${cancelDone('o.id')}) AS refunded,
            (SELECT COALESCE(sum(pence), 0)::int FROM r) AS total,
            (SELECT COALESCE(sum(points), 0)::int FROM r) AS points,
            EXISTS (SELECT 1 FROM orders p JOIN order_items i ON i.order_id = p.id WHERE i.competition_id = $1 AND p.status = 'pending') AS paying,
            j.run_at, j.attempts, j.max_attempts, j.last_error, j.locked_at IS NOT NULL AS locked
     FROM competitions c LEFT JOIN ${JOB_SCHEMA}.jobs j ON j.key = $2
     WHERE c.id = $1`,
    [competitionId, jobKey(competitionId)],
  );
  const r = rows[0];
  if (!r) throw new WpHttpError(404, 'cgg_competition_not_found', `There is no competition #${competitionId}.`);
  if (r.status !== 'cancelled') throw new WpHttpError(409, 'cgg_competition_not_cancelled', `${r.title} (competition #${competitionId}) is not cancelled, so there are no refunds to show.`);
  const queued = r.attempts !== null;
  const gaveUp = queued && !r.locked && r.attempts! >= r.max_attempts!;
  // Done: every order refunded, none still paying, and no try to come.
  const state: CompetitionRefunds['state'] = r.refunded >= r.orders && !r.paying && !(queued && !gaveUp)
    ? 'done'
    : !queued || gaveUp ? 'stopped' : r.last_error && !r.locked ? 'retrying' : 'refunding';
  return {
    competitionId, title: r.title, orders: r.orders, refunded: r.refunded, totalPence: r.total, pointsReturned: r.points, state,
    lastError: state === 'done' ? null : r.last_error, nextTryAt: state === 'retrying' ? r.run_at : null,
  };
}
