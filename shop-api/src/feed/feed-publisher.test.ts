import { randomUUID } from 'node:crypto';
import { fallbackLogger } from '../lib/logger.ts';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { billing, cardPayment, createCompetition, createCustomer } from '../store/store-fixtures.ts';
import { payCheckout, storeInject, storeTestApp, type StoreClientState } from '../store/store-test-kit.ts';
import { guardedAllocator, type TicketAllocator } from '../store/ticket-allocation.ts';
import { FeedPublisher, type FeedWriter } from './feed-publisher.ts';
import { feedKey, feedWinnerName, type FeedRecord } from './feed-record.ts';
import { eventually } from '../test/eventually.ts';

/** A checkout may be told to fail at this competition's allocation: after earlier competitions' wins were written. */
let failAllocationOf: number | null = null;
const allocator: TicketAllocator = { ...guardedAllocator, take: (client, req) => (req.competitionId === failAllocationOf ? Promise.resolve(null) : guardedAllocator.take(client, req)) };

let app: FastifyInstance;
let pool: pg.Pool;
let url: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, pool, url, close } = await storeTestApp({ allocator }));
});
afterAll(() => close());

/** A customer whose surname and email are distinctive enough to find anywhere they leak. */
async function distinctiveCustomer() {
  const who = await createCustomer(pool, { first: 'Zebedee Arthur', last: 'Quillfeather-Smythe' });
  const email = `zebedee.quillfeather.${randomUUID().slice(0, 8)}@example-private.test`;
  await pool.query('UPDATE customers SET email = $2 WHERE id = $1', [who.id, email]);
  return { ...who, email };
}

async function buy(who: { token: string }, lines: Array<{ productId: number; quantity: number }>) {
  const state: StoreClientState = { bearer: who.token };
  await storeInject(app, state, 'GET', '/cart');
  for (const l of lines) expect((await storeInject(app, state, 'POST', '/cart/add-item', { id: l.productId, quantity: l.quantity })).status).toBe(200);
  return payCheckout(app, state, { billing_address: billing, payment_method: 'cgg-card', payment_data: cardPayment() }, { 'idempotency-key': randomUUID() });
}

const outboxOf = async (competitionId: number) =>
  (await pool.query('SELECT * FROM instant_win_feed_outbox WHERE competition_id = $1 ORDER BY id', [competitionId])).rows;

/** Records what was written; fails while `down` is true. */
function fakeFeed() {
  const written: Array<{ key: string; record: FeedRecord }> = [];
  const feed = {
    down: false,
    written,
    writer: {
      write: async (key: string, record: FeedRecord) => {
        if (feed.down) throw new Error('feed unreachable');
        written.push({ key, record });
      },
      close: async () => {},
    } satisfies FeedWriter,
  };
  return feed;
}

describe('instant-win feed outbox', () => {
  it('is written by the checkout transaction with only the public name, and published after commit', async () => {
    const c = await createCompetition(pool, { title: 'Feed Test Bike', total: 3, instantWinNumbers: [1, 2, 3] });
    const who = await distinctiveCustomer();
    const res = await buy(who, [{ productId: c.productId, quantity: 3 }]);
    expect(res.status).toBe(200);
    expect(res.body.extensions.cgg.instant_wins).toHaveLength(3);

    const rows = await outboxOf(c.id);
    expect(rows).toHaveLength(3);
    const awards = (await pool.query('SELECT id FROM instant_win_awards WHERE competition_id = $1 ORDER BY id', [c.id])).rows.map((r) => r.id);
    expect(rows.map((r) => r.award_id)).toEqual(awards);
    expect(rows[0]).toMatchObject({ title: 'Feed Test Bike', image: '/wp-content/uploads/competitions/test.svg', user_name: 'Zebedee Q.', published_at: null });

    const feed = fakeFeed();
    const publisher = new FeedPublisher({ pool, writer: feed.writer, log: () => {} });
    await publisher.publishDue();
    const mine = feed.written.filter((w) => w.record.main_id === c.id);
    expect(mine).toHaveLength(3);
    expect(mine[0]!.key).toBe(feedKey(rows[0]!.id));
    expect(mine[0]!.record).toEqual({ main_id: c.id, title: 'Feed Test Bike', image: '/wp-content/uploads/competitions/test.svg', prize: expect.stringMatching(/^£50 Cash #\d$/), user: 'Zebedee Q.', won_at: expect.any(Number) });
    expect(Object.keys(mine[0]!.record).sort()).toEqual(['image', 'main_id', 'prize', 'title', 'user', 'won_at']);
    // Privacy: the world-readable records carry neither the surname, the middle name nor the email.
    const published = JSON.stringify(mine).toLowerCase();
    for (const secret of ['quillfeather', 'smythe', 'arthur', who.email.toLowerCase(), 'example-private', '@']) expect(published).not.toContain(secret);
    expect((await outboxOf(c.id)).every((r) => r.published_at !== null)).toBe(true);

    // Published rows are done: another pass writes nothing again.
    await publisher.publishDue();
    expect(feed.written.filter((w) => w.record.main_id === c.id)).toHaveLength(3);
  });

  it('leaves no outbox row when the checkout fails after the win was awarded', async () => {
    const winning = await createCompetition(pool, { total: 2, instantWinNumbers: [1, 2] });
    const other = await createCompetition(pool, { total: 50 });
    const who = await distinctiveCustomer();
    // Competitions are sold in id order: the win is awarded first, then the second sale fails.
    failAllocationOf = other.id;
    try {
      const res = await buy(who, [{ productId: winning.productId, quantity: 2 }, { productId: other.productId, quantity: 1 }]);
      expect(res.status).toBeGreaterThanOrEqual(400);
    } finally {
      failAllocationOf = null;
    }
    expect(await outboxOf(winning.id)).toEqual([]);
    expect((await pool.query('SELECT count(*)::int AS n FROM instant_win_awards WHERE competition_id = $1', [winning.id])).rows[0].n).toBe(0);
  });

  it('logs and retries with backoff while the feed is down, then publishes once', async () => {
    const c = await createCompetition(pool, { total: 1, instantWinNumbers: [1] });
    expect((await buy(await distinctiveCustomer(), [{ productId: c.productId, quantity: 1 }])).status).toBe(200);

    const feed = fakeFeed();
    feed.down = true;
    const logs: string[] = [];
    const backoffs: number[] = [];
    let backoff = 3_600_000;
    const publisher = new FeedPublisher({ pool, writer: feed.writer, log: (m) => logs.push(m), backoffMs: (n) => (backoffs.push(n), backoff) });

    const first = await publisher.publishDue();
    expect(first.failed).toBeGreaterThanOrEqual(1);
    let [row] = await outboxOf(c.id);
    expect(row).toMatchObject({ attempts: 1, last_error: 'feed unreachable', published_at: null });
    expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
    expect(logs.some((l) => l.includes(`outbox row ${row.id} failed (attempt 1`))).toBe(true);

    // Not due yet: nothing is tried.
    await publisher.publishDue();
    expect((await outboxOf(c.id))[0].attempts).toBe(1);

    // Due again, still down: second attempt, longer wait asked for.
    await pool.query('UPDATE instant_win_feed_outbox SET next_attempt_at = now() WHERE id = $1', [row.id]);
    await publisher.publishDue();
    expect((await outboxOf(c.id))[0].attempts).toBe(2);
    expect(backoffs.slice(-2)).toEqual([1, 2]);

    // The feed is back.
    feed.down = false;
    backoff = 0;
    await pool.query('UPDATE instant_win_feed_outbox SET next_attempt_at = now() WHERE id = $1', [row.id]);
    await publisher.publishDue();
    [row] = await outboxOf(c.id);
    expect(row.published_at).not.toBeNull();
    expect(row.last_error).toBeNull();
    expect(feed.written.filter((w) => w.record.main_id === c.id)).toHaveLength(1);
  });

  it('two publishers (two API instances) publish each win exactly once', async () => {
    const c = await createCompetition(pool, { total: 40, instantWinNumbers: Array.from({ length: 40 }, (_, i) => i + 1) });
    expect((await buy(await distinctiveCustomer(), [{ productId: c.productId, quantity: 40 }])).status).toBe(200);
    const a = fakeFeed();
    const b = fakeFeed();
    const pa = new FeedPublisher({ pool, writer: a.writer, batchSize: 5, log: () => {} });
    const pb = new FeedPublisher({ pool, writer: b.writer, batchSize: 5, log: () => {} });
    for (let i = 0; i < 10; i++) await Promise.all([pa.publishDue(), pb.publishDue()]);
    const keys = [...a.written, ...b.written].filter((w) => w.record.main_id === c.id).map((w) => w.key);
    expect(keys).toHaveLength(40);
    expect(new Set(keys).size).toBe(40);
  });

  it('two instances relay one at a time, so the feed keeps the order of the wins', async () => {
    const c = await createCompetition(pool, { total: 30, instantWinNumbers: Array.from({ length: 30 }, (_, i) => i + 1) });
    expect((await buy(await distinctiveCustomer(), [{ productId: c.productId, quantity: 30 }])).status).toBe(200);
    const ids = (await outboxOf(c.id)).map((r) => feedKey(Number(r.id)));
    // One feed both write to, in arrival order; instance A's writes take a database round trip
    // longer, so two relays at once (each with its own small batch) would land out of order.
    // "At once" is a write by one instance while the other's is in flight (both relaying in the
    // same round, one after the other, is allowed: a slow machine may start B after A is done).
    const arrived: string[] = [];
    let inFlight = 0;
    let overlapping = 0;
    const writer = (slow: boolean): FeedWriter => ({
      write: async (key, record) => {
        if (++inFlight > 1) overlapping++;
        try {
          if (slow) await pool.query('SELECT pg_sleep(0.005)');
          if (record.main_id === c.id) arrived.push(key);
        } finally {
          inFlight--;
        }
      },
      close: async () => {},
    });
    const pa = new FeedPublisher({ pool, writer: writer(true), batchSize: 2, log: () => {} });
    const pb = new FeedPublisher({ pool, writer: writer(false), batchSize: 2, log: () => {} });
    while (arrived.length < ids.length) await Promise.all([pa.publishDue(), pb.publishDue()]);
    expect(arrived).toEqual(ids);
    expect(overlapping).toBe(0);
  });

  it('wakes on the commit (LISTEN/NOTIFY) without waiting for its poll', async () => {
    const c = await createCompetition(pool, { total: 1, instantWinNumbers: [1] });
    let resolveWritten!: (r: FeedRecord) => void;
    const written = new Promise<FeedRecord>((resolve) => (resolveWritten = resolve));
    const writer: FeedWriter = {
      write: async (_key, record) => {
        if (record.main_id === c.id) resolveWritten(record);
      },
      close: async () => {},
    };
    // A poll far beyond the test's timeout: only the notification can deliver in time.
    const publisher = new FeedPublisher({ pool, writer, listen: { connectionString: url }, pollMs: 3_600_000, log: () => {} });
    await publisher.start();
    try {
      expect((await buy(await distinctiveCustomer(), [{ productId: c.productId, quantity: 1 }])).status).toBe(200);
      expect((await written).main_id).toBe(c.id);
    } finally {
      await publisher.stop();
    }
  });

  it('listens again after its LISTEN connection is killed, logging it, without an unhandled error', async () => {
    const name = `feed-listen-${randomUUID().slice(0, 8)}`;
    const listeners = async () =>
      (await pool.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND query LIKE 'LISTEN%'", [name])).rows.map((r) => r.pid);
    const logs: string[] = [];
    const logged = vi.spyOn(fallbackLogger(), 'error').mockImplementation(() => {});
    const publisher = new FeedPublisher({ pool, writer: fakeFeed().writer, listen: { connectionString: url, application_name: name }, pollMs: 200, log: (m) => logs.push(m) });
    await publisher.start();
    try {
      const [before] = await listeners();
      expect(before).toBeDefined();
      await pool.query('SELECT pg_terminate_backend($1)', [before]);
      await eventually(() => expect(logs).toContain('LISTEN connection lost; polling until it is back'));
      expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^\[shop-api instant-win feed listener\] lost a database connection \(57P01\)/));
      await eventually(async () => {
        const now = await listeners();
        expect(now).toHaveLength(1);
        expect(now).not.toContain(before);
      });
    } finally {
      await publisher.stop();
      logged.mockRestore();
    }
  });

  it('gives up on wins too old to announce, and says so', async () => {
    const c = await createCompetition(pool, { total: 1, instantWinNumbers: [1] });
    expect((await buy(await distinctiveCustomer(), [{ productId: c.productId, quantity: 1 }])).status).toBe(200);
    await pool.query(`UPDATE instant_win_feed_outbox SET created_at = now() - interval '2 hours' WHERE competition_id = $1`, [c.id]);
    const feed = fakeFeed();
    const logs: string[] = [];
    await new FeedPublisher({ pool, writer: feed.writer, log: (m) => logs.push(m) }).publishDue();
    expect(feed.written.filter((w) => w.record.main_id === c.id)).toEqual([]);
    expect((await outboxOf(c.id))[0].gave_up_at).not.toBeNull();
    expect(logs.some((l) => l.startsWith('gave up on'))).toBe(true);
  });
});

describe('feedWinnerName', () => {
  it('publishes the first word of the first name and the last initial only', () => {
    expect(feedWinnerName('Zebedee Arthur', 'Quillfeather-Smythe')).toBe('Zebedee Q.');
    expect(feedWinnerName('  jamie ', 'taylor')).toBe('jamie T.');
    expect(feedWinnerName('Amy', '')).toBe('Amy');
    expect(feedWinnerName('', '')).toBe('A customer');
    expect(feedWinnerName('amy@example.com', 'Smith')).toBe('S.');
    expect(feedWinnerName('Zoë', 'Ørsted')).toBe('Zoë Ø.');
  });
});
