import type pg from 'pg';
import { penceToPounds } from '../lib/money.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { inTransaction } from '../accounts/queryable.ts';
import { PENCE_PER_POINT_EARNED } from '../store/order-points.ts';
import { awardInstantWins, fireRewardWins, publicName } from '../store/wins.ts';
import type { ReservedBasket } from '../store/paid-order.ts';
import { lockCart, newItemKey } from '../store/cart-store.ts';
import type { IntentState, PaymentFailure, PaymentGateway } from './payment-gateway.ts';
import { releaseTickets } from './release-tickets.ts';
import { fallbackLogger } from '../lib/logger.ts';

/*
 * An order's card payment, from the provider's word to the order (issue 15). Whoever learns an
 * intent's state - the checkout itself, the client's return, a webhook, reconciliation - calls
 * applyIntent, which decides under the ORDER's row lock, so whichever comes first acts and the
 * others find the order already paid (or released) and change nothing:
 * - succeeded, reservation live: the order is paid (points earned, instant wins revealed);
 * - succeeded, reservation expired (or the order already released): the payment is refunded
 *   automatically, in full, with a key of its own (once, whoever asks) - a late payment is never
 *   honoured, so an order is never half-applied and released tickets are never sold twice;
 * - failed or canceled: the reservation is released (tickets back on sale, points and credit and
 *   single-use coupons given back, the basket restored);
 * - requires_action / processing: only recorded.
 * Locks: the order row, then the customer, then competitions in id order (releaseTickets): the
 * order refunds settle in, and never the reverse of checkout's (customer, then a NEW order row).
 */

export type Applied = 'paid' | 'already-paid' | 'released' | 'late-refunded' | 'unchanged' | 'not-ours' | 'flagged';

export interface PaymentHooks {
  /** A paid order revealed instant wins (the winners' mails). */
  onWins?: (orderId: number) => void;
  /** Any order paid (the harm markers). */
  onPaid?: (customerId: number, at: Date) => void;
}

interface OrderRow {
  id: number;
  status: string;
  customer_id: number;
  reserved_until: Date | null;
  reserved_cart_id: string | null;
  reserved_basket: ReservedBasket | null;
  card_charged_pence: number;
  credit_used_pence: number;
  points_redeemed: number;
}

/**
 * How long a basket's tickets are held once checkout starts, by default: 10 minutes.
 * RESERVATION_SECONDS (config.ts, 10-3600) changes it; the e2e site sets 30 so its expiry spec
 * waits seconds, not minutes (e2e/playwright.config.ts).
 */
export const DEFAULT_RESERVATION_SECONDS = 600;

const TERMINAL = ['succeeded', 'failed', 'canceled'];

/**
 * The intent as last seen, on our side (a terminal state is never overwritten by an older answer).
 * The order row is key-share locked BEFORE the intent row is written: the webhook locks the order
 * (FOR UPDATE) and then writes the same intent row, so writing first and letting the foreign-key
 * check lock the order afterwards deadlocked the two (seen once in 500 at the sell-out bench).
 */
export async function recordIntent(db: pg.Pool | pg.PoolClient, provider: string, intent: IntentState, now: Date): Promise<void> {
  if (intent.orderId === null) return;
  await db.query({
    name: 'cgg_record_intent',
    text: `INSERT INTO payment_intents (intent_id, provider, order_id, amount_pence, currency, status, funding, last4, client_secret, next_action, created_at, updated_at)
     SELECT $1, $2, o.id, $4, $5, $6, COALESCE(o.card_funding, 'unknown'), COALESCE(o.store_result #>> '{payment_result,payment_details,0,value}', ''), $7, $8, $9, $9
     FROM orders o WHERE o.id = $3 FOR KEY SHARE OF o
     ON CONFLICT (intent_id) DO UPDATE SET status = EXCLUDED.status, client_secret = EXCLUDED.client_secret, next_action = EXCLUDED.next_action, updated_at = EXCLUDED.updated_at
       WHERE NOT (payment_intents.status = ANY($10))`,
    values: [intent.id, provider, intent.orderId, intent.amountPence, intent.currency, intent.status, intent.clientSecret, intent.nextAction === null ? null : JSON.stringify(intent.nextAction), now, TERMINAL],
  });
}

/** What the caller already read of the order, without its lock (applyIntent's fast paths need no read of their own then). */
export interface OrderSeen {
  status: string;
  card_charged_pence: number;
  reserved_until: Date | null;
}

/** Work that waits for the order's transaction to commit (a refund at the provider, the paid hooks). */
export type AfterCommit = Array<() => Promise<void>>;

/**
 * Applies the provider's view of an intent to its order, once (see the file's comment).
 * `seen`: the order as the caller just read it (the client's return, the checkout), so the fast
 * paths below cost no read of their own.
 */
export async function applyIntent(pool: pg.Pool, gateway: PaymentGateway, intent: IntentState, now: Date, hooks: PaymentHooks = {}, seen?: OrderSeen): Promise<Applied> {
  if (intent.orderId === null) return 'not-ours';
  // Fast paths without the order's lock (at launch-night rates every round trip counts):
  const order = seen ?? (await pool.query<OrderSeen>(
    'SELECT status, card_charged_pence, reserved_until FROM orders WHERE id = $1',
    [intent.orderId],
  )).rows[0];
  if (!order) return 'not-ours';
  const quick = await decidedWithoutLock(pool, gateway.name, intent, order, now);
  if (quick) return quick;
  const after: AfterCommit = [];
  const applied = await inTransaction(pool, (client) => applyIntentLocked(client, pool, gateway, intent, now, hooks, after));
  for (const step of after) await step();
  return applied;
}

/**
 * The answers that need no lock on the order, from what was read of it (at launch-night rates
 * every round trip counts): null when the order's lock must decide.
 * - still waiting for the customer or the provider, within the reservation: only the state to note;
 * - the loser of the race between the client's return and the webhook: a paid order stays paid
 *   (only a refund changes it), so nothing to do.
 */
export async function decidedWithoutLock(db: pg.Pool | pg.PoolClient, provider: string, intent: IntentState, order: OrderSeen, now: Date): Promise<Applied | null> {
  const waiting = intent.status === 'requires_action' || intent.status === 'processing';
  if (waiting && order.status === 'pending' && order.reserved_until !== null && order.reserved_until > now) {
    await recordIntent(db, provider, intent, now);
    return 'unchanged';
  }
  if (intent.status === 'succeeded' && (order.status === 'completed' || order.status === 'refunded') && order.card_charged_pence === intent.amountPence) return 'already-paid';
  return null;
}

/*
 * The parts both paying statements share (LOCK_RECORD_AND_PAY and PAY_FIRST_DELIVERY), with the
 * same parameters: $1 intent id, $2 provider, $3 order id, $4 amount, $5 currency, $6 intent
 * status, $7 client secret, $8 next action, $9 now, $10 the terminal states, $11 pence per point,
 * $12 the card the payment was made with (null: the provider did not say).
 */
/** The order's row, locked; `more` narrows it (the first delivery's check that its event is new). */
const lockedOrder = (more = ''): string => `
    SELECT id, status, customer_id, reserved_until, reserved_cart_id, reserved_basket, card_charged_pence, credit_used_pence, points_redeemed,
           card_funding, payment_method_ref, payment_failure ->> 'reason' AS failure_reason,
           (SELECT c.lock_permanent OR COALESCE(c.locked_until > $9, false) FROM customers c WHERE c.id = orders.customer_id) AS customer_locked, store_result #>> '{payment_result,payment_details,0,value}' AS last4,
           (card_charged_pence + credit_used_pence) / $11::int AS earned
    FROM orders WHERE id = $3 ${more} FOR UPDATE`;
const RECORD_INTENT = `
    INSERT INTO payment_intents (intent_id, provider, order_id, amount_pence, currency, status, funding, last4, client_secret, next_action, created_at, updated_at)
    SELECT $1, $2, o.id, $4, $5, $6, COALESCE(o.card_funding, 'unknown'), COALESCE(o.last4, ''), $7, $8, $9, $9 FROM o
    ON CONFLICT (intent_id) DO UPDATE SET status = EXCLUDED.status, client_secret = EXCLUDED.client_secret, next_action = EXCLUDED.next_action, updated_at = EXCLUDED.updated_at
      WHERE NOT (payment_intents.status = ANY($10))`;
/**
 * Paid only from pending, within the reservation, for the right amount, with the card checkout
 * checked, and its customer not on a break begun meanwhile; `more` adds a condition.
 */
const payOrder = (more = ''): string => `
    UPDATE orders SET status = 'completed', paid_at = $9, store_result = jsonb_set(jsonb_set(jsonb_set(jsonb_set(orders.store_result,
      '{status}', '"completed"'), '{payment_result,payment_status}', '"success"'),
      '{payment_result,redirect_url}', to_jsonb('/confirmation?order_id=' || orders.id || '&key=' || orders.order_key)),
      '{extensions,cgg,points_earned}', to_jsonb(o.earned))
    FROM o
    WHERE orders.id = o.id AND $6 = 'succeeded' AND o.card_charged_pence = $4 AND o.status = 'pending' AND orders.status = 'pending'
      AND (o.reserved_until IS NULL OR o.reserved_until > $9) AND (o.payment_method_ref IS NULL OR $12::text IS NULL OR o.payment_method_ref = $12::text)
      AND o.customer_locked IS NOT TRUE ${more}
    RETURNING orders.id`;
/**
 * The order's lines whose competition has a reward-win milestone reached and not yet fired: its
 * reserved tickets counted towards the milestone, but a reward goes only to a paid entry
 * (store/wins.ts fireRewardWins), so one that found none when it was reached fires once this
 * order is paid. `order` is the alias of the order's row.
 */
const rewardDueLines = (order: string): string => `
    SELECT i.competition_id, c.tickets_sold AS sold, c.total_tickets AS total
    FROM order_items i JOIN competitions c ON c.id = i.competition_id AND c.enable_reward_wins AND c.status <> 'cancelled'
    WHERE i.order_id = ${order}.id AND EXISTS (SELECT 1 FROM reward_wins r WHERE r.competition_id = c.id AND r.won_at IS NULL
      AND r.percentage * c.total_tickets::bigint <= c.tickets_sold::bigint * 100)`;
const EARN_POINTS = `
    INSERT INTO points_logs (customer_id, type, points, description, order_id, created_at)
    SELECT o.customer_id, 'order-placed', o.earned, 'Points earned for order #' || o.id, o.id, $9 FROM o JOIN paid ON paid.id = o.id WHERE o.earned > 0`;

/*
 * The order's row locked, the intent recorded and - the common case: a succeeded payment of the
 * right amount for a live reservation - the order paid, in ONE statement (at launch-night rates
 * every round trip counts). The lock is taken first (every other part reads the locked row);
 * the UPDATE also checks the row it updates (orders.status), so it can never pay twice. What is
 * not that case is decided in code, below, from the locked row. When it paid, the statement
 * also answers the lines holding a number that is an open instant win, with those numbers (read
 * per line, by index), which are then awarded, and the customer's names for the winner's public
 * name. An order that won nothing (most of them) costs no award statement: a number is won only
 * by its holder, this order, so none can be taken meanwhile (the award still checks it is open).
 */
const LOCK_RECORD_AND_PAY = `
  WITH o AS (${lockedOrder()}
  ), recorded AS (${RECORD_INTENT}
  ), paid AS (${payOrder()}
  ), points AS (${EARN_POINTS}
  )
  SELECT o.id, o.status, o.customer_id, o.reserved_until, o.reserved_cart_id, o.reserved_basket, o.card_charged_pence, o.credit_used_pence, o.points_redeemed,
    o.payment_method_ref, o.failure_reason, o.customer_locked, EXISTS (SELECT 1 FROM paid) AS paid_now,
    (SELECT json_build_object('first_name', c.first_name, 'last_name', c.last_name) FROM customers c WHERE c.id = o.customer_id) AS winner,
    (SELECT json_agg(l ORDER BY l.competition_id) FROM (
       SELECT i.competition_id, n.numbers
       -- A competition cancelled while its reservation waited for the payment awards nothing: the
       -- order is paid, and the cancel's refunds give it back (refund-competition.ts).
       FROM paid JOIN order_items i ON i.order_id = paid.id JOIN competitions c ON c.id = i.competition_id AND c.enable_instant_wins AND c.status <> 'cancelled'
       CROSS JOIN LATERAL (SELECT array_agg(t.ticket_number ORDER BY t.ticket_number) AS numbers FROM tickets t WHERE t.order_item_id = i.id
         AND EXISTS (SELECT 1 FROM instant_win_tickets w WHERE w.competition_id = i.competition_id AND w.ticket_number = t.ticket_number AND w.won_at IS NULL)) n
       WHERE n.numbers IS NOT NULL) l) AS instant_lines,
    (SELECT json_agg(d ORDER BY d.competition_id) FROM paid CROSS JOIN LATERAL (${rewardDueLines('paid')}) d) AS reward_due
  FROM o`;

/*
 * A webhook's common case in ONE statement, outside any transaction: the first delivery of a
 * succeeded payment for a pending order, within its reservation, for the right amount, whose
 * tickets hold no open instant-win number and whose competitions owe no reward win (most orders). Locked, recorded and paid as
 * LOCK_RECORD_AND_PAY does, with the event recorded as processed ('paid') in the same statement,
 * so it commits with the payment: one round trip and one commit, where BEGIN with the event's
 * record, the paying statement, and the event marked with COMMIT took three. Anything else (the
 * event seen before, an order already paid or released, expired, an amount that does not match,
 * a number to award, a reward win to fire) pays nothing here (a new event's intent state is still recorded, as the
 * transaction would record it), and the webhook decides it in its transaction as before.
 * $13 the event id, $14 its type, $15 the order key the intent carries (another's intent pays nothing).
 */
const PAY_FIRST_DELIVERY = `
  WITH o AS (${lockedOrder('AND order_key = $15 AND NOT EXISTS (SELECT 1 FROM payment_webhook_events e WHERE e.provider = $2 AND e.event_id = $13)')}
  ), recorded AS (${RECORD_INTENT}
  ), paid AS (${payOrder(`AND NOT EXISTS (
        SELECT 1 FROM order_items i JOIN tickets t ON t.order_item_id = i.id
        JOIN instant_win_tickets w ON w.competition_id = i.competition_id AND w.ticket_number = t.ticket_number AND w.won_at IS NULL
        WHERE i.order_id = o.id) AND NOT EXISTS (${rewardDueLines('o')})`)}
  ), points AS (${EARN_POINTS}
  ), event AS (
    INSERT INTO payment_webhook_events (provider, event_id, type, intent_id, received_at, processed_at, outcome)
    SELECT $2, $13, $14, $1, $9, $9, 'paid' FROM paid
    ON CONFLICT (provider, event_id) DO NOTHING
  )
  SELECT o.customer_id FROM o JOIN paid ON paid.id = o.id`;

/**
 * The first delivery of a succeeded payment, paid in one statement when it is the common case
 * (PAY_FIRST_DELIVERY); the customer's id when it paid, null when the webhook's transaction must
 * decide. Concurrent deliveries queue on the order's row: the later ones find it paid and pay nothing.
 */
export async function payFirstDelivery(pool: pg.Pool, provider: string, event: { id: string; type: string }, intent: IntentState, now: Date): Promise<number | null> {
  if (intent.status !== 'succeeded' || intent.orderId === null || !Number.isSafeInteger(intent.orderId)) return null;
  const { rows } = await pool.query<{ customer_id: number }>({ name: 'cgg_pay_first_delivery', text: PAY_FIRST_DELIVERY, values: [
    ...intentValues(provider, intent, now), event.id, event.type, intent.orderKey,
  ] });
  return rows[0]?.customer_id ?? null;
}

/** $1-$12 of the paying statements. */
const intentValues = (provider: string, intent: IntentState, now: Date): unknown[] => [
  intent.id, provider, intent.orderId, intent.amountPence, intent.currency, intent.status, intent.clientSecret,
  intent.nextAction === null ? null : JSON.stringify(intent.nextAction), now, TERMINAL, PENCE_PER_POINT_EARNED, intent.paymentMethodId,
];

interface LockedOrder extends OrderRow {
  /** The card checkout checked (null: no card, or an order from before it was kept). */
  payment_method_ref: string | null;
  /** Why a released order was released ('expired', 'card_changed', a decline...). */
  failure_reason: string | null;
  /** Its customer is on a break or closed their account (UK code 1.5), begun while the payment was being confirmed. */
  customer_locked: boolean | null;
  /** This statement paid it. */
  paid_now: boolean;
  /** The customer's names, for the public name an instant win shows. */
  winner: { first_name: string; last_name: string } | null;
  /** When it did: the lines holding open instant-win numbers, with those numbers. */
  instant_lines: Array<{ competition_id: number; numbers: number[] }> | null;
  /** When it did: its competitions with a reward-win milestone reached and not yet fired. */
  reward_due: Array<{ competition_id: number; sold: number; total: number }> | null;
}

/**
 * The decision, inside the caller's transaction: the order's row locked (and the intent
 * recorded), then paid, released, refunded or left. Provider calls and hooks go into `after`,
 * for the caller to run once the transaction has committed.
 */
export async function applyIntentLocked(client: pg.PoolClient, pool: pg.Pool, gateway: PaymentGateway, intent: IntentState, now: Date, hooks: PaymentHooks, after: AfterCommit): Promise<Applied> {
  if (intent.orderId === null) return 'not-ours';
  // A named (prepared) statement: each connection plans this wide statement once, not per payment.
  const order = (await client.query<LockedOrder>({ name: 'cgg_pay_lock_record_pay', text: LOCK_RECORD_AND_PAY, values: intentValues(gateway.name, intent, now) })).rows[0];
  if (!order) return 'not-ours';
  if (intent.status === 'succeeded' && intent.amountPence !== order.card_charged_pence) {
    await flag(client, gateway.name, intent, order.id, 'amount_mismatch', `The intent took £${penceToPounds(intent.amountPence)}; the order's card part is £${penceToPounds(order.card_charged_pence)}.`, false, now);
    return 'flagged';
  }
  const notKept = intent.status === 'succeeded' && order.status === 'pending' && !order.paid_now ? unkeptBecause(intent, order) : null;
  if (notKept) {
    // Finished (3-D Secure done in the browser) with a card checkout never judged against the
    // credit-card rules, or after the customer began a break: never kept. The reservation is
    // released and the payment refunded, as a late one is, and the customer told why (the flag's mail).
    await releaseReservation(client, order, 'cancelled', notKept, now);
    after.push(() => refundUnkeptPayment(pool, gateway, intent, { ...order, failure_reason: notKept.reason }, now));
    return 'late-refunded';
  }
  if (order.status !== 'pending') {
    if (intent.status === 'succeeded' && (order.status === 'cancelled' || order.status === 'failed')) {
      after.push(() => refundUnkeptPayment(pool, gateway, intent, order, now));
      return 'late-refunded';
    }
    return order.status === 'completed' ? 'already-paid' : 'unchanged';
  }
  const expired = order.reserved_until !== null && order.reserved_until <= now;
  if (expired) {
    await releaseReservation(client, order, 'cancelled', { reason: 'expired', message: 'The reservation expired before the payment was confirmed.' }, now);
    if (intent.status === 'succeeded') after.push(() => refundUnkeptPayment(pool, gateway, intent, { ...order, failure_reason: 'expired' }, now));
    else if (intent.status === 'requires_action' || intent.status === 'processing') after.push(() => cancelQuietly(gateway, intent.id));
    return intent.status === 'succeeded' ? 'late-refunded' : 'released';
  }
  switch (intent.status) {
    case 'succeeded': {
      // Pending, live and the right amount (all checked above): the statement paid it.
      if (!order.paid_now) return 'unchanged';
      const wonInstantly = await revealInstantWins(client, order, order.instant_lines ?? [], now);
      const rewardsFired = await fireDueRewardWins(client, order.reward_due ?? [], now);
      if (wonInstantly || rewardsFired) after.push(async () => hooks.onWins?.(order.id));
      after.push(async () => hooks.onPaid?.(order.customer_id, now));
      return 'paid';
    }
    case 'failed':
      await releaseReservation(client, order, 'failed', intent.failure ?? { reason: 'card_declined', message: 'Your card was declined.' }, now);
      return 'released';
    case 'canceled':
      await releaseReservation(client, order, 'cancelled', { reason: 'canceled', message: 'The payment was cancelled.' }, now);
      return 'released';
    default:
      return 'unchanged';
  }
}

/**
 * The order just paid (points earned and its answer made the paid one by LOCK_RECORD_AND_PAY):
 * the open instant wins its (already held) numbers hold, awarded. True when it won something.
 */
async function revealInstantWins(client: pg.PoolClient, order: LockedOrder, lines: Array<{ competition_id: number; numbers: number[] }>, now: Date): Promise<boolean> {
  if (lines.length === 0) return false;
  const winnerName = publicName(order.winner?.first_name ?? '', order.winner?.last_name ?? '');
  let won = 0;
  for (const l of lines) {
    won += (await awardInstantWins(client, { competitionId: l.competition_id, numbers: l.numbers, customerId: order.customer_id, orderId: order.id, winnerName, now })).length;
  }
  return won > 0;
}

/** The reward wins this payment makes due (a paid entry to draw from at last); true when one fired. */
async function fireDueRewardWins(client: pg.PoolClient, due: Array<{ competition_id: number; sold: number; total: number }>, now: Date): Promise<boolean> {
  let fired = 0;
  for (const d of due) fired += await fireRewardWins(client, { competitionId: d.competition_id, soldAfter: d.sold, total: d.total, now });
  return fired > 0;
}

/**
 * Gives back what a reservation held, inside the caller's transaction (the order row locked):
 * its tickets (back on sale), the points and site credit it spent, its single-use coupons, and
 * the basket lines (into the customer's basket, unless a line for that competition is there again).
 */
export async function releaseReservation(client: pg.PoolClient, order: OrderRow, status: 'failed' | 'cancelled', failure: PaymentFailure, now: Date): Promise<void> {
  await client.query('SELECT 1 FROM customers WHERE id = $1 FOR UPDATE', [order.customer_id]);
  await releaseTickets(client, order.id, null, now);
  if (order.points_redeemed > 0) {
    await client.query(
      `INSERT INTO points_logs (customer_id, type, points, description, order_id, created_at) VALUES ($1, 'order-refunded', $2, $3, $4, $5)`,
      [order.customer_id, order.points_redeemed, `Points used on order #${order.id}, given back: the payment did not go through`, order.id, now],
    );
  }
  if (order.credit_used_pence > 0) {
    await client.query(
      `INSERT INTO credit_logs (customer_id, type, amount_pence, description, order_id, created_at) VALUES ($1, 'order-refunded', $2, $3, $4, $5)`,
      [order.customer_id, order.credit_used_pence, `Site credit used on order #${order.id}, given back: the payment did not go through`, order.id, now],
    );
  }
  await client.query(
    `UPDATE coupons SET used_at = NULL WHERE customer_id IS NOT NULL AND id IN (SELECT coupon_id FROM order_coupons WHERE order_id = $1)`,
    [order.id],
  );
  const basket = order.reserved_basket;
  if (order.reserved_cart_id && basket) {
    // The basket row (made again if it is gone), marked and locked as any basket write is.
    await lockCart(client, order.reserved_cart_id, order.customer_id, now);
    await client.query(
      `INSERT INTO cart_items (cart_id, item_key, competition_id, quantity, answered_option_id, created_at)
       SELECT $1, k, c, q, a, $6 FROM unnest($2::text[], $3::int[], $4::int[], $5::int[]) AS x(k, c, q, a)
       WHERE EXISTS (SELECT 1 FROM competitions WHERE id = x.c)
       ON CONFLICT DO NOTHING`,
      [order.reserved_cart_id, basket.lines.map(() => newItemKey()), basket.lines.map((l) => l.competitionId), basket.lines.map((l) => l.quantity),
        basket.lines.map((l) => l.answeredOptionId), now],
    );
    await client.query(
      `INSERT INTO cart_coupons (cart_id, coupon_id, added_at) SELECT $1, c, $3 FROM unnest($2::int[]) AS c
       WHERE EXISTS (SELECT 1 FROM coupons WHERE id = c) ON CONFLICT DO NOTHING`,
      [order.reserved_cart_id, basket.couponIds, now],
    );
  }
  await client.query('UPDATE orders SET status = $2, payment_failure = $3 WHERE id = $1', [order.id, status, JSON.stringify(failure)]);
}

const CARD_CHANGED: PaymentFailure = {
  reason: 'card_changed',
  message: 'The payment was made with a different card from the one checked at checkout, so we are refunding it in full. Please check out again with the card you want to use.',
};
const ON_A_BREAK: PaymentFailure = {
  reason: 'account_locked',
  message: 'Your account is on a break or closed, so this payment was not taken: we are refunding it in full.',
};

/**
 * Why a succeeded payment for a pending order is not kept, or null: made with another card than
 * the one checkout checked (both known), or its customer began a break while it was confirmed.
 */
function unkeptBecause(intent: IntentState, order: LockedOrder): PaymentFailure | null {
  if (intent.paymentMethodId !== null && order.payment_method_ref !== null && intent.paymentMethodId !== order.payment_method_ref) return CARD_CHANGED;
  return order.customer_locked ? ON_A_BREAK : null;
}

/**
 * A payment succeeded for an order already released (its reservation ran out, or it was paid with
 * another card): all of it back, once (the key is the intent's), and flagged by why the order was
 * released, so its customer gets one mail that says why however many times the payment is seen.
 */
async function refundUnkeptPayment(pool: pg.Pool, gateway: PaymentGateway, intent: IntentState, order: LockedOrder, now: Date): Promise<void> {
  const orderId = order.id;
  const [kind, why] = order.failure_reason === CARD_CHANGED.reason
    ? ['card_changed_refunded', `Paid with another card (${intent.paymentMethodId}) than the one checked at checkout (${order.payment_method_ref})`]
    : order.failure_reason === ON_A_BREAK.reason
      ? ['break_refunded', 'Paid after the customer began a break']
      : ['late_payment_refunded', 'Paid after the reservation was released'];
  const left = intent.amountPence - intent.amountRefundedPence;
  try {
    if (left > 0) await gateway.refund({ orderId, intentId: intent.id, amountPence: left, idempotencyKey: `late-${intent.id}`, now });
  } catch (err) {
    // The provider said no (a disputed payment, say): asking again will not change that, so a
    // person is told, and the event counts as dealt with. A provider that did not answer throws
    // on, for the webhook's retry (or the next reconciliation) to ask again.
    if (!(err instanceof WpHttpError)) throw err;
    await flag(pool, gateway.name, intent, orderId, 'late_payment_refund_refused',
      `${why}; the automatic refund of £${penceToPounds(left)} was refused: ${err.message} Refund it at the provider.`, false, now);
    return;
  }
  await markGivenUpOrderRefunded(pool, orderId);
  await flag(pool, gateway.name, intent, orderId, kind, `${why}: £${penceToPounds(intent.amountPence)} refunded automatically.`, true, now);
}

/**
 * A given-up order's payment refunded after all (late, or a wrong amount closed by staff): its
 * answer then says the money went back (`data.refunded`), not that nothing was taken.
 */
export async function markGivenUpOrderRefunded(db: pg.Pool | pg.PoolClient, orderId: number): Promise<void> {
  await db.query(`UPDATE orders SET payment_failure = COALESCE(payment_failure, '{}'::jsonb) || '{"refunded": true}'::jsonb WHERE id = $1 AND status IN ('cancelled', 'failed')`, [orderId]);
}

async function cancelQuietly(gateway: PaymentGateway, intentId: string): Promise<void> {
  // A payment still going on when its reservation lapses: stopped at the provider. If it
  // succeeds anyway, its webhook (or reconciliation) refunds it.
  await gateway.cancel(intentId).catch((err: unknown) => fallbackLogger().error({ err, component: 'payments' }, `cancelling payment ${intentId} failed`));
}

/** The kinds of problem whose customer is mailed (payment-problem-mails.ts): their money was touched. */
const MAILED_KINDS = new Set(['amount_mismatch', 'late_payment_refunded', 'card_changed_refunded', 'break_refunded']);

/**
 * A difference between the provider and our orders, for a person (payment_discrepancies), once per
 * intent and kind. Answers whether it is new (false: flagged before).
 */
export async function flag(db: pg.Pool | pg.PoolClient, provider: string, intent: IntentState, orderId: number | null, kind: string, detail: string, repaired: boolean, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO payment_discrepancies (provider, intent_id, order_id, kind, detail, repaired, found_at, intent_amount_pence, customer_mail) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (provider, intent_id, kind) DO NOTHING`,
    [provider, intent.id, orderId, kind, detail, repaired, now, intent.amountPence ?? null, orderId !== null && MAILED_KINDS.has(kind) ? 'due' : null],
  );
  return rowCount === 1;
}

/**
 * An intent that names one of our order ids but not that order's key: another shop's or
 * environment's payment on the same provider account (a shared test account, staging). Never
 * applied to our order; flagged for a person, as an intent naming no order of ours is.
 */
export async function flagForeign(db: pg.Pool | pg.PoolClient, provider: string, intent: IntentState, now: Date): Promise<boolean> {
  return flag(db, provider, intent, null, 'unknown_intent',
    `The intent (${intent.status}, £${penceToPounds(intent.amountPence)}) names order #${intent.orderId} but not its key: another shop's or environment's payment on this account?`, false, now);
}
