import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { createApiPools, type ApiPools } from './database.ts';

let db: TestDatabase;
let pools: ApiPools;
beforeAll(async () => {
  db = await createTestDatabase();
  pools = createApiPools({ connectionString: db.url, max: 1, application_name: 'api-pools-test' });
});
afterAll(async () => {
  await Promise.all([pools.pool.end(), pools.keyedPool.end()]);
  await db.drop();
});

const settings = async (pool: ApiPools['pool']) =>
  (await pool.query<{ plan_cache_mode: string; enable_seqscan: string; enable_hashjoin: string; enable_mergejoin: string; application_name: string }>(
    `SELECT current_setting('plan_cache_mode') AS plan_cache_mode, current_setting('enable_seqscan') AS enable_seqscan,
       current_setting('enable_hashjoin') AS enable_hashjoin, current_setting('enable_mergejoin') AS enable_mergejoin,
       current_setting('application_name') AS application_name`,
  )).rows[0]!;

describe("the API's pools", () => {
  it('plan prepared statements generically on both, and by index only on the keyed one', async () => {
    expect(await settings(pools.pool)).toEqual({
      plan_cache_mode: 'force_generic_plan', enable_seqscan: 'on', enable_hashjoin: 'on', enable_mergejoin: 'on', application_name: 'api-pools-test',
    });
    expect(await settings(pools.keyedPool)).toEqual({
      plan_cache_mode: 'force_generic_plan', enable_seqscan: 'off', enable_hashjoin: 'off', enable_mergejoin: 'off', application_name: 'api-pools-test',
    });
  });

  // The test server is started as npm start's is (src/test/global-setup.ts), unless DATABASE_URL names another.
  it.skipIf(process.env.DATABASE_URL)('fit several instances on the embedded server: it allows 200 connections', async () => {
    expect((await pools.pool.query<{ n: string }>("SELECT current_setting('max_connections') AS n")).rows[0]!.n).toBe('200');
  });
});
