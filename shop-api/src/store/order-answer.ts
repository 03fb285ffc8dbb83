import { STORE_ERRORS, type StoreCheckoutPayment, type StoreCheckoutResponse } from '@cgg/contracts/store';
import type pg from 'pg';
import { WpHttpError } from '../http/wp-error.ts';
import { penceToPounds } from '../lib/money.ts';
import { adoptAuthorisedMethod } from '../payments/adopt-authorised-method.ts';
import { applyIntent, type PaymentHooks } from '../payments/order-payment.ts';
import { releaseWithoutIntent } from '../payments/reservation-expiry.ts';
import { providerCall } from '../payments/provider-call.ts';
import { underReview } from '../payments/under-review.ts';
import type { PaymentFailure, PaymentGateway } from '../payments/payment-gateway.ts';
import { NeedsCartError } from './needs-cart-error.ts';

/*
 * The checkout's answer for an order as it stands: paid (its tickets and instant wins), still
 * waiting for the provider (the payment block: 3-D Secure, or processing, and the reservation's
 * countdown), or refused (the payment error, or the reservation expired; the basket restored).
 * A repeated checkout key and the client's return (checkout-return) answer through here.
 */

export interface OrderAnswerDeps {
  pool: pg.Pool;
  gateway: PaymentGateway;
  hooks?: PaymentHooks;
  /** Before each call to the provider (a rate limit's take: throw to refuse); an order already settled never asks. */
  beforeProviderCall?: () => Promise<void>;
}

interface OrderState {
  id: number;
  customer_id: number;
  order_key: string;
  status: string;
  store_result: StoreCheckoutResponse | null;
  reserved_until: Date | null;
  payment_failure: (PaymentFailure & { refunded?: boolean }) | null;
  payment_method_ref: string | null;
  card_charged_pence: number;
  intent_id: string | null;
  provider: string | null;
  intent_status: string | null;
  client_secret: string | null;
  next_action: StoreCheckoutPayment['next_action'];
  funding: StoreCheckoutPayment['funding'] | null;
  last4: string | null;
  /** Paid the wrong amount, and staff have not yet settled it (payments/under-review.ts). */
  under_review: boolean;
}

/** The pending answer built from what the checkout already holds (no read back): the stored answer and the intent just recorded. */
export function pendingAnswer(stored: StoreCheckoutResponse, intent: { provider: string; id: string; status: 'requires_action' | 'processing'; clientSecret: string | null; nextAction: StoreCheckoutPayment['next_action'] }, reservedUntil: Date, card: { funding: StoreCheckoutPayment['funding']; last4: string }, now: Date): StoreCheckoutResponse {
  const answer = structuredClone(stored);
  answer.extensions.cgg.payment = {
    provider: intent.provider,
    intent_id: intent.id,
    status: intent.status,
    client_secret: intent.status === 'requires_action' ? intent.clientSecret : null,
    next_action: intent.status === 'requires_action' ? intent.nextAction : null,
    reserved_until: reservedUntil.toISOString(),
    seconds_left: Math.max(0, Math.ceil((reservedUntil.getTime() - now.getTime()) / 1000)),
    funding: card.funding,
    last4: card.last4,
  };
  return answer;
}

type Win = { win_id: string; competition_id: number; ticket_number: number; prize_id: number; prize_title: string; pence: number; image: string };
type Tickets = StoreCheckoutResponse['extensions']['cgg']['tickets'];
interface TicketsAndWins { tickets: Tickets | null; wins: Win[] | null }

/**
 * An order's tickets and instant wins, as two columns (`$1` the order's id): read with the order, or alone.
 * The tickets are read per line (LATERAL, by tickets_order_item_idx): as a join, the generic plan of
 * the prepared read guessed ten lines an order and hashed the whole tickets table for each answer
 * (10 ms an answer at 80,000 tickets, the sell-out bench's largest cost).
 */
const TICKETS_AND_WINS = `
  (SELECT json_agg(x ORDER BY x.competition_id) FROM (
     SELECT i.competition_id, i.title, n.ticket_numbers FROM order_items i
     CROSS JOIN LATERAL (SELECT array_agg(t.ticket_number ORDER BY t.ticket_number) AS ticket_numbers FROM tickets t WHERE t.order_item_id = i.id) n
     WHERE i.order_id = $1 AND n.ticket_numbers IS NOT NULL) x) AS tickets,
  (SELECT json_agg(w ORDER BY w.competition_id, w.ticket_number) FROM (
     SELECT a.id::text AS win_id, a.competition_id, a.ticket_number, p.id AS prize_id, p.title AS prize_title, p.prize_value_pence AS pence, p.image
     FROM instant_win_awards a JOIN instant_win_prizes p ON p.id = a.instant_win_prize_id WHERE a.order_id = $1) w) AS wins`;

/** The stored answer (written before its tickets and wins), completed with them when the order is paid. */
function withTicketsAndWins(stored: StoreCheckoutResponse, read: TicketsAndWins): StoreCheckoutResponse {
  const answer = structuredClone(stored);
  if (answer.status !== 'completed') return answer;
  answer.extensions.cgg.tickets = read.tickets ?? [];
  answer.extensions.cgg.instant_wins = (read.wins ?? []).map((w) => ({
    win_id: Number(w.win_id), competition_id: w.competition_id, ticket_number: w.ticket_number, prize_id: w.prize_id,
    prize_title: w.prize_title, prize_value: penceToPounds(w.pence), image: w.image,
  }));
  return answer;
}

/** A stored answer with its tickets and instant wins read back from their tables (they are written after it). */
export async function storedResultOf(db: pg.Pool | pg.PoolClient, orderId: number, stored: StoreCheckoutResponse): Promise<StoreCheckoutResponse> {
  if (stored.status !== 'completed') return structuredClone(stored);
  // Tickets and wins in one round trip.
  const { rows } = await db.query<TicketsAndWins>(`SELECT ${TICKETS_AND_WINS}`, [orderId]);
  return withTicketsAndWins(stored, rows[0]!);
}

/** The order, its intent, and its tickets and wins (the answer's, when it is paid) in one round trip. */
const READ = `
  SELECT o.id, o.customer_id, o.order_key, o.status, o.store_result, o.reserved_until, o.payment_failure, o.payment_method_ref, o.card_charged_pence,
         p.intent_id, p.provider, p.status AS intent_status, p.client_secret, p.next_action, p.funding, p.last4,
         o.status = 'pending' AND ${underReview('o.id')} AS under_review, ${TICKETS_AND_WINS}
  FROM orders o LEFT JOIN payment_intents p ON p.order_id = o.id WHERE o.id = $1`;

async function readOrder(db: pg.Pool, orderId: number): Promise<(OrderState & TicketsAndWins) | null> {
  // Named (prepared): read on every return and repeat, planned once per connection.
  return (await db.query<OrderState & TicketsAndWins>({ name: 'cgg_order_answer_read', text: READ, values: [orderId] })).rows[0] ?? null;
}

const paymentBlock = (o: OrderState, now: Date): StoreCheckoutPayment | undefined => {
  if (!o.intent_id || !o.reserved_until) return undefined;
  const status = o.status === 'completed' || o.status === 'refunded' ? 'succeeded' : o.intent_status === 'requires_action' ? 'requires_action' : 'processing';
  return {
    provider: o.provider ?? '',
    intent_id: o.intent_id,
    status,
    client_secret: status === 'requires_action' ? o.client_secret : null,
    next_action: status === 'requires_action' ? o.next_action : null,
    reserved_until: o.reserved_until.toISOString(),
    seconds_left: Math.max(0, Math.ceil((o.reserved_until.getTime() - now.getTime()) / 1000)),
    funding: o.funding ?? 'unknown',
    last4: o.last4 ?? '',
    ...(o.under_review ? { under_review: true as const } : {}),
  };
};

/**
 * The order's answer. `refresh`: ask the provider for the intent first (the client's return);
 * an order whose reservation has run out is always looked at again, so it is released (and a
 * late payment refunded) before it is answered, whether or not the expiry job has run. An order
 * whose payment is under review is neither: it is answered `under_review`, for staff to settle.
 */
export async function answerOrder(deps: OrderAnswerDeps, orderId: number, now: Date, refresh: boolean, owner?: { customerId: number; orderKey: string }): Promise<StoreCheckoutResponse> {
  let o = await readOrder(deps.pool, orderId);
  // The client's return names the order: someone else's (or a wrong key) is not found.
  if (owner && (!o || o.customer_id !== owner.customerId || o.order_key !== owner.orderKey)) {
    const e = STORE_ERRORS.orderNotFound;
    throw new WpHttpError(e.status, e.code, e.message);
  }
  if (!o?.store_result) {
    const e = STORE_ERRORS.idempotencyInProgress;
    throw new WpHttpError(e.status, e.code, e.message);
  }
  // Under review, the order is staff's to settle: answered as it stands, the provider not asked.
  if (o.status === 'pending' && o.reserved_until && !o.under_review) {
    const expired = o.reserved_until <= now;
    if (!o.intent_id && expired) {
      // Never asked for the money, and now too late to: released.
      await releaseWithoutIntent(deps.pool, o.id, now);
    } else if (!o.intent_id && o.payment_method_ref) {
      // The intent was never created (a crash after the reservation committed): create it now, with the same key.
      const r = { orderId: o.id, orderKey: o.order_key, customerId: o.customer_id, amountPence: o.card_charged_pence, paymentMethodId: o.payment_method_ref, idempotencyKey: intentKey(o.id), now };
      await deps.beforeProviderCall?.();
      const intent = await providerCall('creating a payment intent', () => deps.gateway.authorise(r));
      await adoptAuthorisedMethod(deps.pool, o.id, r.paymentMethodId, intent);
      await applyIntent(deps.pool, deps.gateway, intent, now, deps.hooks);
    } else if (o.intent_id && (refresh || expired)) {
      const id = o.intent_id;
      await deps.beforeProviderCall?.();
      // The order as just read: applyIntent's fast paths need no read of their own.
      await applyIntent(deps.pool, deps.gateway, await providerCall('reading a payment intent', () => deps.gateway.retrieve(id)), now, deps.hooks, o);
    }
    o = (await readOrder(deps.pool, orderId))!;
  }
  const payment = paymentBlock(o, now);
  if (o.status === 'failed' || o.status === 'cancelled') throw refusal(o.payment_failure);
  const answer = withTicketsAndWins(o.store_result!, o);
  if (payment) answer.extensions.cgg.payment = payment;
  return answer;
}

/** The provider's idempotency key for an order's payment intent: one intent per order, whoever asks. */
export const intentKey = (orderId: number): string => `cgg-order-${orderId}`;

function refusal(failure: OrderState['payment_failure']): NeedsCartError {
  if (failure?.reason === 'expired') {
    const e = STORE_ERRORS.reservationExpired;
    return new NeedsCartError(new WpHttpError(e.status, e.code, e.message, { refunded: failure.refunded === true }));
  }
  const e = STORE_ERRORS.paymentError;
  return new NeedsCartError(new WpHttpError(e.status, e.code, failure?.message ?? e.message, { reason: failure?.reason ?? 'card_declined' }));
}
