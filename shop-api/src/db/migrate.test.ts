import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { migrate, MIGRATIONS_DIR } from './migrate.ts';
import { prepareDatabase } from './prepare.ts';

let db: TestDatabase | undefined;
let dir: string | undefined;
afterEach(async () => {
  await db?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
  db = undefined;
  dir = undefined;
});

const GUARD = '015.do.no_sale_unless_open.sql';
/** The shipped migrations after 015, and the newest version: a new migration changes no test here. */
const AFTER_GUARD = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql') && f > GUARD).sort();
const LATEST = Number(path.basename([GUARD, ...AFTER_GUARD].at(-1)!).slice(0, 3));
const nextFile = (name: string) => `${String(LATEST + 1).padStart(3, '0')}.do.${name}.sql`;

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

const run = (from = MIGRATIONS_DIR) => withClient((c) => migrate(c, from));

const tableExists = async (name: string) =>
  (await db!.pool.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [name])).rows[0]!.found;

const saleGuards = async () =>
  (await db!.pool.query("SELECT 1 FROM pg_trigger WHERE tgname = 'competitions_no_sale_unless_open' AND NOT tgisinternal")).rowCount;

const recorded = async () =>
  (await db!.pool.query<{ version: string; name: string; md5: string | null }>('SELECT version, name, md5 FROM schemaversion WHERE version > 0 ORDER BY version')).rows.map(
    (r) => ({ ...r, version: Number(r.version) }),
  );

/** What the earlier home-made runner did: each NNN_name.sql in its own transaction, listed in schema_migrations. */
async function migrateLikeTheOldRunner(from: string, upTo: number): Promise<void> {
  await db!.pool.query(`CREATE TABLE schema_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const files = (await readdir(from)).filter((f) => /^\d+\.do\.\w+\.sql$/.test(f)).sort();
  await withClient(async (client) => {
    for (const file of files) {
      const version = Number(file.split('.')[0]);
      if (version > upTo) continue;
      await client.query('BEGIN');
      await client.query(await readFile(path.join(from, file), 'utf8'));
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [version, file.replace('.do.', '_')]);
      await client.query('COMMIT');
    }
  });
}

/** What a later commit appended to 007 after 007 had shipped (now migration 015), as it was appended. */
const EDITED_007_ADDITION = `
-- No sale once a competition is closed or drawn, enforced where the sale happens: the
-- allocator's guarded UPDATE of tickets_sold becomes a no-op (0 rows, so it answers
-- "not enough tickets"). This closes the window where a checkout checked the status
-- just before a draw committed and reached the sale just after.
CREATE FUNCTION competitions_no_sale_unless_open() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.tickets_sold > OLD.tickets_sold AND OLD.status <> 'open' THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER competitions_no_sale_unless_open BEFORE UPDATE OF tickets_sold ON competitions
  FOR EACH ROW EXECUTE FUNCTION competitions_no_sale_unless_open();
`;

const md5 = async (file: string) => createHash('md5').update(await readFile(file, 'utf8')).digest('hex');

describe('migrations (postgrator, checksummed)', () => {
  it('a new database gets every migration, each recorded with its md5; a second run applies nothing', async () => {
    db = await createTestDatabase();
    const shipped = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
    expect(await run()).toEqual(shipped);
    expect(await saleGuards()).toBe(1);
    const rows = await recorded();
    expect(rows.map((r) => r.version)).toEqual(shipped.map((f) => Number(f.split('.')[0])));
    expect(rows.find((r) => r.version === 7)).toEqual({ version: 7, name: 'draws', md5: await md5(path.join(MIGRATIONS_DIR, '007.do.draws.sql')) });

    expect(await run()).toEqual([]);
    expect(await recorded()).toEqual(rows);
  });

  it('after migrating, no sale is made on a closed or drawn competition (the 015 trigger)', async () => {
    db = await createTestDatabase();
    await prepareDatabase(db.pool, { demoData: true });
    const { rows } = await db.pool.query<{ id: number }>(
      "SELECT id FROM competitions WHERE status = 'open' AND tickets_sold + 2 <= total_tickets ORDER BY id LIMIT 1",
    );
    const id = rows[0]!.id;
    const sell = () => db!.pool.query('UPDATE competitions SET tickets_sold = tickets_sold + 1 WHERE id = $1', [id]);
    expect((await sell()).rowCount).toBe(1);
    for (const status of ['closed', 'drawn']) {
      await db.pool.query("UPDATE competitions SET status = $2, drawn_at = CASE WHEN $2 = 'drawn' THEN now() END WHERE id = $1", [id, status]);
      expect((await sell()).rowCount).toBe(0);
    }
  });

  it('refuses a migration edited after it was applied, naming the file, and changes nothing', async () => {
    db = await createTestDatabase();
    const copy = await migrationsCopy();
    await run(copy);
    const before = await recorded();
    const edited = path.join(copy, '003.do.site_content.sql');
    const original = await readFile(edited, 'utf8');
    await writeFile(edited, `${original}\nCREATE TABLE sneaky_edit (id int);\n`);
    await writeFile(path.join(copy, '099.do.next.sql'), 'CREATE TABLE next_change (id int);\n');

    await expect(run(copy)).rejects.toThrow(
      /^migration 003\.do\.site_content\.sql was edited after it was applied to this database; .* put the change in a new migration$/,
    );
    expect(await tableExists('next_change')).toBe(false);
    expect(await tableExists('sneaky_edit')).toBe(false);
    expect(await recorded()).toEqual(before);

    // Put back as shipped, the run goes on with the new migration.
    await writeFile(edited, original);
    expect(await run(copy)).toEqual(['099.do.next.sql']);
  });

  it('runs each migration in its own transaction: a failing one is named and rolled back, those before it stay', async () => {
    db = await createTestDatabase();
    const copy = await migrationsCopy();
    await run(copy);
    await writeFile(path.join(copy, '098.do.fine.sql'), 'CREATE TABLE fine_change (id int);\n');
    await writeFile(path.join(copy, '099.do.broken.sql'), 'CREATE TABLE half_done (id int);\nSELECT * FROM no_such_table;\n');
    await expect(run(copy)).rejects.toThrow(
      /^migration 099\.do\.broken\.sql failed and was rolled back; applied before it: 098\.do\.fine\.sql: .*no_such_table/,
    );
    expect(await tableExists('fine_change')).toBe(true);
    expect(await tableExists('half_done')).toBe(false);
    expect((await recorded()).at(-1)!.version).toBe(98);

    await writeFile(path.join(copy, '099.do.broken.sql'), 'CREATE TABLE half_done (id int);\n');
    expect(await run(copy)).toEqual(['099.do.broken.sql']);
  });

  it('refuses a new file numbered at or below the version already applied, and a number taken twice', async () => {
    db = await createTestDatabase();
    const copy = await migrationsCopy();
    await run(copy);
    await writeFile(path.join(copy, '010.do.late.sql'), 'CREATE TABLE late (id int);\n');
    await expect(run(copy)).rejects.toThrow(new RegExp(`^migration 010\\.do\\.late\\.sql was never applied, but this database is already at version ${LATEST}`));
    await rm(path.join(copy, '010.do.late.sql'));

    await writeFile(path.join(copy, nextFile('one_branch')), 'CREATE TABLE one_branch (id int);\n');
    await run(copy);
    await rm(path.join(copy, nextFile('one_branch')));
    await writeFile(path.join(copy, nextFile('other_branch')), 'CREATE TABLE other_branch (id int);\n');
    await expect(run(copy)).rejects.toThrow(
      new RegExp(`^migration ${nextFile('other_branch').replaceAll('.', '\\.')}: version ${LATEST + 1} was applied to this database as "one_branch"`),
    );
    expect(await tableExists('other_branch')).toBe(false);
  });

  it('adopts a database of the earlier runner once: nothing re-applied, 015 adds the guard the first 007 lacked', async () => {
    db = await createTestDatabase();
    // The earlier runner applied 001..014, with 007 as it first shipped (without the guard).
    await migrateLikeTheOldRunner(MIGRATIONS_DIR, 14);
    expect(await saleGuards()).toBe(0);
    const legacy = (await db.pool.query('SELECT * FROM schema_migrations ORDER BY version')).rows;

    expect(await run()).toEqual([GUARD, ...AFTER_GUARD]);
    expect(await saleGuards()).toBe(1);
    const rows = await recorded();
    expect(rows.map((r) => r.version)).toEqual([...legacy.map((r) => r.version), 15, ...AFTER_GUARD.map((f) => Number(f.slice(0, 3)))]);
    // Adopted with the checksums of the files as they are now; the old table is left as it was.
    expect(rows.find((r) => r.version === 3)!.md5).toBe(await md5(path.join(MIGRATIONS_DIR, '003.do.site_content.sql')));
    expect((await db.pool.query('SELECT * FROM schema_migrations ORDER BY version')).rows).toEqual(legacy);

    expect(await run()).toEqual([]);
    // From now on the adopted files are checked like any other.
    const copy = await migrationsCopy();
    await writeFile(path.join(copy, '001.do.content.sql'), `${await readFile(path.join(copy, '001.do.content.sql'), 'utf8')}\n-- edited\n`);
    await expect(run(copy)).rejects.toThrow(/^migration 001\.do\.content\.sql was edited after it was applied/);
  });

  it('015 ends the same on a database of the earlier runner whose 007 already had the guard (the edited 007)', async () => {
    db = await createTestDatabase();
    const copy = await migrationsCopy();
    const draws = path.join(copy, '007.do.draws.sql');
    await writeFile(draws, `${await readFile(draws, 'utf8')}${EDITED_007_ADDITION}`);
    await migrateLikeTheOldRunner(copy, 14);
    expect(await saleGuards()).toBe(1);

    expect(await run()).toEqual([GUARD, ...AFTER_GUARD]);
    expect(await saleGuards()).toBe(1);
    expect(await run()).toEqual([]);
  });
});
