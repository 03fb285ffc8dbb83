import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, rowCounts, type TestDatabase } from '../test/test-database.ts';
import { prepareDatabase } from './prepare.ts';

let db: TestDatabase | undefined;
afterEach(async () => {
  await db?.drop();
  db = undefined;
});

const count = async (table: string): Promise<number> =>
  (await db!.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;

describe('start-up preparation', () => {
  it('migrates and writes the shop content of an empty database once; a second start changes nothing', async () => {
    db = await createTestDatabase();
    const first = await prepareDatabase(db.pool, { demoData: true });
    expect(first.migrations).toContain('001.do.content.sql');
    expect(first).toMatchObject({ seededContent: true, seededDemo: true });
    const counts = await rowCounts(db.pool);
    expect(counts.competitions).toBeGreaterThanOrEqual(16);

    const second = await prepareDatabase(db.pool, { demoData: true });
    expect(second).toEqual({ migrations: [], seededContent: false, seededDemo: false });
    expect(await rowCounts(db.pool)).toEqual(counts);
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM schemaversion WHERE version > 0');
    expect(rows[0].n).toBe(first.migrations.length);
  });

  it('seeds no demo competition or account unless asked: a production database starts with the content only', async () => {
    db = await createTestDatabase();
    const result = await prepareDatabase(db.pool);
    expect(result).toMatchObject({ seededContent: true, seededDemo: false });
    expect(await count('competitions')).toBe(0);
    expect(await count('customers')).toBe(0);
    // What every page reads is there: settings (no main competition yet), SEO, how it works, categories.
    expect(await count('settings')).toBe(1);
    expect((await db.pool.query('SELECT main_competition_id FROM settings')).rows[0].main_competition_id).toBeNull();
    expect(await count('seo_settings')).toBeGreaterThan(5);
    expect(await count('how_it_works_steps')).toBe(4);
    expect(await count('categories')).toBe(5);
    // Asked later, on the same database: the demo arrives, and leads the carousel.
    expect((await prepareDatabase(db.pool, { demoData: true })).seededDemo).toBe(true);
    expect(await count('competitions')).toBeGreaterThanOrEqual(16);
    expect((await db.pool.query('SELECT main_competition_id FROM settings')).rows[0].main_competition_id).not.toBeNull();
  });

  it('two instances starting at once migrate and seed exactly once', async () => {
    db = await createTestDatabase();
    const results = await Promise.all([prepareDatabase(db.pool, { demoData: true }), prepareDatabase(db.pool, { demoData: true })]);
    expect(results.filter((r) => r.seededDemo)).toHaveLength(1);
    expect(results.filter((r) => r.seededContent)).toHaveLength(1);
    expect(results.flatMap((r) => r.migrations).filter((m) => m === '001.do.content.sql')).toHaveLength(1);
    expect(await count('settings')).toBe(1);
  });

  it('never seeds the demo over an operator\'s data: competitions or customers of its own', async () => {
    db = await createTestDatabase();
    const pool = db.pool;
    await prepareDatabase(pool, { demoData: true });
    await pool.query('TRUNCATE competitions CASCADE');
    expect((await prepareDatabase(pool, { demoData: true })).seededDemo).toBe(false);
    expect(await count('competitions')).toBe(0);
  });
});
