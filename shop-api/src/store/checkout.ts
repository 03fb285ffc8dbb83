import { randomBytes } from 'node:crypto';
import { MIN_CARD_CHARGE_PENCE, POINTS_PER_POUND, STORE_ERRORS, STORE_PAYMENT_DATA_KEYS as KEYS, type StoreCheckoutRequest, type StoreCheckoutResponse } from '@cgg/contracts/store';
import {
  type Competition,
} from '@cgg/contracts';
import type pg from 'pg';
import type { Queryable } from '../accounts/queryable.ts';
import { lockCustomerStatement } from '../accounts/customer-lock.ts';
import { invalidToken } from '../http/access-guard.ts';
import { COMMIT_THEN_FLUSH, COMMIT_WITHOUT_WAITING } from '../db/durable-commit.ts';
import { assertCanSpend, PLAY_COLUMNS, type PlayRow } from '../accounts/responsible-play.ts';
import { assertDoorChecks, DOOR_COLUMNS, type DoorRow } from '../accounts/age-and-limit.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { penceToPounds } from '../lib/money.ts';
import { validateBilling } from './billing.ts';
import { assertPurchasable, maxPerUserError, outOfStock, partialNotice } from './cart-rules.ts';
import { loadPricedCart } from './cart-store.ts';
import { preparedClient } from './prepared-client.ts';
import { writePaidOrder } from './paid-order.ts';
import { questionsAsked } from './store-competitions.ts';
import { NumbersHeld, SaleRefused, type TicketAllocator } from './ticket-allocation.ts';
import { adoptAuthorisedMethod } from '../payments/adopt-authorised-method.ts';
import { assertCardAllowed } from '../payments/credit-card-rules.ts';
import type { CardFacts, PaymentGateway } from '../payments/payment-gateway.ts';
import { DEFAULT_RESERVATION_SECONDS } from '../payments/order-payment.ts';
import { PENCE_PER_POINT_EARNED } from './order-points.ts';
import { awardInstantWins, fireRewardWins, publicName } from './wins.ts';
import { NeedsCartError } from './needs-cart-error.ts';
import { answerOrder, intentKey, pendingAnswer } from './order-answer.ts';
import { applyIntent, recordIntent, type PaymentHooks } from '../payments/order-payment.ts';
import { providerCall } from '../payments/provider-call.ts';

export { PENCE_PER_POINT_EARNED } from './order-points.ts';

export interface CheckoutInput {
  customerId: number;
  cartId: string;
  request: StoreCheckoutRequest;
  idempotencyKey: string;
  now: Date;
  /** How long a card order holds its tickets (RESERVATION_SECONDS); default 10 minutes. */
  reservationSeconds?: number;
  /** The request's id (http/request-id.ts): the transaction's application_name, so PostgreSQL's logs and pg_stat_activity name it. */
  requestId?: string;
}

/**
 * `SET LOCAL application_name` for the order's transaction: in the same round trip as BEGIN,
 * and only for the transaction (the pooled connection goes back as it was). PostgreSQL keeps 63
 * bytes of it; a request id is at most 128 plain characters (request-id.ts), a UUID 36.
 */
const tagTransaction = (client: { escapeLiteral(s: string): string }, requestId: string | undefined): string =>
  requestId ? `; SET LOCAL application_name = ${client.escapeLiteral(`shop-api req ${requestId}`.slice(0, 63))}` : '';

export { NeedsCartError };

class DuplicateCheckout extends Error {}

/** The basket gained a line while the checkout waited for it (another tab): taken again from the start. */
class BasketChangedMeanwhile extends Error {}
/** Still changing after a few tries: the buyer looks at the basket as it now is. */
const basketChanged = (): NeedsCartError => new NeedsCartError(new WpHttpError(409, 'cgg_basket_changed', 'Your basket changed while you were checking out. Please check it and try again.'));

type PricedLine = { competition: Competition; line: { quantity: number } };

/** The checkout's last sale, refused with its COMMIT (recordAndCommit): the transaction is aborted. */
class RefusedSale extends Error {
  constructor(readonly line: PricedLine) {
    super('sale refused');
  }
}

/**
 * Whether this competition's sale may reach a reward-win milestone that must fire before the
 * COMMIT: it has reward wins and one is not won yet (as read in this transaction; one added by
 * an operator meanwhile fires at the next sale, which sees it).
 */
const mayFireRewardWin = (c: Competition): boolean => c.enable_reward_wins && c.reward_wins.some((r) => !r.won);

const invalidPayment = (message: string, params: Record<string, string> = {}): WpHttpError => {
  const e = STORE_ERRORS.invalidPaymentData;
  return new WpHttpError(e.status, e.code, message, { params });
};

const CARD_NUMBER_KEYS: readonly string[] = [KEYS.cardNumber, KEYS.cardExpiry, KEYS.cardCvc];

/** What the request pays with. Card numbers are refused outright: only the provider's card field ever sees them. */
export function readPaymentData(request: StoreCheckoutRequest): { points: number; credit: number; paymentMethodId: string | null } {
  if (request.payment_method === 'cgg-demo-card' || (request.payment_data ?? []).some((d) => CARD_NUMBER_KEYS.includes(d.key))) {
    const e = STORE_ERRORS.cardNumbersRefused;
    throw new WpHttpError(e.status, e.code, e.message);
  }
  const data = new Map((request.payment_data ?? []).map((d) => [d.key, String(d.value).trim()]));
  const whole = (key: string): number => {
    const v = data.get(key);
    if (v === undefined || v === '') return 0;
    if (!/^\d{1,9}$/.test(v)) throw invalidPayment(`${key} must be a whole number.`, { [key]: 'Must be a whole number.' });
    return Number(v);
  };
  const id = request.payment_method === 'cgg-card' ? data.get(KEYS.paymentMethodId) ?? '' : '';
  if (id !== '' && !/^[A-Za-z0-9_]{3,255}$/.test(id)) throw invalidPayment('Please enter your card details.', { [KEYS.paymentMethodId]: 'Not a payment method id.' });
  return { points: whole(KEYS.redeemPoints), credit: whole(KEYS.useCredit), paymentMethodId: id || null };
}

/**
 * The whole checkout in one transaction: the order (its row doubles as the
 * idempotency record), the card charge (the gateway's), its items, coupons, ledgers and the
 * emptied basket, then random ticket numbers and instant wins per line, and last,
 * per competition in id order (so two orders never wait on each other in a cycle),
 * the guarded sale on its counter and any reward win it reaches.
 * Any failure (a decline included) rolls all of it back: nobody pays for tickets
 * they do not get, and no tickets are taken for an unpaid order.
 */
export interface CheckoutDone {
  order: StoreCheckoutResponse;
  /** The order won something (instant or reward) whose winner may not be told yet; false lets the caller skip the look. */
  mayHaveNewWins: boolean;
  /** Paid now (site credit, points, or a card the provider confirmed at once): the harm markers look. */
  paidNow: boolean;
}

/** What the transaction hands on when a card pays: the reservation to create the payment intent for. */
interface Reserved {
  orderId: number;
  orderKey: string;
  cardPence: number;
  paymentMethodId: string;
  reservedUntil: Date;
  /** The stored (pending) answer. */
  order: StoreCheckoutResponse;
}

/**
 * Checkout: the order (paid at once, or with its tickets reserved while the card payment is
 * confirmed), then, for a card, the payment intent created and confirmed at the provider with
 * the order's own idempotency key, outside any transaction. The provider's first answer is
 * applied at once (a decline releases the reservation; Stripe may confirm there and then);
 * the demo provider always confirms later, by webhook or the client's return.
 */
export async function runCheckout(pool: pg.Pool, allocator: TicketAllocator, gateway: PaymentGateway, input: CheckoutInput, hooks: PaymentHooks = {}): Promise<CheckoutDone> {
  const billing = validateBilling(input.request.billing_address);
  const payment = readPaymentData(input.request);
  // What the card is, before any lock is taken (the provider may be a network call away).
  const card = payment.paymentMethodId ? await providerCall('reading a payment method', () => gateway.describePaymentMethod(payment.paymentMethodId!)) : null;
  const answerDeps = { pool, gateway, hooks };
  let reserved: Reserved | null = null;
  // No read-first fast path: the order INSERT below finds a repeated key (and waits
  // for one still in flight), so a first attempt costs no extra round trip.
  const scopedKey = `${input.customerId}:${input.idempotencyKey}`;
  // Competitions whose last numbers were all held by other buyers' sales: taken again waiting for them.
  const waitForHeld = new Set<number>();
  let deadlockRetries = 0;

  for (;;) {
    const connection = await pool.connect();
    const client = preparedClient(connection);
    try {
      // On the API's keyed pool, its prepared statements plan by index only (db/keyed-plans.ts).
      // Its COMMIT lets go of the competition's row before the disk wait (db/durable-commit.ts).
      // BEGIN, the transaction's settings and the customer's lock (step 1 below) in one round trip.
      const begun = (await client.query(
        `BEGIN; ${COMMIT_WITHOUT_WAITING}${tagTransaction(connection, input.requestId)}; ${lockCustomerStatement(input.customerId)}`,
      )) as unknown as pg.QueryResult[];
      if (begun.at(-1)!.rowCount !== 1) throw invalidToken();
      const result = await checkoutTransaction(client, allocator, input, billing, payment, card, scopedKey, waitForHeld);
      if (!result.committed) await client.query(COMMIT_THEN_FLUSH);
      if (!result.reserved) return { order: result.order, mayHaveNewWins: result.mayHaveNewWins, paidNow: true };
      reserved = result.reserved;
      break;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      // The last sale was refused with its COMMIT (nothing committed): why, read now the transaction is gone.
      if (err instanceof RefusedSale) throw new NeedsCartError(await notEnoughLeft(pool, err.line));
      if (err instanceof DuplicateCheckout) {
        // The same key committed while we waited on its row: answer what it answered.
        const first = (await pool.query<{ id: number; card_charged_pence: number }>('SELECT id, card_charged_pence FROM orders WHERE idempotency_key = $1', [scopedKey])).rows[0];
        if (!first) throw new WpHttpError(STORE_ERRORS.idempotencyInProgress.status, STORE_ERRORS.idempotencyInProgress.code, STORE_ERRORS.idempotencyInProgress.message);
        // A repeat may follow a crash between the first answer's commit and its mails.
        return { order: await answerOrder(answerDeps, first.id, input.now, false), mayHaveNewWins: first.card_charged_pence === 0, paidNow: first.card_charged_pence === 0 };
      }
      // Rolled back, so holding none of them: once more, this time waiting for the holders.
      if (err instanceof NumbersHeld && !waitForHeld.has(err.competitionId)) {
        waitForHeld.add(err.competitionId);
        continue;
      }
      const code = (err as { code?: string }).code;
      // A deadlock or serialization failure rolled everything back: safe to run again.
      if ((code === '40P01' || code === '40001' || err instanceof BasketChangedMeanwhile) && ++deadlockRetries < 3) continue;
      if (err instanceof BasketChangedMeanwhile) throw basketChanged();
      throw err;
    } finally {
      connection.release();
    }
  }
  // The reservation is committed and its connection back in the pool: now the provider.
  const r = reserved!;
  const intent = await providerCall('creating a payment intent', () => gateway.authorise({
    orderId: r.orderId, orderKey: r.orderKey, customerId: input.customerId, amountPence: r.cardPence,
    paymentMethodId: r.paymentMethodId, idempotencyKey: intentKey(r.orderId), now: input.now,
  }));
  await adoptAuthorisedMethod(pool, r.orderId, r.paymentMethodId, intent);
  if (intent.status === 'requires_action' || intent.status === 'processing') {
    // Waiting for the customer (3-D Secure) or the provider: noted, and answered from what we hold.
    await recordIntent(pool, gateway.name, intent, input.now);
    return { order: pendingAnswer(r.order, { ...intent, status: intent.status, provider: gateway.name }, r.reservedUntil, card!, input.now), mayHaveNewWins: false, paidNow: false };
  }
  // The order is as this checkout just committed it (pending, reserved): no read back for the fast paths.
  await applyIntent(pool, gateway, intent, input.now, hooks, { status: 'pending', card_charged_pence: r.cardPence, reserved_until: r.reservedUntil });
  return { order: await answerOrder(answerDeps, r.orderId, input.now, false), mayHaveNewWins: false, paidNow: false };
}

/** Out of stock, or partially with the count left now (read fresh: the basket's copy may be stale). */
async function notEnoughLeft(db: Queryable, p: PricedLine): Promise<WpHttpError> {
  const { rows } = await db.query<{ left: number; open: boolean }>(
    `SELECT greatest(total_tickets - tickets_sold, 0) AS left, status = 'open' AS open FROM competitions WHERE id = $1`,
    [p.competition.id],
  );
  const left = rows[0]?.open ? rows[0].left : 0;
  if (left === 0) return outOfStock(p.competition);
  const n = partialNotice(p.competition, left, 0, p.line.quantity, 'stock');
  return new WpHttpError(400, n.code, n.message, n.data);
}

async function checkoutTransaction(
  client: pg.PoolClient,
  allocator: TicketAllocator,
  input: CheckoutInput,
  billing: ReturnType<typeof validateBilling>,
  payment: ReturnType<typeof readPaymentData>,
  card: CardFacts | null,
  scopedKey: string,
  waitForHeld: ReadonlySet<number>,
): Promise<{ order: StoreCheckoutResponse; mayHaveNewWins: boolean; reserved: Reserved | null; committed: boolean }> {
  const { customerId, cartId, now } = input;
  // 1. One checkout per customer at a time, and the customer row first (lockCustomer, taken
  // by runCheckout with BEGIN): the order INSERT below references it, and taking it after
  // that insert deadlocked two checkouts of one customer. A concurrent duplicate of this key
  // queues there too.

  // 2. The idempotency record (a duplicate that committed while we queued is found here), and
  // in the same statement the balances, read after the lock (a statement of their own: see
  // lockCustomer; under it nothing else can spend them) with what the responsible-play gates of
  // step 5 look at; and the basket row locked, then a lock per (competition, customer) of its
  // lines, in competition order (the function runs after the sort), so that the holdings
  // loadPricedCart reads next are read under both. Last, a key-share lock on each competition,
  // in id order: it holds up no other buyer (a sale's counter update does not conflict), but an
  // edit, a publish or cancel, or a draw (FOR UPDATE) waits for it, and this checkout for them.
  // So the terms loadPricedCart reads (title, price, question, instant-win numbers) are the ones
  // the sale commits under; and the order's items, whose keys take the same lock, take it in
  // the order every FOR UPDATE of competitions does (taken in basket order, they deadlocked
  // with a refund's releaseTickets).
  const orderKey = `wc_order_${randomBytes(9).toString('base64url')}`;
  const me = (await client.query<{ order_id: number | null; held_terms: number[]; first_name: string; last_name: string; points: string; credit: string } & DoorRow & PlayRow>(
    `WITH inserted AS (
       INSERT INTO orders (customer_id, status, created_at, subtotal_pence, total_pence, idempotency_key, order_key)
       VALUES ($1, 'pending', $2, 0, 0, $3, $4) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id
     ), basket AS (SELECT id FROM carts WHERE id = $5 FOR UPDATE),
     locked AS (SELECT pg_advisory_xact_lock(i.competition_id, $1::int) FROM basket JOIN cart_items i ON i.cart_id = basket.id ORDER BY i.competition_id),
     terms AS (SELECT c.id FROM competitions c WHERE c.id IN (SELECT i.competition_id FROM basket JOIN cart_items i ON i.cart_id = basket.id) ORDER BY c.id FOR KEY SHARE)
     SELECT (SELECT id FROM inserted) AS order_id, (SELECT count(*) FROM locked) AS locked_lines, ARRAY(SELECT id FROM terms) AS held_terms,
            first_name, last_name, ${DOOR_COLUMNS}, ${PLAY_COLUMNS},
            (SELECT COALESCE(sum(points), 0) FROM points_logs WHERE customer_id = $1)::bigint AS points,
            (SELECT COALESCE(sum(amount_pence), 0) FROM credit_logs WHERE customer_id = $1)::bigint AS credit
     FROM customers WHERE id = $1`,
    [customerId, now, scopedKey, orderKey, cartId],
  )).rows[0]!;
  if (me.order_id === null) throw new DuplicateCheckout();
  const orderId = me.order_id;
  const cart = await loadPricedCart(client, cartId, customerId, now);
  // A line another tab added while this statement waited for the basket's lock is read here, but
  // was not in the statement's view of the basket (one view for both of its locks), so neither was
  // taken for it: run it again.
  if (cart.lines.some((p) => !me.held_terms.includes(p.competition.id))) throw new BasketChangedMeanwhile();
  if (cart.lines.length === 0) {
    const e = STORE_ERRORS.cartEmpty;
    throw new WpHttpError(e.status, e.code, e.message);
  }

  // 3. Every rule again, whatever the basket said when it was filled.
  const asked = cart.lines.some((p) => p.competition.comp_question) && (await questionsAsked(client));
  const lines = [...cart.lines].sort((a, b) => a.competition.id - b.competition.id);
  for (const p of lines) {
    assertPurchasable(p.competition);
    if (p.competition.comp_question && asked && p.line.answeredOptionId === null) {
      const e = STORE_ERRORS.answerRequired;
      throw new NeedsCartError(new WpHttpError(e.status, e.code, e.message, { competition_id: p.competition.id }));
    }
    const purchased = p.purchased;
    const allowed = p.competition.max_ticket_per_user - purchased;
    if (allowed <= 0) throw new NeedsCartError(maxPerUserError(p.competition, 0, purchased));
    if (p.line.quantity > allowed) {
      const n = partialNotice(p.competition, allowed, 0, p.line.quantity, 'per_user');
      throw new NeedsCartError(new WpHttpError(400, n.code, n.message, n.data));
    }
  }

  // 4. Coupons: a customer's own is single-use (marked now; a concurrent use finds it used). One
  // that takes nothing off this order (the coupons before it already cover the basket) is neither
  // marked nor recorded: spending a customer's £10 coupon on £0 off would take it for nothing.
  const discounting = cart.coupons.filter((c) => c.discountPence > 0);
  const owned = discounting.map((c) => c.rule.id);
  if (owned.length > 0) {
    const used = await client.query<{ id: number; customer_id: number | null }>(
      `UPDATE coupons SET used_at = $2 WHERE id = ANY($1::int[]) AND customer_id IS NOT NULL AND used_at IS NULL RETURNING id, customer_id`,
      [owned, now],
    );
    const siteWide = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM coupons WHERE id = ANY($1::int[]) AND customer_id IS NULL', [owned]);
    if (used.rowCount! + siteWide.rows[0]!.n !== owned.length) {
      const e = STORE_ERRORS.couponError;
      throw new NeedsCartError(new WpHttpError(e.status, e.code, 'A coupon in your basket can no longer be used.'));
    }
  }

  // 5. Responsible play (UK code 1.1 and 1.4 first: a date of birth and a limit choice), then who pays what.
  const total = cart.total;
  assertDoorChecks(me);
  await assertCanSpend(client, customerId, me, total, now);
  const balances = { points: me.points, credit: me.credit };
  const pointsValue = Math.floor((payment.points * 100) / POINTS_PER_POUND);
  if (payment.points > Number(balances.points)) throw invalidPayment(`You only have ${balances.points} points.`, { [KEYS.redeemPoints]: 'More than your balance.' });
  if (payment.credit > Number(balances.credit)) throw invalidPayment('You do not have that much site credit.', { [KEYS.useCredit]: 'More than your balance.' });
  if (pointsValue + payment.credit > total) throw invalidPayment('Points and credit cannot exceed the order total.');
  const cardPence = total - pointsValue - payment.credit;
  if (input.request.payment_method === 'cgg-site-credit' && cardPence > 0) {
    throw invalidPayment('Your points and site credit do not cover the order total.');
  }
  if (cardPence > 0 && cardPence < MIN_CARD_CHARGE_PENCE) {
    const least = `a card payment must be at least £${penceToPounds(MIN_CARD_CHARGE_PENCE)}`;
    // Under £0.30 in all, no split helps: only points and credit for the whole, or more in the basket.
    throw invalidPayment(total >= MIN_CARD_CHARGE_PENCE
      ? `The card would pay £${penceToPounds(cardPence)}, and ${least}: use fewer points or less site credit, or cover the whole total with them.`
      : `This order comes to £${penceToPounds(total)}, and ${least}: add to your basket, or pay it all with points or site credit.`);
  }

  // 6. The card: what it is (read from the provider before the transaction, no money moved)
  // and whether this order may use it (UK code 1.3: credit cards), under the customer lock so
  // that concurrent checkouts are counted one after the other (a pending order counts). A
  // refusal throws here and everything before rolls back: nothing reserved, nothing taken.
  // A card order is only RESERVED here; it is paid when the provider confirms (order-payment.ts).
  if (cardPence > 0) {
    if (!card) throw invalidPayment('Please enter your card details.', { [KEYS.paymentMethodId]: 'Required.' });
    await assertCardAllowed(client, { customerId, funding: card.funding, cardPence, competitions: lines.map((p) => p.competition), now });
  }
  const reserving = cardPence > 0 && card !== null;
  const reservedUntil = new Date(now.getTime() + (input.reservationSeconds ?? DEFAULT_RESERVATION_SECONDS) * 1000);
  const last4 = reserving ? card.last4 : null;
  // Points are earned when the order is paid: now, or when the card payment is confirmed.
  const pointsEarned = reserving ? 0 : Math.floor((cardPence + payment.credit) / PENCE_PER_POINT_EARNED);
  const pointRows: Array<[string, number, string]> = [];
  if (payment.points > 0) pointRows.push(['order-redeem', -payment.points, `Points redeemed towards order #${orderId}`]);
  if (pointsEarned > 0) pointRows.push(['order-placed', pointsEarned, `Points earned for order #${orderId}`]);

  const winnerName = publicName(me.first_name, me.last_name);
  // Stored now, without its tickets and wins (read back on a repeat: see storedResultOf).
  const result: StoreCheckoutResponse = {
    order_id: orderId,
    status: reserving ? 'pending' : 'completed',
    order_key: orderKey,
    customer_id: customerId,
    customer_note: input.request.customer_note ?? '',
    billing_address: billing,
    payment_method: input.request.payment_method,
    payment_result: {
      payment_status: reserving ? 'pending' : 'success',
      payment_details: last4 ? [{ key: 'card_last4', value: last4 }] : [],
      redirect_url: reserving ? '' : `/confirmation?order_id=${orderId}&key=${orderKey}`,
    },
    extensions: {
      cgg: {
        tickets: [],
        instant_wins: [],
        total: String(total),
        points_earned: pointsEarned,
        points_redeemed: payment.points,
        credit_used: String(payment.credit),
        card_charged: String(cardPence),
      },
    },
  };

  // 7. Items, coupons, ledgers, the charge, the order's own fields and the emptied basket.
  const itemIds = await writePaidOrder(client, {
    orderId, customerId, cartId, now, result,
    items: cart.lines.map((p) => ({
      competitionId: p.competition.id, title: p.competition.title, quantity: p.line.quantity, unitPence: p.unitPence,
      lineTotalPence: p.subtotalPence - p.discountPence, discountPence: p.discountPence,
    })),
    coupons: discounting.map((c) => ({ couponId: c.rule.id, discountPence: c.discountPence })),
    points: pointRows.map(([type, points, description]) => ({ type, points, description })),
    credit: payment.credit > 0 ? { pence: payment.credit, description: `Site credit used on order #${orderId}` } : null,
    reservation: reserving
      ? {
          until: reservedUntil,
          basket: {
            lines: cart.lines.map((p) => ({ competitionId: p.competition.id, quantity: p.line.quantity, answeredOptionId: p.line.answeredOptionId })),
            // The basket as it was, every coupon in it, is what a failed payment restores.
            couponIds: cart.coupons.map((c) => c.rule.id),
          },
          paymentMethodRef: payment.paymentMethodId!,
          funding: card.funding,
        }
      : null,
    order: {
      subtotalPence: cart.itemsTotal, discountPence: cart.discountTotal, creditPence: payment.credit, totalPence: total,
      paymentMethod: input.request.payment_method, paymentMethodTitle: cardPence > 0 ? 'Credit / Debit Card' : 'Site Credit',
      pointsRedeemed: payment.points, cardPence, customerNote: input.request.customer_note ?? '', billing,
    },
  });

  // 8. The sale itself, last. Numbers first, side by side with other buyers (no shared lock)...
  const tickets: StoreCheckoutResponse['extensions']['cgg']['tickets'] = [];
  const instantWins: StoreCheckoutResponse['extensions']['cgg']['instant_wins'] = [];
  for (const p of lines) {
    const numbers = await allocator.take(client, {
      competitionId: p.competition.id,
      count: p.line.quantity,
      orderItemId: itemIds.get(p.competition.id)!,
      customerId,
      now,
      hint: { total: p.competition.total_sell_tickets, sold: p.competition.total_ticket_sold },
      waitForHeld: waitForHeld.has(p.competition.id),
    });
    if (!numbers) throw new NeedsCartError(await notEnoughLeft(client, p));
    tickets.push({ competition_id: p.competition.id, title: p.competition.title, ticket_numbers: numbers });
    // Only numbers the payload shows as open instant wins can win (a number is won only by its holder: us).
    const open = new Set(p.competition.instant_wins_tickets.filter((t) => !t.won).map((t) => t.ticket_number));
    // A reserved order's instant wins are revealed when it is paid (its numbers are held for it meanwhile).
    if (!reserving && p.competition.enable_instant_wins && numbers.some((n) => open.has(n))) {
      instantWins.push(...(await awardInstantWins(client, { competitionId: p.competition.id, numbers, customerId, orderId, winnerName, now })));
    }
  }
  // ...then each competition's counter, in id order, as the last statements before COMMIT:
  // its row lock (which orders sales and guards the total and the status) is held that briefly.
  // The last one goes with the COMMIT itself (one round trip, the hottest lock of a sell-out held
  // for no turn of our event loop) unless a reward-win milestone may still have to fire after it.
  let rewardWinsFired = 0;
  let committed = false;
  for (const [i, p] of lines.entries()) {
    const sale = { competitionId: p.competition.id, count: p.line.quantity, now };
    // A reserving checkout fires no milestone (its payment does), so it always may.
    if (i === lines.length - 1 && (reserving || !mayFireRewardWin(p.competition))) {
      try {
        await allocator.recordAndCommit(client, sale);
      } catch (err) {
        throw err instanceof SaleRefused ? new RefusedSale(p) : err;
      }
      committed = true;
      break;
    }
    const recorded = await allocator.record(client, sale);
    if (!recorded) throw new NeedsCartError(await notEnoughLeft(client, p));
    // A reserved order's milestones fire when it is paid (order-payment.ts), where the winner is
    // mailed; fired here, a reward would go to an entrant no one tells.
    if (recorded.rewardDue && !reserving) rewardWinsFired += await fireRewardWins(client, { competitionId: p.competition.id, soldAfter: recorded.soldAfter, total: recorded.total, now });
  }

  return {
    committed,
    // A reserved order shows no numbers until it is paid.
    order: { ...result, extensions: { cgg: { ...result.extensions.cgg, tickets: reserving ? [] : tickets, instant_wins: instantWins } } },
    mayHaveNewWins: instantWins.length > 0 || rewardWinsFired > 0,
    reserved: reserving ? { orderId, orderKey, cardPence, paymentMethodId: payment.paymentMethodId!, reservedUntil, order: result } : null,
  };
}
