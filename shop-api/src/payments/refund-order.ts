import type pg from 'pg';
import { IDEMPOTENCY_KEY } from '@cgg/contracts';
import { POINTS_PER_POUND } from '@cgg/contracts/store';
import { fallbackLogger, type Logger } from '../lib/logger.ts';
import { isPaidStatus } from '../store/order-statuses.ts';
import { inTransaction } from '../accounts/queryable.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { penceToPounds } from '../lib/money.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { recordStaffAction } from '../staff/audit-log.ts';
import { isCreditLike } from './credit-card-rules.ts';
import type { FundingType, PaymentGateway } from './payment-gateway.ts';
import { refundEmail } from './refund-emails.ts';
import { releaseTickets } from './release-tickets.ts';

export type RefundDestination = 'card' | 'site_credit';

export interface RefundInput {
  orderId: number;
  /** Pence; left out: all that is left of the card payment (the whole order). */
  amountPence?: number;
  /** Where the money goes: back to the card through the gateway (the default) or into the customer's site credit. */
  to?: RefundDestination;
  /** Only this competition's lines of the order (a cancelled competition): their value, and their tickets released. Not with amountPence. */
  competitionId?: number;
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
  /** Money given back, to the card or as site credit (`to`). */
  amountPence: number;
  to: RefundDestination;
  /** The gateway's reference; for site credit, the refund's own ('credit_12'); 'none' when no card money moved. */
  reference: string;
  /** What is left of the card payment to refund. */
  leftPence: number;
  /** Site credit and points the order spent, given back (a whole order only, or what a line cost beyond the card). */
  creditReturnedPence: number;
  pointsReturned: number;
  /** Tickets that stopped counting (their numbers are on sale again if the competition is). */
  ticketsReleased: number;
  /** Codes of the single-use coupons the order used, the customer's again (a whole refund only). */
  couponsReturned: string[];
  orderStatus: string;
  /** True when this key had already refunded: nothing new happened. */
  repeated: boolean;
}

const refused = (status: number, code: string, message: string): WpHttpError => new WpHttpError(status, code, message);

/** A refund as recorded: what it gives back was decided when it was asked for. */
interface RefundRow {
  id: string;
  order_id: number;
  amount_pence: number;
  destination: RefundDestination;
  competition_id: number | null;
  whole: boolean;
  credit_returned_pence: number;
  points_returned: number;
  tickets_released: number;
  state: string;
  gateway_reference: string | null;
  reason: string;
  /** 1, then one more each time a refund the provider refused is asked again. */
  attempt: number;
}
const ROW = 'id, order_id, amount_pence, destination, competition_id, whole, credit_returned_pence, points_returned, tickets_released, state, gateway_reference, reason, attempt';

/**
 * The key the provider sees: the refund's own for its first attempt; after a refusal (no money
 * moved) each attempt has its own, since the provider replays a refused request's answer for its key.
 */
const providerKey = (key: string, attempt: number): string => (attempt > 1 ? `${key}-a${attempt}` : key);

interface OrderRow {
  status: string;
  customer_id: number | null;
  card_charged_pence: number;
  credit_used_pence: number;
  points_redeemed: number;
  /** The card's funding type (null: no card part). */
  card_funding: FundingType | null;
}

/** The order's card part was paid by a card the credit-card rules apply to (credit, or a bank that would not say). */
export const paidByCreditCard = (o: Pick<OrderRow, 'card_charged_pence' | 'card_funding'>): boolean =>
  o.card_charged_pence > 0 && o.card_funding !== null && isCreditLike(o.card_funding);

const outcome = (row: RefundRow, leftPence: number, orderStatus: string, repeated: boolean, couponsReturned: string[] = []): RefundOutcome => ({
  orderId: row.order_id, amountPence: row.amount_pence, to: row.destination, reference: row.gateway_reference ?? 'none', leftPence,
  creditReturnedPence: row.credit_returned_pence, pointsReturned: row.points_returned, ticketsReleased: row.tickets_released, couponsReturned, orderStatus, repeated,
});

/**
 * Gives back some or all of an order, once per idempotency key: its money to the card
 * (through the payment gateway) or as site credit. The refund is recorded (pending) under
 * the order's row lock before any money moves, so two refunds of one order queue and never
 * together give back more than the order paid; the gateway gets the same key, so a retry
 * after a crash refunds once, and settling is done once per refund (a second settle finds it
 * succeeded). A refund to site credit moves no money outside, so it is recorded, credited
 * and settled in one transaction.
 *
 * A whole order (no amount, or all that is left of the card while none of its competitions is
 * drawn) also gives back the site credit and points it spent, releases its tickets and becomes
 * `refunded`. The points it EARNED stay: the customer may have spent them already and a ledger
 * may not go below zero, and 1 point per 10p is worth less than the goodwill of a clawback. A competition's lines (`competitionId`)
 * give back their value, from the card first, then from the site credit and then the points the
 * order spent, and release their tickets; an amount alone keeps the tickets. Tickets of a drawn competition
 * are never released: such a refund is refused, so the published entries never change.
 * Each refund done is a staff action in the audit log (`order.refund`), with the reason, and
 * the customer is mailed (after the commit: a failed mail never undoes a refund).
 * The CLI's `refund-order` and `competition-cancel`, and the back office, call this.
 */
export async function refundOrder(pool: pg.Pool, gateway: PaymentGateway, input: RefundInput, mailer: Mailer = createMailer(pool), log: Logger = fallbackLogger()): Promise<RefundOutcome> {
  if (!IDEMPOTENCY_KEY.test(input.idempotencyKey)) throw refused(400, 'cgg_invalid_idempotency_key', 'The refund key must be 8-128 letters, digits, - or _.');
  if (input.amountPence !== undefined && (!Number.isInteger(input.amountPence) || input.amountPence <= 0)) {
    throw refused(400, 'cgg_invalid_refund_amount', 'The refund amount must be more than £0.00.');
  }
  if (input.amountPence !== undefined && input.competitionId !== undefined) {
    throw refused(400, 'cgg_invalid_refund_amount', 'A competition\'s lines are refunded at their value: leave the amount out.');
  }
  const to = input.to ?? 'card';
  if (to !== 'card' && to !== 'site_credit') throw refused(400, 'cgg_invalid_refund_destination', 'Refund to "card" or "site_credit".');
  const reason = input.reason.trim();
  if (!reason) throw refused(400, 'cgg_refund_reason_required', 'Say why the order is refunded.');

  let done: RefundOutcome;
  if (to === 'site_credit') {
    done = await inTransaction(pool, async (client) => {
      const claimed = await claim(client, gateway.name, { ...input, to }, reason);
      return claimed.done ?? settle(client, claimed.row, `credit_${claimed.row.id}`, input);
    }).catch(keyReusedOnRace);
  } else {
    const claimed = await inTransaction(pool, (client) => claim(client, gateway.name, { ...input, to }, reason)).catch(keyReusedOnRace);
    if (claimed.done) return claimed.done;
    const row = claimed.row;
    let reference = 'none';
    if (row.amount_pence > 0) {
      try {
        // The order's payment intent (null: paid before intents, the demo gateway's old charges).
        const intent = await pool.query<{ intent_id: string }>("SELECT intent_id FROM payment_intents WHERE order_id = $1 AND status = 'succeeded'", [input.orderId]);
        ({ reference } = await gateway.refund({
          orderId: input.orderId, intentId: intent.rows[0]?.intent_id ?? null, amountPence: row.amount_pence, idempotencyKey: providerKey(input.idempotencyKey, row.attempt), now: input.now,
        }));
      } catch (err) {
        // Refused by the provider (a 4xx): no money moved, so the refund stops counting against the
        // order. Anything else (a timeout, a 5xx) may have refunded all the same: it stays pending,
        // counted, until a retry with its key learns the outcome (the provider dedupes by the key;
        // `retryUnsettledRefunds` does it if staff do not).
        // Only this attempt's answer: a late one for an earlier attempt (a double click's twin) says
        // nothing about a newer attempt, whose money may have moved.
        const refused = err instanceof WpHttpError && err.status < 500;
        await pool.query(
          "UPDATE order_refunds SET state = CASE WHEN $4::boolean THEN 'failed' ELSE state END, failure = $2, settled_at = CASE WHEN $4::boolean THEN $3::timestamptz ELSE settled_at END WHERE id = $1 AND attempt = $5 AND state <> 'succeeded'",
          [row.id, (err as Error).message, input.now, refused, row.attempt],
        );
        throw err;
      }
    }
    done = await inTransaction(pool, (client) => settle(client, row, reference, input));
  }
  if (!done.repeated) await mailCustomer(pool, mailer, done, input.reason.trim(), log);
  return done;
}

/** The same key used at once for two orders: the loser of the UNIQUE race. */
function keyReusedOnRace(err: unknown): never {
  if ((err as { code?: string }).code === '23505') throw refused(409, 'cgg_idempotency_key_reused', 'That refund key was used for another order.');
  throw err;
}

/** Records the refund (pending) with what it gives back, under the order's row lock; or finds the key's refund. */
async function claim(client: pg.PoolClient, gatewayName: string, input: RefundInput & { to: RefundDestination }, reason: string): Promise<{ row: RefundRow; done: RefundOutcome | null }> {
  const o = (await client.query<OrderRow>(
    'SELECT status, customer_id, card_charged_pence, credit_used_pence, points_redeemed, card_funding FROM orders WHERE id = $1 FOR UPDATE',
    [input.orderId],
  )).rows[0];
  if (!o) throw refused(404, 'cgg_order_not_found', `There is no order #${input.orderId}.`);
  const before = (await client.query<RefundRow>(`SELECT ${ROW} FROM order_refunds WHERE idempotency_key = $1`, [input.idempotencyKey])).rows[0];
  if (before && before.order_id !== input.orderId) throw refused(409, 'cgg_idempotency_key_reused', 'That refund key was used for another order.');
  // One key is one refund: a different ask under it is a mistake, never a retry (settling it would
  // give back what the first ask recorded, e.g. nothing to a site credit asked for as card).
  if (before && (before.destination !== input.to || before.competition_id !== (input.competitionId ?? null)
    || (input.amountPence !== undefined && input.amountPence !== before.amount_pence)
    // No amount asks for all that is left: not the same refund as a part one.
    || (input.amountPence === undefined && input.competitionId === undefined && !before.whole))) {
    throw refused(409, 'cgg_idempotency_key_reused', `That refund key was used for another refund of order #${input.orderId} (£${penceToPounds(before.amount_pence)} ${before.destination === 'site_credit' ? 'as site credit' : 'to the card'}); ask again as a new refund.`);
  }
  if (before?.state === 'succeeded') return { row: before, done: outcome(before, o.card_charged_pence - (await refundedPence(client, input.orderId)), o.status, true) };
  if (before?.state === 'pending') return { row: before, done: null }; // its outcome is not known yet: ask again, as it was asked
  const { cardLeft, creditLeft, pointsLeft, competitions, whole: takenWhole, unsettledWhole } = await whatIsLeft(client, input.orderId, o);
  const lines = (await client.query<{ competition_id: number; value: number }>(
    'SELECT competition_id, sum(line_total_pence)::int AS value FROM order_items WHERE order_id = $1 GROUP BY competition_id ORDER BY competition_id',
    [input.orderId],
  )).rows.filter((l) => !competitions.includes(l.competition_id));
  // A refund refused before (no money moved, so it stopped counting) is asked again as it was asked,
  // worked out afresh like a new one: other refunds may have taken part of the order since, and its
  // competitions may have been drawn.

  if (!isPaidStatus(o.status) && o.status !== 'refunded') throw refused(409, 'cgg_nothing_to_refund', `Order #${input.orderId} has not been paid, so there is nothing to refund.`);
  // A refunded order is refunded in full, with or without our record of it (one imported as refunded).
  if (takenWhole || o.status === 'refunded') {
    throw refused(409, 'cgg_nothing_to_refund', unsettledWhole
      ? `Order #${input.orderId} is being refunded in full, and the payment provider has not confirmed it yet; it is asked again shortly.`
      : `Order #${input.orderId} has been refunded in full.`);
  }
  if (input.to === 'site_credit' && o.customer_id === null) {
    throw refused(409, 'cgg_refund_no_account', `Order #${input.orderId} has no customer account to hold site credit; refund it to the card.`);
  }
  let amount: number;
  let credit = 0;
  let points = 0;
  let whole: boolean;
  if (input.competitionId !== undefined) {
    const line = lines.find((l) => l.competition_id === input.competitionId);
    if (!line) throw refused(409, 'cgg_nothing_to_refund', `Order #${input.orderId} has no lines of competition #${input.competitionId} left to refund.`);
    whole = lines.length === 1;
    amount = whole ? cardLeft : Math.min(line.value, cardLeft);
    credit = whole ? creditLeft : Math.min(line.value - amount, creditLeft);
    // What the line cost beyond the card and credit was paid in points: those come back too.
    points = whole ? pointsLeft : Math.min(Math.ceil(((line.value - amount - credit) * POINTS_PER_POUND) / 100), pointsLeft);
  } else {
    if (input.amountPence !== undefined && cardLeft <= 0) {
      throw refused(409, 'cgg_nothing_to_refund', `Order #${input.orderId} has no card payment left to refund; leave the amount out to refund the whole order.`);
    }
    amount = input.amountPence ?? cardLeft;
    if (amount > cardLeft) throw refused(400, 'cgg_invalid_refund_amount', `At most £${penceToPounds(cardLeft)} of order #${input.orderId} can still be refunded.`);
    // All that is left, asked for as an amount, of an order with a drawn competition: the money
    // goes back and the tickets stay in the draw, as for any amount (its entries are published).
    whole = amount === cardLeft && (input.amountPence === undefined || !(await firstDrawn(client, lines.map((l) => l.competition_id))));
    if (whole) {
      credit = creditLeft;
      points = pointsLeft;
    }
    // Nothing paid to give back (a free order, or one whose payment we hold no record of): a
    // "refund" of £0 would only take the customer's tickets and mail them about nothing. An order
    // a customer's own coupon paid for in full is undone all the same: the coupon is theirs again.
    if (amount + credit + points === 0 && lines.length > 0 && !(await usedOwnCoupon(client, input.orderId))) {
      throw refused(409, 'cgg_nothing_to_refund', `Order #${input.orderId} has no card payment, site credit, points or coupon of the customer's to give back, so it cannot be refunded.`);
    }
  }
  if (amount + credit + points === 0 && lines.length === 0) throw refused(409, 'cgg_nothing_to_refund', `Order #${input.orderId} has been refunded in full.`);
  if (input.to === 'site_credit' && amount > 0 && paidByCreditCard(o)) {
    // UK code 1.3: credit-card money turned into site credit could be played where a credit card
    // may not go (instant wins), and would leave the month's credit-card total (the order refunded).
    throw refused(409, 'cgg_refund_to_card_only', `Order #${input.orderId} was paid by credit card, so its card payment can only go back to the card (UK prize-draw code 1.3).`);
  }
  await refuseIfDrawn(client, input.orderId, whole ? lines.map((l) => l.competition_id) : input.competitionId !== undefined ? [input.competitionId] : []);
  refuseOverLimit(input.limitPence, amount + credit);
  if (before) {
    const { rows } = await client.query<RefundRow>(
      `UPDATE order_refunds SET state = 'pending', failure = NULL, settled_at = NULL, amount_pence = $2, whole = $3, credit_returned_pence = $4,
                                points_returned = $5, attempt = attempt + 1
       WHERE id = $1 RETURNING ${ROW}`,
      [before.id, amount, whole, credit, points],
    );
    return { row: rows[0]!, done: null };
  }
  const { rows } = await client.query<RefundRow>(
    `INSERT INTO order_refunds (order_id, idempotency_key, amount_pence, state, gateway, reason, requested_by, created_at,
                                destination, competition_id, whole, credit_returned_pence, points_returned)
     VALUES ($1, $2, $3, 'pending', $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING ${ROW}`,
    [input.orderId, input.idempotencyKey, amount, input.to === 'site_credit' ? 'site-credit' : gatewayName, reason, input.by, input.now,
      input.to, input.competitionId ?? null, whole, credit, points],
  );
  return { row: rows[0]!, done: null };
}

/** The customer's own single-use coupons the order ($1) used: a whole refund gives them back (settle). */
const OWN_USED_COUPONS = 'customer_id IS NOT NULL AND used_at IS NOT NULL AND id IN (SELECT coupon_id FROM order_coupons WHERE order_id = $1)';

async function usedOwnCoupon(client: pg.PoolClient, orderId: number): Promise<boolean> {
  return (await client.query(`SELECT 1 FROM coupons WHERE ${OWN_USED_COUPONS} LIMIT 1`, [orderId])).rows.length > 0;
}

/** A refund that releases tickets of a drawn competition is refused: its published entries never change. */
async function refuseIfDrawn(client: pg.PoolClient, orderId: number, releasing: number[]): Promise<void> {
  const drawn = await firstDrawn(client, releasing);
  if (drawn) {
    throw refused(409, 'cgg_competition_drawn', `${drawn.title} (competition #${drawn.id}) has been drawn, so its entries cannot change: order #${orderId} cannot be refunded in full. Refund an amount instead; the tickets stay in the draw.`);
  }
}

/** The first of `competitions` that has been drawn, if any. */
async function firstDrawn(client: pg.PoolClient, competitions: number[]): Promise<{ id: number; title: string } | undefined> {
  if (competitions.length === 0) return undefined;
  // A key-share lock on each: it waits for a draw holding one (its FOR UPDATE), and a draw waits
  // for this refund's record, which it then sees and waits for (run-draw.ts). Sales (which take
  // no key lock) are not held up.
  await client.query('SELECT 1 FROM competitions WHERE id = ANY($1::int[]) ORDER BY id FOR KEY SHARE', [competitions]);
  return (await client.query<{ id: number; title: string }>(
    `SELECT c.id, c.title FROM competitions c WHERE c.id = ANY($1::int[])
       AND (c.status = 'drawn' OR EXISTS (SELECT 1 FROM competition_draws d WHERE d.competition_id = c.id AND d.drawn_at IS NOT NULL))
     ORDER BY c.id LIMIT 1`,
    [competitions],
  )).rows[0];
}

/** Support staff refund up to their limit (money and credit given back at once); absent: no limit. */
function refuseOverLimit(limitPence: number | null | undefined, pence: number): void {
  if (limitPence === null) throw refused(403, 'cgg_refund_over_limit', 'No refund limit is set for you; ask an admin to refund this order.');
  if (limitPence !== undefined && pence > limitPence) throw refused(403, 'cgg_refund_over_limit', `Your refund limit is £${penceToPounds(limitPence)}; ask an admin to refund more.`);
}

/**
 * Settles a claimed refund once its money has moved: credits the site-credit ledger, gives
 * back credit and points (and, when whole, single-use coupons), releases tickets, sets the order's status, and records it in the
 * audit log, all in one transaction. Locks in the order checkout uses after the order's own
 * row (customer, then competitions), so a refund and a checkout never deadlock.
 */
async function settle(client: pg.PoolClient, claimed: RefundRow, reference: string, input: RefundInput): Promise<RefundOutcome> {
  const o = (await client.query<OrderRow>('SELECT status, customer_id, card_charged_pence, credit_used_pence, points_redeemed FROM orders WHERE id = $1 FOR UPDATE', [claimed.order_id])).rows[0]!;
  const row = (await client.query<RefundRow>(`SELECT ${ROW} FROM order_refunds WHERE id = $1`, [claimed.id])).rows[0]!;
  // A retry of the same key settled it while this one waited on the order's lock.
  if (row.state === 'succeeded') return outcome(row, o.card_charged_pence - (await refundedPence(client, row.order_id)), o.status, true);
  if (o.customer_id !== null) await client.query('SELECT 1 FROM customers WHERE id = $1 FOR UPDATE', [o.customer_id]);
  const released = row.whole || row.competition_id !== null ? await releaseTickets(client, row.order_id, row.whole ? null : row.competition_id, input.now) : 0;
  const ledger = (description: string, pence: number) => client.query(
    `INSERT INTO credit_logs (customer_id, type, amount_pence, description, order_id, created_at, adjusted_by) VALUES ($1, 'order-refunded', $2, $3, $4, $5, $6)`,
    [o.customer_id, pence, description, row.order_id, input.now, input.by],
  );
  if (row.destination === 'site_credit' && row.amount_pence > 0) await ledger(`Refund of order #${row.order_id}: ${row.reason}`, row.amount_pence);
  if (row.credit_returned_pence > 0) await ledger(`Site credit used on order #${row.order_id}, given back`, row.credit_returned_pence);
  if (row.points_returned > 0) {
    await client.query(
      `INSERT INTO points_logs (customer_id, type, points, description, order_id, created_at, adjusted_by) VALUES ($1, 'order-refunded', $2, $3, $4, $5, $6)`,
      [o.customer_id, row.points_returned, `Points used on order #${row.order_id}, given back`, row.order_id, input.now, input.by],
    );
  }
  // A whole refund undoes the order: its single-use coupons are the customer's again, as when its
  // payment fails (order-payment.ts releaseReservation).
  const couponsReturned = row.whole
    ? (await client.query<{ code: string }>(
      `UPDATE coupons SET used_at = NULL WHERE ${OWN_USED_COUPONS} RETURNING code`,
      [row.order_id],
    )).rows.map((c) => c.code).sort()
    : [];
  const settled = (await client.query<RefundRow>(
    `UPDATE order_refunds SET state = 'succeeded', gateway_reference = $2, failure = NULL, settled_at = $3, tickets_released = $4 WHERE id = $1 RETURNING ${ROW}`,
    [row.id, reference, input.now, released],
  )).rows[0]!;
  const left = o.card_charged_pence - (await refundedPence(client, row.order_id));
  // Never back: refunds of one order settle in any order, and a part refund settling after the
  // whole one (claimed later, confirmed sooner) must not make a refunded order paid again. A part
  // refund leaves a paid order as it was ('completed', or an imported 'processing').
  const status = row.whole || o.status === 'refunded' ? 'refunded' : o.status;
  await client.query('UPDATE orders SET status = $2 WHERE id = $1', [row.order_id, status]);
  await recordStaffAction(client, {
    staffId: input.staffId ?? null, actor: input.by, action: 'order.refund', subject: `order #${row.order_id}`,
    before: { left_pence: left + (row.destination === 'card' ? row.amount_pence : 0), status: o.status },
    after: {
      refunded_pence: row.amount_pence, to: row.destination, left_pence: left, status, reference, reason: row.reason,
      credit_returned_pence: row.credit_returned_pence, points_returned: row.points_returned, tickets_released: released,
      ...(couponsReturned.length > 0 ? { coupons_returned: couponsReturned.length } : {}),
      ...(row.competition_id === null ? {} : { competition_id: row.competition_id }),
    },
    at: input.now,
  });
  return outcome(settled, left, status, false, couponsReturned);
}

/** Tells the customer; a failed mail is logged, the refund stands. */
async function mailCustomer(pool: pg.Pool, mailer: Mailer, done: RefundOutcome, reason: string, log: Logger): Promise<void> {
  try {
    const { rows } = await pool.query<{ email: string; first_name: string }>(
      `SELECT COALESCE(NULLIF(o.billing_email, ''), cu.email) AS email, COALESCE(NULLIF(cu.first_name, ''), o.billing_first_name) AS first_name
       FROM orders o LEFT JOIN customers cu ON cu.id = o.customer_id WHERE o.id = $1`,
      [done.orderId],
    );
    const to = rows[0];
    if (!to?.email) return;
    await mailer.send(refundEmail({
      to: to.email, firstName: to.first_name ?? '', orderId: done.orderId, destination: done.to, amountPence: done.amountPence,
      creditReturnedPence: done.creditReturnedPence, pointsReturned: done.pointsReturned, ticketsReleased: done.ticketsReleased, couponsReturned: done.couponsReturned, reason,
    }));
  } catch (err) {
    log.error({ err, order: done.orderId }, 'refund: customer mail failed');
  }
}

/** What the order's refunds, settled and under way, leave to give back; refused ones do not count. */
async function whatIsLeft(client: pg.PoolClient, orderId: number, o: OrderRow): Promise<{ cardLeft: number; creditLeft: number; pointsLeft: number; competitions: number[]; whole: boolean; unsettledWhole: boolean }> {
  const taken = (await client.query<{ card: number; credit: number; points: number; whole: boolean; unsettled_whole: boolean; competitions: number[] }>(
    `SELECT COALESCE(sum(amount_pence), 0)::int AS card, COALESCE(sum(credit_returned_pence), 0)::int AS credit,
            COALESCE(sum(points_returned), 0)::int AS points, COALESCE(bool_or(whole), false) AS whole,
            COALESCE(bool_or(whole) FILTER (WHERE state = 'pending'), false) AS unsettled_whole,
            COALESCE(array_agg(competition_id) FILTER (WHERE competition_id IS NOT NULL), '{}') AS competitions
     FROM order_refunds WHERE order_id = $1 AND state IN ('pending', 'succeeded')`,
    [orderId],
  )).rows[0]!;
  return {
    cardLeft: o.card_charged_pence - taken.card,
    // Site credit and points go back to an account; an order whose account was deleted has none.
    creditLeft: o.customer_id === null ? 0 : o.credit_used_pence - taken.credit,
    pointsLeft: o.customer_id === null ? 0 : o.points_redeemed - taken.points,
    competitions: taken.competitions,
    whole: taken.whole,
    unsettledWhole: taken.unsettled_whole,
  };
}

/** Refunds done. */
async function refundedPence(client: pg.PoolClient, orderId: number): Promise<number> {
  const { rows } = await client.query<{ pence: number }>(
    "SELECT COALESCE(sum(amount_pence), 0)::int AS pence FROM order_refunds WHERE order_id = $1 AND state = 'succeeded'",
    [orderId],
  );
  return rows[0]!.pence;
}
