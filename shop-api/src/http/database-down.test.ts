// The database stops under a running API (issue 14): every call answers 503 with Retry-After
// and the WordPress error body, a transaction cut mid-way reports no success and writes
// nothing, and the same app serves again once the database is back.
import { STORE_ROUTE_PREFIX, storeEndpoints } from '@cgg/contracts/store';
import { calls } from '@cgg/contracts';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { createPool } from '../db/pool.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { startTcpRelay, type TcpRelay } from '../test/tcp-relay.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from './database-unavailable.ts';

let db: TestDatabase;
let relay: TcpRelay;
let relayedPool: pg.Pool;
let app: FastifyInstance;

beforeAll(async () => {
  db = await createTestDatabase();
  await prepareDatabase(db.pool, { demoData: true });
  relay = await startTcpRelay(db.url);
  // The API's pool reaches the database through the relay; the test's own pool (db.pool) does not.
  relayedPool = createPool({ connectionString: relay.url, max: 3, connectionTimeoutMillis: 2_000 }, 'relayed');
  app = buildApp({ pool: relayedPool });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await relayedPool.end();
  await relay.close();
  await db.drop();
});
beforeEach(() => {
  // Lost connections and 503s are logged on purpose here.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(async () => {
  vi.restoreAllMocks();
  // Every test leaves the database reachable.
  await relay.restore().catch(() => {});
});

const settings = () => app.inject({ method: 'GET', url: `/?rest_route=${calls.getsettings.route}`, headers: { authorization: 'Bearer cgg-storefront' } });

function expectDatabaseUnavailable(res: Awaited<ReturnType<typeof settings>>, what: string) {
  expect(res.statusCode, what).toBe(503);
  expect(res.headers['retry-after'], what).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  expect(res.json(), what).toEqual({
    code: 'rest_database_unavailable',
    message: DATABASE_UNAVAILABLE_MESSAGE,
    data: { status: 503, retry_after: DATABASE_RETRY_AFTER_SECONDS },
  });
}

describe('the database stopped under a running API', () => {
  it('answers every call 503 with Retry-After (or its own 4xx for a request refused before any query), never 500', async () => {
    expect((await settings()).statusCode).toBe(200);
    await relay.cut();

    const requests = [
      ...Object.values(calls).map((c) => ({ method: c.method, url: `/?rest_route=${c.route}` })),
      ...Object.values(storeEndpoints).map((e) => ({ method: e.method, url: `/?rest_route=${STORE_ROUTE_PREFIX}${e.route}` })),
    ];
    const statuses: Record<string, number> = {};
    for (const { method, url } of requests) {
      const res = await app.inject({
        method: method as 'GET' | 'POST' | 'DELETE',
        url,
        headers: { authorization: 'Bearer cgg-storefront', 'content-type': 'application/json' },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      statuses[`${method} ${url}`] = res.statusCode;
      if (res.statusCode === 503) expectDatabaseUnavailable(res, `${method} ${url}`);
      else expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
    }
    // Calls that read before validating anything (settings, the lists, the basket) cannot answer without the database.
    for (const route of [calls.getsettings.route, calls.featuredCompetition.route, `${STORE_ROUTE_PREFIX}${storeEndpoints.cart.route}`]) {
      expect(Object.entries(statuses).find(([k]) => k.endsWith(`=${route}`))?.[1], route).toBe(503);
    }
  });

  it('serves again once the database is back, without a restart', async () => {
    await relay.cut();
    expectDatabaseUnavailable(await settings(), 'while cut');
    await relay.restore();
    expect((await settings()).statusCode).toBe(200);
  });
});

describe('a transaction cut mid-way', () => {
  const address = '203.0.113.77';
  const contact = () =>
    app.inject({
      method: 'POST',
      url: `/?rest_route=${calls.contactUs.route}`,
      headers: { 'x-forwarded-for': address },
      payload: { name: 'Cut Off', email: 'cut@example.test', subject: 'Mid-way', message: 'A message long enough to be accepted by the form.' },
    });
  const stored = async () => Number((await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM contact_messages WHERE ip_address = $1', [address])).rows[0]!.n);

  /**
   * Sends a contact message that stops mid-transaction: the test holds a lock on the outbox,
   * so the route's transaction has stored the message and waits to store its mail; the test
   * waits until the API's backend is blocked there.
   */
  async function contactHeldMidTransaction(): Promise<{ answer: ReturnType<typeof contact>; release: () => Promise<void> }> {
    const holder = await db.pool.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE email_outbox IN SHARE ROW EXCLUSIVE MODE');
    const answer = contact();
    await vi.waitFor(
      async () => {
        const { rows } = await db.pool.query("SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%email_outbox%' AND pid <> $1", [
          (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid,
        ]);
        expect(rows).toHaveLength(1);
      },
      { timeout: 10_000, interval: 20 },
    );
    return {
      answer,
      release: async () => {
        await holder.query('ROLLBACK');
        holder.release();
      },
    };
  }

  it('control: released, the held message is stored and confirmed', async () => {
    const before = await stored();
    const held = await contactHeldMidTransaction();
    await held.release();
    expect((await held.answer).statusCode).toBe(200);
    expect(await stored()).toBe(before + 1);
  });

  it('cut while it waits: 503, and nothing was written', async () => {
    const before = await stored();
    const held = await contactHeldMidTransaction();
    await relay.cut();
    expectDatabaseUnavailable(await held.answer, 'contact_us cut mid-way');
    await held.release();
    expect(await stored()).toBe(before);
  });
});
