import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addToBasket, checkoutOnce, newBuyer, saleState, type Buyer } from './race-harness.ts';
import { createCompetition } from './store-fixtures.ts';
import { storeTestApp } from './store-test-kit.ts';
import { guardedAllocator } from './ticket-allocation.ts';
import { unguardedAllocator } from './unguarded-allocator.ts';

/*
 * Truly concurrent checkouts over real HTTP (the app listens on an ephemeral port;
 * each buyer is its own client with its own session, nonce and Cart-Token), then the
 * invariants read from PostgreSQL. The control run uses the same harness against a
 * deliberately unguarded allocator, proving the harness can see the race it guards.
 */

type App = Awaited<ReturnType<typeof storeTestApp>>;

async function buyersWithBaskets(app: App, base: string, n: number, productId: number, quantity: number): Promise<Buyer[]> {
  const buyers = await Promise.all(Array.from({ length: n }, () => newBuyer(app.pool, base)));
  await Promise.all(buyers.map((b) => addToBasket(base, b, productId, quantity)));
  return buyers;
}

describe('race: the guarded allocation', () => {
  let app: App;
  let base: string;
  beforeAll(async () => {
    app = await storeTestApp({ poolSize: 20 });
    base = await app.listen();
  });
  afterAll(() => app.close());

  it('many customers buying the last tickets: never oversold, every number once, sold == issued', async () => {
    const c = await createCompetition(app.pool, { total: 25, maxPerUser: 10 });
    // 40 buyers want 2 each (80) for 25 tickets; baskets do not reserve, so all baskets fill.
    const buyers = await buyersWithBaskets(app, base, 40, c.productId, 2);
    const outcomes = await Promise.all(buyers.map((b) => checkoutOnce(base, b)));
    const state = await saleState(app.pool, c.id);
    expect(state.violations).toEqual([]);
    // Every refusal is the sold-out answer (checked first, so a failure names any other code).
    expect(outcomes.filter((o) => !o.ok && !/woocommerce_rest_product_(partially_)?out_of_stock/.test(o.code))).toEqual([]);
    // 12 orders of 2 fill 24; the 25th ticket cannot go to a basket of 2.
    expect(outcomes.filter((o) => o.ok)).toHaveLength(12);
    expect(state.issued).toBe(24);
  });

  it('the last numbers held by sales that then fail: the buyer waits for them and gets them, not "sold out"', async () => {
    const c = await createCompetition(app.pool, { total: 3, maxPerUser: 10 });
    const [b] = await buyersWithBaskets(app, base, 1, c.productId, 2);
    // Two other sales in flight hold two of the three numbers; both will roll back.
    const holders = await Promise.all([1, 2].map(() => app.pool.connect()));
    try {
      for (const h of holders) {
        await h.query('BEGIN');
        expect(await guardedAllocator.take(h, { competitionId: c.id, count: 1, orderItemId: null, customerId: null, now: new Date() })).toHaveLength(1);
      }
      const checkout = checkoutOnce(base, b!);
      // The checkout's first try is told the numbers are held; its second waits for them.
      await vi.waitFor(async () => {
        const { rows } = await app.pool.query(
          "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'transactionid' AND query LIKE '%FROM unsold_tickets%FOR KEY SHARE'",
        );
        expect(rows).toHaveLength(1);
      }, { timeout: 15_000, interval: 20 });
      for (const h of holders) await h.query('ROLLBACK');
      const outcome = await checkout;
      expect(outcome.ok && outcome.order.status).toBe('completed');
      expect(await saleState(app.pool, c.id)).toMatchObject({ issued: 2, sold: 2, violations: [] });
    } finally {
      for (const h of holders) {
        await h.query('ROLLBACK');
        h.release();
      }
    }
  });

  it('one customer racing checkouts from two tabs cannot pass the per-user cap', async () => {
    const c = await createCompetition(app.pool, { total: 1000, maxPerUser: 5 });
    const buyers = await Promise.all(Array.from({ length: 15 }, () => newBuyer(app.pool, base)));
    // Each tab adds 3 and checks out at once; the two tabs share the customer's basket.
    const tab = async (b: Buyer) => {
      const mine = { ...b };
      await addToBasket(base, mine, c.productId, 3).catch(() => 0);
      return checkoutOnce(base, mine);
    };
    const outcomes = await Promise.all(buyers.flatMap((b) => [tab(b), tab(b)]));
    // Each tab's checkout is an order or a clear refusal, never a 500 (a deadlock that outlived its retries).
    expect(outcomes.filter((o) => !o.ok && o.status >= 500)).toEqual([]);
    const held = await app.pool.query<{ customer_id: number; n: number }>(
      'SELECT customer_id, count(*)::int AS n FROM tickets WHERE competition_id = $1 GROUP BY customer_id',
      [c.id],
    );
    expect(held.rows.length).toBeGreaterThan(0);
    for (const r of held.rows) expect(r.n).toBeLessThanOrEqual(5);
    expect((await saleState(app.pool, c.id)).violations).toEqual([]);
  });

  it('buyers racing for instant-win numbers: each awarded once, to the ticket holder', async () => {
    const c = await createCompetition(app.pool, { total: 10, maxPerUser: 10, instantWinNumbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
    const buyers = await buyersWithBaskets(app, base, 20, c.productId, 1);
    const outcomes = await Promise.all(buyers.map((b) => checkoutOnce(base, b)));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(10);
    const awards = await app.pool.query<{ n: number; distinct_numbers: number; mismatched: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT a.ticket_number)::int AS distinct_numbers,
              count(*) FILTER (WHERE a.customer_id IS DISTINCT FROM t.customer_id)::int AS mismatched
       FROM instant_win_awards a JOIN tickets t ON t.competition_id = a.competition_id AND t.ticket_number = a.ticket_number
       WHERE a.competition_id = $1`,
      [c.id],
    );
    expect(awards.rows[0]).toEqual({ n: 10, distinct_numbers: 10, mismatched: 0 });
    const reported = outcomes.flatMap((o) => (o.ok ? o.order.extensions.cgg.instant_wins.map((w) => w.ticket_number) : []));
    expect(reported.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await saleState(app.pool, c.id)).violations).toEqual([]);
  });

  it('a duplicated Idempotency-Key racing itself makes one order and one charge; every reply is that order', async () => {
    const c = await createCompetition(app.pool, { total: 100 });
    const [b] = await buyersWithBaskets(app, base, 1, c.productId, 4);
    const key = randomUUID();
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => checkoutOnce(base, b!, key)));
    const ids = new Set(outcomes.map((o) => (o.ok ? o.order.order_id : o.code)));
    expect(ids.size).toBe(1);
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const charges = await app.pool.query('SELECT count(*)::int AS n FROM payment_intents p JOIN orders o ON o.id = p.order_id WHERE o.customer_id = $1', [b!.customerId]);
    expect(charges.rows[0].n).toBe(1);
    expect(await saleState(app.pool, c.id)).toMatchObject({ issued: 4, sold: 4, violations: [] });
  });
});

describe('race: CONTROL run with the guard bypassed', () => {
  let app: App;
  let base: string;
  beforeAll(async () => {
    app = await storeTestApp({ poolSize: 20, allocator: unguardedAllocator });
    base = await app.listen();
  });
  afterAll(() => app.close());

  it('the same harness catches the oversell the guard exists to prevent', async () => {
    const c = await createCompetition(app.pool, { total: 25, maxPerUser: 10 });
    const buyers = await buyersWithBaskets(app, base, 40, c.productId, 2);
    await Promise.all(buyers.map((b) => checkoutOnce(base, b)));
    const state = await saleState(app.pool, c.id);
    if (process.env.RACE_VERBOSE) console.info("control run violations:", state.violations);
    // Lost updates on the counter: more tickets paid for than exist, orders short of tickets.
    expect(state.violations.length).toBeGreaterThan(0);
    expect(state.violations.some((v) => v.startsWith('oversold'))).toBe(true);
  });
});
