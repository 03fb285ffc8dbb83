import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billing, cardPayment, createCompetition, createCustomer } from './store-fixtures.ts';
import { payCheckout, storeInject, storeTestApp, type StoreClientState } from './store-test-kit.ts';

/*
 * A request's keyed work (basket, checkout, payment, order answer, session lookup) plans its
 * statements once per connection (generic plans, db/keyed-plans.ts), and keeps the plan until the
 * tables' statistics change. A plan made while a table was nearly empty (before a launch) scanned
 * it whole; at a launch, tables fill faster than autoanalyze notices, so every request read the
 * whole table: every basket line at each checkout or add, every ticket and order line at each
 * payment.
 */

let app: FastifyInstance;
let pool: pg.Pool;
let appPool: pg.Pool;
let keyedPool: pg.Pool;
let close: () => Promise<void>;
let settled: () => Promise<void>;

beforeAll(async () => {
  // One connection a pool: every request below is planned on them, and the counters read are theirs.
  ({ app, pool, appPool, keyedPool, close, settled } = await storeTestApp({ poolSize: 1 }));
});
afterAll(() => close());

/**
 * Sequential scans so far of each table, every connection's included: the background work of the
 * steps before finished first, and each connection's counts flushed (a backend reports its own
 * lazily, so a scan made before the first count could otherwise land in the second).
 */
async function seqScans(): Promise<Map<string, number>> {
  await settled();
  for (const own of [appPool, keyedPool]) await own.query('SELECT pg_stat_force_next_flush()');
  // The test's own pool (the fills and emptyings): every connection of it at once, each flushed.
  const mine = await Promise.all(Array.from({ length: 5 }, () => pool.connect()));
  try {
    for (const c of mine) await c.query('SELECT pg_stat_force_next_flush()');
  } finally {
    for (const c of mine) c.release();
  }
  const { rows } = await pool.query<{ relname: string; n: string }>('SELECT relname, seq_scan AS n FROM pg_stat_user_tables');
  return new Map(rows.map((r) => [r.relname, Number(r.n)]));
}

/** The tables among `tables` read whole between two counts, with how often. */
function scannedBetween(before: Map<string, number>, after: Map<string, number>, tables: string[]): Record<string, number> {
  return Object.fromEntries(tables.map((t) => [t, after.get(t)! - before.get(t)!]).filter(([, n]) => n !== 0));
}

const cartItemScans = async () => (await seqScans()).get('cart_items')!;

/** A customer who has read their basket (so they hold a nonce). */
async function shopper(): Promise<StoreClientState> {
  const who = await createCustomer(pool);
  const state: StoreClientState = { bearer: who.token };
  await storeInject(app, state, 'GET', '/cart');
  return state;
}

async function addTwo(state: StoreClientState, competitionProductId: number) {
  expect((await storeInject(app, state, 'POST', '/cart/add-item', { id: competitionProductId, quantity: 2 })).status).toBe(200);
}

/** Before the launch: no basket has lines, and the statistics say so. */
async function emptyBaskets() {
  await pool.query('DELETE FROM cart_items');
  await pool.query('VACUUM ANALYZE cart_items');
}

/** The launch: 3,000 baskets fill. */
async function fillBaskets(competitionId: number) {
  await pool.query(
    `WITH baskets AS (INSERT INTO carts (id, created_at, updated_at) SELECT gen_random_uuid(), now(), now() FROM generate_series(1, 3000) RETURNING id)
     INSERT INTO cart_items (cart_id, item_key, competition_id, quantity, created_at) SELECT id, 'k', $1, 1, now() FROM baskets`,
    [competitionId],
  );
}

async function buyTwo(competitionProductId: number) {
  const state = await shopper();
  await addTwo(state, competitionProductId);
  return async () => {
    const res = await payCheckout(app, state, { billing_address: billing, payment_method: 'cgg-card', payment_data: cardPayment() }, { 'idempotency-key': randomUUID() });
    expect(res.body).toMatchObject({ status: 'completed' });
    return state;
  };
}

/** The launch: 2,000 orders of 20 tickets each are paid. */
async function fillOrders(competitionId: number, customerId: number) {
  await pool.query(
    `WITH o AS (INSERT INTO orders (customer_id, status, created_at, subtotal_pence, total_pence) SELECT $2, 'completed', now(), 0, 0 FROM generate_series(1, 2000) RETURNING id),
     i AS (INSERT INTO order_items (order_id, competition_id, title, quantity, unit_price_pence, line_total_pence) SELECT id, $1, 'fill', 20, 0, 0 FROM o RETURNING id)
     INSERT INTO tickets (competition_id, ticket_number, order_item_id, customer_id, created_at)
     SELECT $1, row_number() OVER (), i.id, $2, now() FROM i CROSS JOIN generate_series(1, 20)`,
    [competitionId, customerId],
  );
}

describe('checkout plans', () => {
  it('finds the basket by index even when its plan was made while cart_items was empty', async () => {
    const c = await createCompetition(pool, { total: 10_000, maxPerUser: 10_000 });
    await emptyBaskets();
    await (await buyTwo(c.productId))();
    await fillBaskets(c.id);
    const checkout = await buyTwo(c.productId);

    const before = await cartItemScans();
    await checkout();
    expect(await cartItemScans()).toBe(before);
  }, 60_000);
});

describe('add-to-basket plans', () => {
  it('finds the basket line by index even when its plan was made while cart_items was empty', async () => {
    const c = await createCompetition(pool, { total: 10_000, maxPerUser: 10_000 });
    await emptyBaskets();
    await addTwo(await shopper(), c.productId);
    await fillBaskets(c.id);
    const state = await shopper();

    const before = await cartItemScans();
    await addTwo(state, c.productId);
    expect(await cartItemScans()).toBe(before);
  }, 60_000);
});

describe('payment plans', () => {
  it('reads tickets, order lines and orders by index even when their plans were made while they were few', async () => {
    const c = await createCompetition(pool, { total: 10_000, maxPerUser: 10_000 });
    const filled = await createCompetition(pool, { total: 40_000, maxPerUser: 40_000 });
    const holder = await createCustomer(pool);
    // Before the launch: the statistics as the tables are now, so the next requests plan afresh.
    await pool.query('ANALYZE');
    const first = await (await buyTwo(c.productId))();
    await storeInject(app, first, 'GET', '/cart');
    await fillOrders(filled.id, holder.id);
    const checkout = await buyTwo(c.productId);

    const before = await seqScans();
    // The checkout, its payment (the client's return and the provider's webhook), the harm markers
    // that follow a paid order, the basket read.
    const state = await checkout();
    await storeInject(app, state, 'GET', '/cart');
    await settled();
    const after = await seqScans();
    expect(scannedBetween(before, after, ['tickets', 'order_items', 'orders', 'instant_win_tickets', 'payment_intents', 'customer_sessions', 'carts', 'cart_items'])).toEqual({});
  }, 60_000);
});
