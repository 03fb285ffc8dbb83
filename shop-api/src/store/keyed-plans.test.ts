import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billing, cardPayment, createCompetition, createCustomer } from './store-fixtures.ts';
import { payCheckout, storeInject, storeTestApp, type StoreClientState } from './store-test-kit.ts';

/*
 * The checkout and the basket add plan their statements once per connection (generic plans,
 * keyed-plans.ts), and keep the plan for the connection's life. A plan made while cart_items was
 * nearly empty (before a launch) scanned the whole table; at a launch, baskets fill while others
 * buy, so every checkout or add read every basket line in the shop.
 */

let app: FastifyInstance;
let pool: pg.Pool;
let appPool: pg.Pool;
let close: () => Promise<void>;

beforeAll(async () => {
  // One connection: every checkout below is planned on it, and the counters read are its own.
  ({ app, pool, appPool, close } = await storeTestApp({ poolSize: 1 }));
});
afterAll(() => close());

/** Sequential scans of cart_items so far, this backend's own included (flushed first). */
async function cartItemScans(): Promise<number> {
  await appPool.query('SELECT pg_stat_force_next_flush()');
  const { rows } = await appPool.query<{ n: string }>(`SELECT seq_scan AS n FROM pg_stat_user_tables WHERE relname = 'cart_items'`);
  return Number(rows[0]!.n);
}

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
  // Everything that touches cart_items goes through the app's one connection, whose counters are flushed before reading.
  await appPool.query('DELETE FROM cart_items');
  await appPool.query('VACUUM ANALYZE cart_items');
}

/** The launch: 3,000 baskets fill. */
async function fillBaskets(competitionId: number) {
  await appPool.query(
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
  };
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
