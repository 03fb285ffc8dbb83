import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, rowCounts, type TestDatabase } from '../test/test-database.ts';
import { prepareDatabase } from './prepare.ts';

let db: TestDatabase | undefined;
afterEach(async () => {
  await db?.drop();
  db = undefined;
});

describe('start-up preparation', () => {
  it('migrates and seeds an empty database once; a second start changes nothing', async () => {
    db = await createTestDatabase();
    const first = await prepareDatabase(db.pool);
    expect(first.migrations).toContain('001.do.content.sql');
    expect(first.seeded).toBe(true);
    const counts = await rowCounts(db.pool);
    expect(counts.competitions).toBeGreaterThanOrEqual(16);

    const second = await prepareDatabase(db.pool);
    expect(second).toEqual({ migrations: [], seeded: false });
    expect(await rowCounts(db.pool)).toEqual(counts);
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM schemaversion WHERE version > 0');
    expect(rows[0].n).toBe(first.migrations.length);
  });

  it('two instances starting at once migrate and seed exactly once', async () => {
    db = await createTestDatabase();
    const results = await Promise.all([prepareDatabase(db.pool), prepareDatabase(db.pool)]);
    expect(results.filter((r) => r.seeded)).toHaveLength(1);
    expect(results.flatMap((r) => r.migrations).filter((m) => m === '001.do.content.sql')).toHaveLength(1);
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM settings');
    expect(rows[0].n).toBe(1);
  });

  it('does not seed over existing data', async () => {
    db = await createTestDatabase();
    const pool = db.pool;
    await prepareDatabase(pool);
    await pool.query('TRUNCATE competitions CASCADE');
    expect((await prepareDatabase(pool)).seeded).toBe(false);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM competitions');
    expect(rows[0].n).toBe(0);
  });
});
