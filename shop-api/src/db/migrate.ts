import path from 'node:path';
import type pg from 'pg';
import Postgrator from 'postgrator';
import { PACKAGE_DIR } from '../lib/package-dir.ts';

export const MIGRATIONS_DIR = path.join(PACKAGE_DIR, 'migrations');

/** Postgrator's record of applied migrations: version, name, md5 of the file, when. */
export const MIGRATIONS_TABLE = 'schemaversion';
/** The table of the runner used before postgrator (version, name, applied_at); read once, then left alone. */
export const LEGACY_TABLE = 'schema_migrations';

type Migration = Postgrator.Migration;

const fileOf = (m: Migration) => path.basename(m.filename);

function runner(client: pg.PoolClient, dir: string, database: string): Postgrator {
  return new Postgrator({
    migrationPattern: path.join(dir, '*.sql'),
    driver: 'pg',
    database,
    schemaTable: MIGRATIONS_TABLE,
    validateChecksums: true,
    // Checksums ignore line endings, so a checkout on Windows is not an "edit".
    newline: 'LF',
    execQuery: (query: string) => client.query(query),
  });
}

async function inTransaction<T>(client: pg.PoolClient, work: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await work();
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}

async function tableExists(client: pg.PoolClient, name: string): Promise<boolean> {
  const { rows } = await client.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [`public.${name}`]);
  return rows[0]!.found;
}

/**
 * A database migrated by the earlier home-made runner lists its versions in schema_migrations and
 * has no postgrator table. Those versions are recorded once in postgrator's table (the same
 * columns postgrator creates), with the checksums of the files as they are now, since what was
 * applied then cannot be known; from then on they are checked like any other. schema_migrations
 * itself is left as it was and no longer read.
 */
async function adoptLegacyRecords(client: pg.PoolClient, files: Migration[]): Promise<void> {
  if (!(await tableExists(client, LEGACY_TABLE)) || (await tableExists(client, MIGRATIONS_TABLE))) return;
  const byVersion = new Map(files.filter((m) => m.action === 'do').map((m) => [m.version, m]));
  const { rows } = await client.query<{ version: number; applied_at: Date }>(`SELECT version, applied_at FROM ${LEGACY_TABLE} ORDER BY version`);
  await client.query(`CREATE TABLE ${MIGRATIONS_TABLE} (version bigint PRIMARY KEY, name text, md5 text, run_at timestamptz)`);
  await client.query(`INSERT INTO ${MIGRATIONS_TABLE} (version) VALUES (0)`);
  for (const row of rows) {
    const file = byVersion.get(row.version);
    await client.query(`INSERT INTO ${MIGRATIONS_TABLE} (version, name, md5, run_at) VALUES ($1, $2, $3, $4)`, [
      row.version,
      file?.name ?? `legacy ${row.version}`,
      file?.md5 ?? null,
      row.applied_at,
    ]);
  }
}

/**
 * Applies every `migrations/NNN.do.name.sql` above the database's version, in order, with
 * postgrator, each in its own transaction together with its row in `schemaversion`. Before
 * anything runs, every applied file is checked against its recorded md5: shipped migrations are
 * never edited (a change is a new migration), and an edited one stops the run, naming the file,
 * with nothing applied. A failing migration is rolled back and named; the ones before it stay
 * applied. The caller holds the start-up advisory lock, so concurrent instances never apply one
 * twice. Returns the files applied.
 */
export async function migrate(client: pg.PoolClient, dir = MIGRATIONS_DIR): Promise<string[]> {
  const { rows } = await client.query<{ db: string }>('SELECT current_database() AS db');
  const postgrator = runner(client, dir, rows[0]!.db);
  const files = await postgrator.getMigrations();
  await inTransaction(client, () => adoptLegacyRecords(client, files));

  const version = await postgrator.getDatabaseVersion();
  await checkApplied(client, postgrator, files, version);
  const pending = postgrator.getRunnableMigrations(version, Math.max(version, ...files.map((m) => m.version)));

  const applied: string[] = [];
  for (const migration of pending) {
    try {
      // migrate(target) creates postgrator's table on a new database, checks the checksums
      // again and runs what lies between the database's version and the target: this one file.
      await inTransaction(client, () => postgrator.migrate(String(migration.version)));
    } catch (err) {
      const before = applied.length ? `; applied before it: ${applied.join(', ')}` : '';
      throw new Error(`migration ${fileOf(migration)} failed and was rolled back${before}: ${(err as Error).message}`, { cause: err });
    }
    applied.push(fileOf(migration));
  }
  return applied;
}

/**
 * Refuses, before anything runs: an applied file whose md5 changed (postgrator's check, given the
 * file's name here), an applied version whose file now has another name (two branches took one
 * number), and a file numbered at or below the database's version that was never applied
 * (postgrator would skip it for ever).
 */
async function checkApplied(client: pg.PoolClient, postgrator: Postgrator, files: Migration[], version: number): Promise<void> {
  if (version === 0) return;
  const recorded = new Map(
    (await client.query<{ version: string; name: string | null }>(`SELECT version, name FROM ${MIGRATIONS_TABLE} WHERE version > 0`)).rows.map((r) => [
      Number(r.version),
      r.name,
    ]),
  );
  for (const file of files.filter((m) => m.action === 'do' && m.version <= version)) {
    if (!recorded.has(file.version)) {
      throw new Error(
        `migration ${fileOf(file)} was never applied, but this database is already at version ${version}: ` +
          'give it the next free number',
      );
    }
    const name = recorded.get(file.version);
    if (name && name !== file.name) {
      throw new Error(`migration ${fileOf(file)}: version ${file.version} was applied to this database as "${name}"; give the new file the next free number`);
    }
  }
  try {
    await postgrator.validateMigrations(version);
  } catch (err) {
    const edited = /MD5 checksum failed for migration \[(\d+)\]/.exec((err as Error).message);
    if (!edited) throw err;
    const file = files.find((f) => f.action === 'do' && f.version === Number(edited[1]));
    throw new Error(
      `migration ${file ? fileOf(file) : edited[1]} was edited after it was applied to this database; ` +
        'shipped migrations must not change: restore the file and put the change in a new migration',
      { cause: err },
    );
  }
}
