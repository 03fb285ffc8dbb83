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

/** Resolves with the pid of the checkout's backend once its statement matching `like` waits for a lock. */
async function checkoutWaitingIn(like: string): Promise<number> {
  let pid = 0;
  await vi.waitFor(async () => {
    const { rows } = await pool.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND state = 'active' AND query LIKE $1",
      [like],
    );
    expect(rows).toHaveLength(1);
    pid = rows[0]!.pid;
  }, { timeout: 10_000, interval: 20 });
  return pid;
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
      await checkoutWaitingIn('%WITH inserted AS%');
      // Holding no lock on the other competition meanwhile: a refund's release, a draw or another
      // edit (id order, FOR UPDATE) takes it at once instead of deadlocking with the checkout.
      await editor.query('SELECT 1 FROM competitions WHERE id = $1 FOR UPDATE NOWAIT', [later.id]);
      await editor.query("UPDATE competitions SET title = 'New title', price_pence = 200 WHERE id = $1", [earlier.id]);
      await editor.query('COMMIT');

      const out = await checkout;
      if (!out.ok) throw new Error(`checkout failed: ${out.code}`);
      const items = (await pool.query<{ competition_id: number; title: string; unit_price_pence: number }>(
        'SELECT competition_id, title, unit_price_pence FROM order_items WHERE order_id = $1 ORDER BY competition_id',
        [out.order.order_id],
      )).rows;
      expect(items.find((i) => i.competition_id === earlier.id)).toMatchObject({ title: 'New title', unit_price_pence: 200 });
      expect(items.find((i) => i.competition_id === later.id)).toMatchObject({ unit_price_pence: 100 });
    } finally {
      await editor.query('ROLLBACK').catch(() => {});
      editor.release();
    }
  });
});
