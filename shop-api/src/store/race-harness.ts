import { randomUUID } from 'node:crypto';
import { storeRequest, type StoreCheckoutResponse } from '@cgg/contracts/store';
import { ApiError } from '@cgg/contracts';
import type pg from 'pg';
import { billing, cardPayment, createCustomer } from './store-fixtures.ts';

/*
 * Drives the Store API over real HTTP (the race tests and bench/checkout.ts): buyers
 * with their own session, nonce and Cart-Token, through the contracts' storeRequest.
 */

export interface Buyer {
  customerId: number;
  token: string;
  nonce: string | null;
  cartToken: string | null;
  /** The HTTP client (default: the global fetch; the benchmark brings a leaner one). */
  fetchImpl?: typeof fetch | undefined;
}

export async function newBuyer(pool: pg.Pool, base: string, fetchImpl?: typeof fetch): Promise<Buyer> {
  const c = await createCustomer(pool);
  const read = await storeRequest('cart', undefined, { baseUrl: base, customerToken: c.token, fetchImpl });
  return { customerId: c.id, token: c.token, nonce: read.nonce, cartToken: read.cartToken, fetchImpl };
}

const opts = (base: string, b: Buyer) => ({ baseUrl: base, customerToken: b.token, nonce: b.nonce, cartToken: b.cartToken, fetchImpl: b.fetchImpl });

export async function addToBasket(base: string, b: Buyer, productId: number, quantity: number): Promise<number> {
  const res = await storeRequest('addItem', { id: productId, quantity }, opts(base, b));
  b.nonce = res.nonce ?? b.nonce;
  b.cartToken = res.cartToken ?? b.cartToken;
  return res.body.items_count;
}

/**
 * `ms`: until the outcome (a paid order, when the client asks until it is paid); `answeredMs`:
 * until the checkout request itself answered (tickets reserved, the payment confirming).
 */
export type CheckoutOutcome = { ok: true; order: StoreCheckoutResponse; ms: number; answeredMs: number } | { ok: false; code: string; status: number; ms: number };

/**
 * How a client learns that its card payment was confirmed:
 * - 'return': asks (checkout-return) at once and again until the order is paid (the tests: the
 *   harshest, every answer racing the webhook);
 * - 'browser': as the checkout page does (remote-cart-checkout's settlePayment), a second after
 *   each answer that says the payment is still processing;
 * - 'webhook': never asks; the provider's webhook pays the order in the background.
 */
export type ConfirmBy = 'return' | 'browser' | 'webhook';
/** The checkout page's wait between status checks (docs/payments-api.md: 1 s apart). */
export const BROWSER_STATUS_POLL_MS = 1000;

export async function checkoutOnce(
  base: string,
  b: Buyer,
  idempotencyKey: string = randomUUID(),
  paymentData: Array<{ key: string; value: string }> = cardPayment(),
  confirm: ConfirmBy = 'return',
): Promise<CheckoutOutcome> {
  const started = performance.now();
  try {
    const res = await storeRequest(
      'checkout',
      { billing_address: billing, payment_method: 'cgg-card', payment_data: paymentData },
      { ...opts(base, b), idempotencyKey },
    );
    const answeredMs = performance.now() - started;
    // The demo provider confirms asynchronously: the client's return until the order is paid.
    let order = res.body;
    for (let i = 0; confirm !== 'webhook' && i < 50 && order.status === 'pending' && order.extensions.cgg.payment?.status === 'processing'; i++) {
      if (confirm === 'browser') await new Promise((r) => setTimeout(r, BROWSER_STATUS_POLL_MS));
      const back = await storeRequest('checkoutReturn', { order_id: order.order_id, order_key: order.order_key }, opts(base, b));
      b.nonce = back.nonce ?? b.nonce;
      b.cartToken = back.cartToken ?? b.cartToken;
      order = back.body;
    }
    return { ok: true, order, ms: performance.now() - started, answeredMs };
  } catch (err) {
    if (err instanceof ApiError) return { ok: false, code: err.code, status: err.status, ms: performance.now() - started };
    throw err;
  }
}

export interface SaleState {
  total: number;
  /** competitions.tickets_sold */
  sold: number;
  /** Ticket rows issued. */
  issued: number;
  distinctNumbers: number;
  /** Tickets paid for: sum of quantities of completed orders. */
  paidFor: number;
  /** Orders whose ticket count differs from the quantity they paid for. */
  shortOrders: number;
  /** Rows left in the unsold pool, and numbers found both there and sold. */
  unsold: number;
  soldAndUnsold: number;
  violations: string[];
}

/** Every invariant of a sale, read from the database after the dust settles. */
export async function saleState(pool: pg.Pool, competitionId: number, soldBefore = 0): Promise<SaleState> {
  const { rows } = await pool.query<Omit<SaleState, 'violations'>>(
    `SELECT c.total_tickets AS total, c.tickets_sold AS sold,
       (SELECT count(*)::int FROM tickets t WHERE t.competition_id = c.id) AS issued,
       (SELECT count(DISTINCT ticket_number)::int FROM tickets t WHERE t.competition_id = c.id) AS "distinctNumbers",
       (SELECT COALESCE(sum(i.quantity), 0)::int FROM order_items i JOIN orders o ON o.id = i.order_id
         WHERE i.competition_id = c.id AND o.status = 'completed') AS "paidFor",
       (SELECT count(*)::int FROM order_items i
         WHERE i.competition_id = c.id AND i.quantity <> (SELECT count(*) FROM tickets t WHERE t.order_item_id = i.id)) AS "shortOrders",
       (SELECT count(*)::int FROM unsold_tickets u WHERE u.competition_id = c.id) AS unsold,
       (SELECT count(*)::int FROM unsold_tickets u JOIN tickets t USING (competition_id, ticket_number) WHERE u.competition_id = c.id) AS "soldAndUnsold"
     FROM competitions c WHERE c.id = $1`,
    [competitionId],
  );
  const s = rows[0]!;
  const violations: string[] = [];
  if (s.sold > s.total || s.paidFor + soldBefore > s.total) violations.push(`oversold: ${s.paidFor + soldBefore} paid for, ${s.total} exist`);
  if (s.sold !== s.issued + soldBefore) violations.push(`sold counter ${s.sold} but ${s.issued} tickets issued`);
  if (s.distinctNumbers !== s.issued) violations.push(`${s.issued - s.distinctNumbers} ticket numbers held twice`);
  if (s.paidFor !== s.issued) violations.push(`${s.paidFor} tickets paid for but ${s.issued} issued`);
  if (s.shortOrders > 0) violations.push(`${s.shortOrders} orders got fewer tickets than they paid for`);
  if (s.soldAndUnsold > 0 || s.unsold + s.issued !== s.total) violations.push(`unsold pool: ${s.unsold} unsold + ${s.issued} sold of ${s.total}, ${s.soldAndUnsold} both`);
  return { ...s, violations };
}
