import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addToBasket, checkoutOnce, newBuyer } from './race-harness.ts';
import { createCompetition } from './store-fixtures.ts';
import { storeTestApp } from './store-test-kit.ts';

let pool: pg.Pool;
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  const t = await storeTestApp();
  ({ pool, close } = t);
  base = await t.listen();
}, 60_000);
afterAll(() => close());

/** Resolves with the pid of the checkout's backend once its statement matching `like` waits for a lock held by `holder`. */
async function checkoutWaitingIn(like: string, holder: pg.PoolClient): Promise<number> {
  let pid = 0;
  const holderPid = (holder as unknown as { processID: number }).processID;
  await vi.waitFor(async () => {
    const { rows } = await pool.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND state = 'active' AND query LIKE $1
         AND $2 = ANY(pg_blocking_pids(pid))`,
      [like, holderPid],
    );
    expect(rows).toHaveLength(1);
    pid = rows[0]!.pid;
  }, { timeout: 10_000, interval: 20 });
  return pid;
}

/** The items of the order a checkout made, as recorded. */
async function itemsOf(checkout: ReturnType<typeof checkoutOnce>) {
  const out = await checkout;
  if (!out.ok) throw new Error(`checkout failed: ${out.code}`);
  return (await pool.query<{ competition_id: number; title: string; quantity: number; unit_price_pence: number }>(
    'SELECT competition_id, title, quantity, unit_price_pence FROM order_items WHERE order_id = $1 ORDER BY competition_id',
    [out.order.order_id],
  )).rows;
}

describe('a checkout and an edit of its competitions', () => {
  it('waits for an edit in progress, then sells under the terms it committed, holding no competition meanwhile', async () => {
    const first = await createCompetition(pool, { title: 'First on the basket', total: 100 });
    const second = await createCompetition(pool, { title: 'Old title', total: 100 });
    // Added out of id order: the basket's order is not the order locks are taken in.
    const buyer = await newBuyer(pool, base);
    const [later, earlier] = first.id > second.id ? [first, second] : [second, first];
    await addToBasket(base, buyer, later.productId, 2);
    await addToBasket(base, buyer, earlier.productId, 3);

    // Staff edit the lower-numbered competition (the editor's FOR UPDATE), not yet committed.
    const editor = await pool.connect();
    try {
      await editor.query('BEGIN');
      await editor.query('SELECT 1 FROM competitions WHERE id = $1 FOR UPDATE', [earlier.id]);
      const checkout = checkoutOnce(base, buyer);
      // The checkout waits before it reads the basket's terms (its first statement), not when it
      // writes its items with the terms it read before the edit.
      await checkoutWaitingIn('%WITH inserted AS%', editor);
      // Holding no lock on the other competition meanwhile: a refund's release, a draw or another
      // edit (id order, FOR UPDATE) takes it at once instead of deadlocking with the checkout.
      await editor.query('SELECT 1 FROM competitions WHERE id = $1 FOR UPDATE NOWAIT', [later.id]);
      await editor.query("UPDATE competitions SET title = 'New title', price_pence = 200 WHERE id = $1", [earlier.id]);
      await editor.query('COMMIT');

      const items = await itemsOf(checkout);
      expect(items.find((i) => i.competition_id === earlier.id)).toMatchObject({ title: 'New title', unit_price_pence: 200 });
      expect(items.find((i) => i.competition_id === later.id)).toMatchObject({ unit_price_pence: 100 });
    } finally {
      await editor.query('ROLLBACK').catch(() => {});
      editor.release();
    }
  });

  it("takes a line another tab added while it waited for the basket under the same locks, edits in progress included", async () => {
    const first = await createCompetition(pool, { title: 'In the basket', total: 100 });
    const added = await createCompetition(pool, { title: 'Old added title', total: 100 });
    const buyer = await newBuyer(pool, base);
    await addToBasket(base, buyer, first.productId, 1);
    const cartId = (await pool.query<{ id: string }>('SELECT id FROM carts WHERE customer_id = $1', [buyer.customerId])).rows[0]!.id;

    // Another tab's add holds the basket; staff are editing the competition it adds.
    const tab = await pool.connect();
    const editor = await pool.connect();
    try {
      await tab.query('BEGIN');
      await tab.query('SELECT 1 FROM carts WHERE id = $1 FOR UPDATE', [cartId]);
      await editor.query('BEGIN');
      await editor.query('SELECT 1 FROM competitions WHERE id = $1 FOR UPDATE', [added.id]);
      await editor.query("UPDATE competitions SET title = 'New added title' WHERE id = $1", [added.id]);
      const checkout = checkoutOnce(base, buyer);
      await checkoutWaitingIn('%WITH inserted AS%', tab);
      // Its line goes in without its key checks (which would wait for the editor's lock, and the test with it).
      await tab.query('SET LOCAL session_replication_role = replica');
      await tab.query("INSERT INTO cart_items (cart_id, item_key, competition_id, quantity, created_at) VALUES ($1, 'added-by-another-tab', $2, 2, now())", [cartId, added.id]);
      await tab.query('COMMIT');
      // Taken again from the start, the checkout now waits for the edit before reading the added line's terms.
      await checkoutWaitingIn('%WITH inserted AS%', editor);
      await editor.query('COMMIT');

      const items = await itemsOf(checkout);
      expect(items.find((i) => i.competition_id === added.id)).toMatchObject({ title: 'New added title', quantity: 2 });
    } finally {
      await tab.query('ROLLBACK').catch(() => {});
      await editor.query('ROLLBACK').catch(() => {});
      tab.release();
      editor.release();
    }
  });
});
