import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { migrate, MIGRATIONS_DIR } from './migrate.ts';

let db: TestDatabase | undefined;
let dir: string | undefined;
afterEach(async () => {
  await db?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
  db = undefined;
  dir = undefined;
});

/** A copy of the shipped migrations that a test may edit. */
async function migrationsCopy(): Promise<string> {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cgg-migrations-'));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  return dir;
}

async function withClient<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db!.pool.connect();
  try {
    return await work(client);
  } finally {
    client.release();
  }
}

const tableExists = async (name: string) =>
  (await db!.pool.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [name])).rows[0]!.found;

const saleGuardExists = async () =>
  (await db!.pool.query("SELECT 1 FROM pg_trigger WHERE tgname = 'competitions_no_sale_unless_open' AND NOT tgisinternal")).rowCount === 1;

describe('migrations (postgrator, checksummed)', () => {
  it('a new database gets every migration, including the no-sale-unless-open guard; a second run applies nothing', async () => {
    db = await createTestDatabase();
    const first = await withClient((c) => migrate(c));
    expect(first[0]).toBe('001.do.content.sql');
    expect(first).toContain('015.do.no_sale_unless_open.sql');
    expect(await saleGuardExists()).toBe(true);
    expect(await withClient((c) => migrate(c))).toEqual([]);
  });

  it('refuses a migration edited after it was applied, naming the file, and applies nothing else', async () => {
    db = await createTestDatabase();
    const copy = await migrationsCopy();
    await withClient((c) => migrate(c, copy));
    const edited = path.join(copy, '003.do.site_content.sql');
    await writeFile(edited, `${await readFile(edited, 'utf8')}\nCREATE TABLE sneaky_edit (id int);\n`);
    await writeFile(path.join(copy, '099.do.next.sql'), 'CREATE TABLE next_change (id int);\n');

    await expect(withClient((c) => migrate(c, copy))).rejects.toThrow(
      /migration 003\.do\.site_content\.sql was edited after it was applied .* put the change in a new migration/,
    );
    expect(await tableExists('next_change')).toBe(false);
    expect(await tableExists('sneaky_edit')).toBe(false);
  });

  it('a failing migration is named and rolled back whole', async () => {
    db = await createTestDatabase();
    const copy = await migrationsCopy();
    await withClient((c) => migrate(c, copy));
    await writeFile(path.join(copy, '098.do.fine.sql'), 'CREATE TABLE fine_change (id int);\n');
    await writeFile(path.join(copy, '099.do.broken.sql'), 'CREATE TABLE half_done (id int);\nSELECT * FROM no_such_table;\n');
    await expect(withClient((c) => migrate(c, copy))).rejects.toThrow(/migration 099\.do\.broken\.sql failed, nothing applied: .*no_such_table/);
    expect(await tableExists('fine_change')).toBe(false);
    expect(await tableExists('half_done')).toBe(false);
  });

  it("adopts a database of the earlier runner (schema_migrations) without re-applying, and adds what it lacked", async () => {
    db = await createTestDatabase();
    // The earlier runner applied 001..014 (007 as first shipped: without the guard) and listed them.
    const copy = await migrationsCopy();
    await rm(path.join(copy, '015.do.no_sale_unless_open.sql'));
    await withClient((c) => migrate(c, copy));
    const legacy = (await db.pool.query<{ version: string; run_at: Date }>('SELECT version, run_at FROM schemaversion WHERE version > 0 ORDER BY version')).rows;
    await db.pool.query('CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())');
    for (const row of legacy) await db.pool.query("INSERT INTO schema_migrations (version, name) VALUES ($1, 'old')", [Number(row.version)]);
    await db.pool.query('DROP TABLE schemaversion');
    expect(await saleGuardExists()).toBe(false);

    expect(await withClient((c) => migrate(c))).toEqual(['015.do.no_sale_unless_open.sql']);
    expect(await saleGuardExists()).toBe(true);
    expect(await tableExists('schema_migrations')).toBe(false);
    // Later start-ups check the adopted files' checksums like any others.
    expect(await withClient((c) => migrate(c))).toEqual([]);
  });

  it('015 ends the same on a database whose 007 already had the guard (the edited 007)', async () => {
    db = await createTestDatabase();
    const copy = await migrationsCopy();
    await rm(path.join(copy, '015.do.no_sale_unless_open.sql'));
    const guard = await readFile(path.join(MIGRATIONS_DIR, '015.do.no_sale_unless_open.sql'), 'utf8');
    const draws = path.join(copy, '007.do.draws.sql');
    await writeFile(draws, `${await readFile(draws, 'utf8')}\n${guard}`);
    await withClient((c) => migrate(c, copy));
    expect(await saleGuardExists()).toBe(true);
    await db.pool.query('DROP TABLE schemaversion');
    await db.pool.query('CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())');
    await db.pool.query("INSERT INTO schema_migrations (version, name) SELECT v, 'old' FROM unnest(ARRAY[1,2,3,4,6,7,11,12,13,14]) AS v");

    expect(await withClient((c) => migrate(c))).toEqual(['015.do.no_sale_unless_open.sql']);
    expect(await saleGuardExists()).toBe(true);
  });
});
