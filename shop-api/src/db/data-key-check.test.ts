import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import { dataCipher, useDataKey } from '../lib/data-encryption.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { checkDataKey, WRONG_DATA_KEY } from './data-key-check.ts';
import { prepareDatabase } from './prepare.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await prepareDatabase(db.pool);
});
afterAll(async () => db?.drop());
// Back to this process's own key (the one the other tests seal with).
afterEach(() => useDataKey(readConfig()));

const anotherKey = () => useDataKey({ dataEncryptionKey: randomBytes(32).toString('hex'), dataDir: '/nowhere' });

describe('the data key check (migration 059)', () => {
  it("records the first start's key, then lets the same key start again", async () => {
    expect((await db.pool.query('SELECT sealed FROM data_key_check')).rows).toEqual([{ sealed: expect.stringMatching(/^enc:v1:/) }]);
    expect(await checkDataKey(db.pool)).toBe('matches');
  });

  it('refuses another key before anything is sealed or opened with it', async () => {
    const competitions = (await db.pool.query('SELECT count(*)::int AS n FROM competition_draws')).rows[0].n;
    await db.pool.query(`INSERT INTO competitions (category_id, title, description, image, price_pence, total_tickets, max_tickets_per_user, closing_at, draw_at, prize_value_pence)
      SELECT id, 'Key check', '', '', 100, 10, 5, now() + interval '1 day', now() + interval '2 days', 1000 FROM categories LIMIT 1`);
    anotherKey();
    await expect(prepareDatabase(db.pool)).rejects.toThrow(WRONG_DATA_KEY);
    // No seed was committed for the new competition with the wrong key.
    expect((await db.pool.query('SELECT count(*)::int AS n FROM competition_draws')).rows[0].n).toBe(competitions);
  });

  it('a database from before the check: refused when its bank details do not open with the key, else the key is recorded', async () => {
    await db.pool.query('DELETE FROM data_key_check');
    await db.pool.query(`INSERT INTO customers (email, password_hash, over_18_confirmed_at, account_number, sort_code) VALUES ('keyed@cgg.test', 'x', now(), $1, '')`, [
      dataCipher().encrypt('55554444', 'account_number'),
    ]);
    anotherKey();
    await expect(checkDataKey(db.pool)).rejects.toThrow(WRONG_DATA_KEY);
    expect((await db.pool.query('SELECT 1 FROM data_key_check')).rowCount).toBe(0);
    useDataKey(readConfig());
    expect(await checkDataKey(db.pool)).toBe('recorded');
  });

  it('the operator CLI with another key stops at once, saying why', () => {
    const run = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/cli/main.ts', 'outbox'], {
      cwd: new URL('../..', import.meta.url).pathname,
      env: { ...process.env, DATABASE_URL: db.url, DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex') },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(WRONG_DATA_KEY);
  });
});
