// A rush with more requests than database connections: a request that waited out the pool gets
// 503 "very busy" with Retry-After (not the database-restart message, nor a 500), writes nothing,
// and the same request is served once a connection is free.
import { calls } from '@cgg/contracts';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createPool } from '../db/pool.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { SERVER_BUSY_MESSAGE, SERVER_BUSY_RETRY_AFTER_SECONDS } from './database-unavailable.ts';

const POOL_SIZE = 2;
let db: TestDatabase;
let apiPool: pg.Pool;
let app: FastifyInstance;

beforeAll(async () => {
  db = await createTestDatabase();
  await prepareDatabase(db.pool, { demoData: true });
  apiPool = createPool({ connectionString: db.url, max: POOL_SIZE, connectionTimeoutMillis: 300 }, 'small');
  app = buildApp({ pool: apiPool });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await apiPool.end();
  await db.drop();
});

const storefront = { authorization: 'Bearer cgg-storefront' };
const contactMessages = async () => Number((await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM contact_messages')).rows[0]!.n);

describe('every database connection busy', () => {
  it('answers 503 rest_server_busy with Retry-After, writes nothing, and serves the same request once a connection is free', async () => {
    const settings = () => app.inject({ method: 'GET', url: `/?rest_route=${calls.getsettings.route}`, headers: storefront });
    expect((await settings()).statusCode).toBe(200);
    const before = await contactMessages();

    // Other requests hold every connection for longer than the pool's wait.
    const held = await Promise.all(Array.from({ length: POOL_SIZE }, () => apiPool.connect()));
    try {
      const contact = await app.inject({
        method: 'POST',
        url: `/?rest_route=${calls.contactUs.route}`,
        headers: storefront,
        payload: { name: 'Ann Buyer', email: 'ann@example.com', subject: 'Prize', message: 'When is the draw for the car?' },
      });
      for (const res of [await settings(), contact]) {
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe(String(SERVER_BUSY_RETRY_AFTER_SECONDS));
        expect(res.json()).toEqual({ code: 'rest_server_busy', message: SERVER_BUSY_MESSAGE, data: { status: 503, retry_after: SERVER_BUSY_RETRY_AFTER_SECONDS } });
      }
    } finally {
      for (const client of held) client.release();
    }
    expect(await contactMessages()).toBe(before);
    expect((await settings()).statusCode).toBe(200);
  });
});
