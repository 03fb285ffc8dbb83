import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareDatabase } from '../db/prepare.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { createCompetition } from './store-fixtures.ts';
import { guardedAllocator, NumbersHeld, SaleRefused, type TakeRequest } from './ticket-allocation.ts';

/*
 * The allocator on its own, against real PostgreSQL: numbers drawn uniformly from the
 * unsold ones (dense guessing and sparse listing alike), the unsold pool kept exact by
 * the triggers, and buyers taking numbers side by side without waiting for each other.
 */

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await prepareDatabase(db.pool, { demoData: true });
});
afterAll(() => db.drop());

/** Sells `numbers` of competition `id` outright (free postal-style tickets, no order). */
async function sell(id: number, numbers: number[]): Promise<void> {
  await db.pool.query(
    `INSERT INTO tickets (competition_id, ticket_number, order_item_id, customer_id, created_at) SELECT $1, n, NULL, NULL, now() FROM unnest($2::int[]) n`,
    [id, numbers],
  );
  await db.pool.query('UPDATE competitions SET tickets_sold = tickets_sold + $2 WHERE id = $1', [id, numbers.length]);
}

const request = (competitionId: number, count: number, hint: { total: number; sold: number }): TakeRequest => ({
  competitionId, count, orderItemId: null, customerId: null, now: new Date(), hint,
});

/** Runs `work` in a transaction that is always rolled back (each draw starts from the same state). */
async function rolledBack<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.pool.connect();
  try {
    await client.query('BEGIN');
    return await work(client);
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

/** Runs `work` with two buyers' connections, each in a transaction, both rolled back after. */
async function twoBuyers(work: (first: pg.PoolClient, second: pg.PoolClient) => Promise<void>): Promise<void> {
  const first = await db.pool.connect();
  const second = await db.pool.connect();
  try {
    await first.query('BEGIN');
    await second.query('BEGIN');
    await work(first, second);
  } finally {
    await first.query('ROLLBACK');
    await second.query('ROLLBACK');
    first.release();
    second.release();
  }
}

/** Resolves once the connection's statement is waiting for a lock of that kind (pg_stat_activity). */
async function waitingOn(client: pg.PoolClient, type: string, event: string): Promise<void> {
  const pid = (client as unknown as { processID: number }).processID;
  await vi.waitFor(async () => {
    const { rows } = await db.pool.query('SELECT wait_event_type, wait_event FROM pg_stat_activity WHERE pid = $1', [pid]);
    expect(rows[0]).toEqual({ wait_event_type: type, wait_event: event });
  }, { timeout: 10_000, interval: 20 });
}

/** Pearson's chi-square of counts against a uniform expectation. */
const chiSquare = (counts: number[], draws: number): number => {
  const expected = draws / counts.length;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
};

async function drawMany(id: number, free: number[], hint: { total: number; sold: number }, draws: number): Promise<number[]> {
  const counts = new Map(free.map((n) => [n, 0]));
  for (let i = 0; i < draws; i++) {
    const got = await rolledBack((client) => guardedAllocator.take(client, request(id, 1, hint)));
    expect(got).toHaveLength(1);
    const n = got![0]!;
    expect(counts.has(n), `drew ${n}, which is sold`).toBe(true);
    counts.set(n, counts.get(n)! + 1);
  }
  return [...counts.values()];
}

/** A fresh competition of `total` numbers with every one sold but `free`: its id. */
async function competitionWithFree(total: number, free: number[]): Promise<number> {
  const c = await createCompetition(db.pool, { total });
  await sell(c.id, Array.from({ length: total }, (_, i) => i + 1).filter((n) => !free.includes(n)));
  return c.id;
}

describe('ticket allocation', () => {
  it('draws uniformly from the unsold numbers while most are free (random guesses)', async () => {
    const c = await createCompetition(db.pool, { total: 40 });
    const sold = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    await sell(c.id, sold);
    const free = Array.from({ length: 40 }, (_, i) => i + 1).filter((n) => !sold.includes(n));
    const counts = await drawMany(c.id, free, { total: 40, sold: sold.length }, 1400);
    // 27 degrees of freedom: 63.4 is the 0.01% critical value (a fair draw fails 1 run in 10,000).
    expect(chiSquare(counts, 1400)).toBeLessThan(63.4);
  });

  it('draws uniformly from the unsold numbers of a nearly sold-out competition (listing them)', async () => {
    const free = [4, 18, 33, 47, 59];
    const counts = await drawMany(await competitionWithFree(60, free), free, { total: 60, sold: 55 }, 500);
    // 4 degrees of freedom: 23.51 is the 0.01% critical value.
    expect(chiSquare(counts, 500)).toBeLessThan(23.51);
  });

  it('draws uniformly when more numbers are free than one slice offers (listed, offered a slice at a time)', async () => {
    const free = Array.from({ length: 50 }, (_, i) => 10 * i + 3);
    // One number per draw: a slice offers 34 of the 50, so which 34 must be uniform too.
    const counts = await drawMany(await competitionWithFree(500, free), free, { total: 500, sold: 450 }, 1000);
    // 49 degrees of freedom: 94.6 is the 0.01% critical value.
    expect(chiSquare(counts, 1000)).toBeLessThan(94.6);
  });

  it('goes on to the next slice when most of one is being taken by others, and says no only when every free number is', async () => {
    const free = Array.from({ length: 200 }, (_, i) => 5 * i + 1);
    const id = await competitionWithFree(1000, free);
    const hint = { total: 1000, sold: 800 };
    await twoBuyers(async (other, buyer) => {
      // Another buyer is taking 150 of the 200: a first slice (112 numbers) holds ~28 of the 50 left.
      const held = await guardedAllocator.take(other, request(id, 150, hint));
      expect(held).toHaveLength(150);
      const got = await guardedAllocator.take(buyer, request(id, 40, hint));
      expect(got).toHaveLength(40);
      expect(new Set(got).size).toBe(40);
      expect(got!.filter((n) => held!.includes(n) || !free.includes(n))).toEqual([]);
      // 10 are left that nobody is taking: 11 is "not now, others hold them" (what it took is rolled
      // back, as its caller does), 10 a yes.
      await buyer.query('SAVEPOINT eleven');
      await expect(guardedAllocator.take(buyer, request(id, 11, { total: 1000, sold: 840 }))).rejects.toThrow(NumbersHeld);
      await buyer.query('ROLLBACK TO SAVEPOINT eleven');
      expect(await guardedAllocator.take(buyer, request(id, 10, { total: 1000, sold: 840 }))).toHaveLength(10);
    });
  });

  it('keeps the unsold pool exact: every number is either sold or unsold, never both', async () => {
    const c = await createCompetition(db.pool, { total: 300 });
    for (let i = 0; i < 12; i++) {
      const client = await db.pool.connect();
      try {
        await client.query('BEGIN');
        expect(await guardedAllocator.take(client, request(c.id, 25, { total: 300, sold: i * 25 }))).toHaveLength(25);
        expect(await guardedAllocator.record(client, { competitionId: c.id, count: 25, now: new Date() })).toMatchObject({ soldAfter: (i + 1) * 25, total: 300 });
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    }
    const { rows } = await db.pool.query(
      `SELECT (SELECT count(*)::int FROM tickets WHERE competition_id = $1) AS sold,
              (SELECT count(*)::int FROM unsold_tickets WHERE competition_id = $1) AS unsold,
              (SELECT count(*)::int FROM unsold_tickets u JOIN tickets t USING (competition_id, ticket_number) WHERE u.competition_id = $1) AS both`,
      [c.id],
    );
    expect(rows[0]).toEqual({ sold: 300, unsold: 0, both: 0 });
    expect(await rolledBack((client) => guardedAllocator.take(client, request(c.id, 1, { total: 300, sold: 300 })))).toBeNull();
    // A number returned (its order deleted) is for sale again.
    await db.pool.query('DELETE FROM tickets WHERE competition_id = $1 AND ticket_number = 150', [c.id]);
    expect((await db.pool.query('SELECT ticket_number FROM unsold_tickets WHERE competition_id = $1', [c.id])).rows).toEqual([{ ticket_number: 150 }]);
  });

  it('a buyer takes the numbers another is taking right now without waiting, and is told they are held when only those are left', async () => {
    const c = await createCompetition(db.pool, { total: 10 });
    const hint = { total: 10, sold: 0 };
    await twoBuyers(async (first, second) => {
      const held = await guardedAllocator.take(first, request(c.id, 6, hint));
      expect(held).toHaveLength(6);
      // The other 4 come at once: the first buyer's numbers are skipped, not waited for.
      const rest = await guardedAllocator.take(second, request(c.id, 4, hint));
      expect(rest!.filter((n) => held!.includes(n))).toEqual([]);
      // A fifth exists only if the first buyer's sale rolls back: no waiting, no deadlock, an answer now.
      await expect(guardedAllocator.take(second, request(c.id, 1, { total: 10, sold: 4 }))).rejects.toThrow(NumbersHeld);
      await first.query('ROLLBACK');
      expect(held).toContain((await guardedAllocator.take(second, request(c.id, 1, { total: 10, sold: 4 })))![0]);
    });
  });

  it('the last numbers split between buyers: the retry waits its turn and for the holders, and gets what they let go', async () => {
    const c = await createCompetition(db.pool, { total: 3 });
    const hint = { total: 3, sold: 0 };
    const [h1, h2, buyer, next] = await Promise.all([1, 2, 3, 4].map(() => db.pool.connect()));
    const all = [h1!, h2!, buyer!, next!];
    try {
      for (const client of all) await client.query('BEGIN');
      // Two first tries hold one number each (they will be refused elsewhere and roll back).
      const held = [...(await guardedAllocator.take(h1!, request(c.id, 1, hint)))!, ...(await guardedAllocator.take(h2!, request(c.id, 1, hint)))!];
      // A buyer of two gets the third at once, and is told the rest is held (it rolls back, as checkout does).
      await expect(guardedAllocator.take(buyer!, request(c.id, 2, hint))).rejects.toThrow(NumbersHeld);
      await buyer!.query('ROLLBACK; BEGIN');
      // Its retry takes the free one and waits for the holders; another retry waits its turn behind it.
      const retry = guardedAllocator.take(buyer!, { ...request(c.id, 2, hint), waitForHeld: true });
      await waitingOn(buyer!, 'Lock', 'transactionid');
      const later = guardedAllocator.take(next!, { ...request(c.id, 2, hint), waitForHeld: true });
      await waitingOn(next!, 'Lock', 'advisory');
      await h1!.query('ROLLBACK');
      await h2!.query('COMMIT');
      // One holder let go, the other sold: the buyer has the free number and the one let go.
      const got = (await retry)!;
      expect(got).toHaveLength(2);
      expect(got).not.toContain(held[1]);
      expect(got).toContain(held[0]);
      await guardedAllocator.record(buyer!, { competitionId: c.id, count: 2, now: new Date() });
      await buyer!.query('COMMIT');
      // Every number is sold now: the retry behind it is told no.
      expect(await later).toBeNull();
    } finally {
      for (const client of all) {
        await client.query('ROLLBACK');
        client.release();
      }
    }
  });

  it('counts the last sale with its COMMIT in one round trip, and commits nothing when the sale is refused', async () => {
    const c = await createCompetition(db.pool, { total: 10 });
    const sold = async () => (await db.pool.query<{ sold: number; tickets: number }>(
      'SELECT tickets_sold AS sold, (SELECT count(*)::int FROM tickets WHERE competition_id = $1) AS tickets FROM competitions WHERE id = $1',
      [c.id],
    )).rows[0];
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      expect(await guardedAllocator.take(client, request(c.id, 4, { total: 10, sold: 0 }))).toHaveLength(4);
      expect(await guardedAllocator.recordAndCommit(client, { competitionId: c.id, count: 4, now: new Date() })).toEqual({ soldAfter: 4, total: 10, rewardDue: false });
      // Committed: another connection sees the tickets and the counter, and no transaction is left open.
      expect(await sold()).toEqual({ sold: 4, tickets: 4 });
      expect((await client.query<{ open: boolean }>('SELECT now() <> statement_timestamp() AS open')).rows[0]!.open).toBe(false);

      // Closed meanwhile (a draw): the sale is refused, the transaction aborted, nothing of it committed.
      await client.query('BEGIN');
      expect(await guardedAllocator.take(client, request(c.id, 2, { total: 10, sold: 4 }))).toHaveLength(2);
      await db.pool.query(`UPDATE competitions SET status = 'closed' WHERE id = $1`, [c.id]);
      await expect(guardedAllocator.recordAndCommit(client, { competitionId: c.id, count: 2, now: new Date() })).rejects.toBeInstanceOf(SaleRefused);
      await client.query('ROLLBACK');
      expect(await sold()).toEqual({ sold: 4, tickets: 4 });
    } finally {
      client.release();
    }
  });
});
