import { storeRequest } from '@cgg/contracts/store';
import { ApiError } from '@cgg/contracts';
import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import { checkoutOnce, type Buyer, type CheckoutOutcome } from './race-harness.ts';

/*
 * Races of ONE customer against themselves (several tabs or devices at once), driven
 * over real HTTP like race-harness.ts: checkouts with different Idempotency-Keys, and
 * sign-ins presenting visitor baskets. Used by customer-race.test.ts and
 * bench/concurrent-checkout.ts.
 */

/** One answer of a race: its HTTP status, error code (if any) and how long it took. */
export interface RaceAnswer {
  status: number;
  code: string | null;
  ms: number;
}

export interface VisitorBasket {
  cartToken: string;
  nonce: string | null;
}

/** A fresh visitor's Cart-Token: a read only, so its basket is never written. */
export async function freshVisitorToken(base: string): Promise<VisitorBasket> {
  const read = await storeRequest('cart', undefined, { baseUrl: base });
  return { cartToken: read.cartToken!, nonce: read.nonce };
}

/** A visitor basket holding `quantity` tickets of a product (written, so it is a real row). */
export async function visitorBasket(base: string, productId: number, quantity: number): Promise<VisitorBasket> {
  const fresh = await freshVisitorToken(base);
  const added = await storeRequest('addItem', { id: productId, quantity }, { baseUrl: base, cartToken: fresh.cartToken, nonce: fresh.nonce });
  return { cartToken: added.cartToken ?? fresh.cartToken, nonce: added.nonce };
}

/**
 * The first Store call after signing in: the customer's session with the visitor's
 * Cart-Token (what the basket page sends), which adopts or merges that basket.
 */
export async function signedInCartRead(base: string, customerToken: string, cartToken: string): Promise<RaceAnswer & { items: number }> {
  const started = performance.now();
  try {
    const res = await storeRequest('cart', undefined, { baseUrl: base, customerToken, cartToken });
    return { status: res.status, code: null, ms: performance.now() - started, items: res.body.items_count };
  } catch (err) {
    if (err instanceof ApiError) return { status: err.status, code: err.code, ms: performance.now() - started, items: 0 };
    throw err;
  }
}

export const asAnswer = (o: CheckoutOutcome): RaceAnswer => ({ status: o.ok ? 200 : o.status, code: o.ok ? null : o.code, ms: o.ms });

/** `n` checkouts of one customer's basket at once, each with its own Idempotency-Key. */
export async function concurrentCheckouts(
  base: string,
  buyer: Buyer,
  n: number,
  paymentData?: Array<{ key: string; value: string }>,
): Promise<CheckoutOutcome[]> {
  return Promise.all(Array.from({ length: n }, () => checkoutOnce(base, { ...buyer }, randomUUID(), paymentData)));
}

/** What a customer holds after a race, read from PostgreSQL. */
export interface CustomerLedger {
  completedOrders: number;
  /** Orders left 'pending': reserved, their card payment neither confirmed nor released. */
  pendingOrders: number;
  charges: number;
  chargedPence: number;
  /** Sum of every points row, and the points the completed orders say they earned minus redeemed. */
  points: number;
  pointsFromOrders: number;
  credit: number;
  creditUsedByOrders: number;
  tickets: number;
  ticketsPaidFor: number;
  carts: number;
}

export async function customerLedger(pool: pg.Pool, customerId: number): Promise<CustomerLedger> {
  const { rows } = await pool.query<CustomerLedger>(
    `SELECT
       (SELECT count(*)::int FROM orders WHERE customer_id = $1 AND status = 'completed') AS "completedOrders",
       (SELECT count(*)::int FROM orders WHERE customer_id = $1 AND status = 'pending') AS "pendingOrders",
       (SELECT count(*)::int FROM payment_intents p JOIN orders o ON o.id = p.order_id WHERE o.customer_id = $1 AND p.status = 'succeeded') AS charges,
       (SELECT COALESCE(sum(p.amount_pence), 0)::int FROM payment_intents p JOIN orders o ON o.id = p.order_id WHERE o.customer_id = $1 AND p.status = 'succeeded') AS "chargedPence",
       (SELECT COALESCE(sum(points), 0)::int FROM points_logs WHERE customer_id = $1) AS points,
       (SELECT COALESCE(sum(points), 0)::int FROM points_logs WHERE customer_id = $1 AND order_id IS NOT NULL) AS "pointsFromOrders",
       (SELECT COALESCE(sum(amount_pence), 0)::int FROM credit_logs WHERE customer_id = $1) AS credit,
       (SELECT COALESCE(sum(credit_used_pence), 0)::int FROM orders WHERE customer_id = $1 AND status = 'completed') AS "creditUsedByOrders",
       (SELECT count(*)::int FROM tickets WHERE customer_id = $1) AS tickets,
       (SELECT COALESCE(sum(i.quantity), 0)::int FROM order_items i JOIN orders o ON o.id = i.order_id
         WHERE o.customer_id = $1 AND o.status = 'completed') AS "ticketsPaidFor",
       (SELECT count(*)::int FROM carts WHERE customer_id = $1) AS carts`,
    [customerId],
  );
  return rows[0]!;
}

/** Status -> count, e.g. `{"200": 1, "400 woocommerce_rest_cart_empty": 19}`. */
export function statusCounts(answers: RaceAnswer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of answers) {
    const label = a.code ? `${a.status} ${a.code}` : String(a.status);
    counts[label] = (counts[label] ?? 0) + 1;
  }
  return counts;
}
