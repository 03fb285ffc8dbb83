import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import Postgrator from 'postgrator';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'migrations');

/** Postgrator's record of applied migrations: version, name, md5 of the file, when. */
export const MIGRATIONS_TABLE = 'schemaversion';
/** The table of the runner used before postgrator (version, name, applied_at). */
const LEGACY_TABLE = 'schema_migrations';

const fileName = (m: { version: number; name: string }) => `${String(m.version).padStart(3, '0')}.do.${m.name}.sql`;

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

async function tableExists(client: pg.PoolClient, name: string): Promise<boolean> {
  const { rows } = await client.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [`public.${name}`]);
  return rows[0]!.found;
}

/**
 * A database migrated by the earlier home-made runner lists its versions in
 * schema_migrations. They are recorded once in postgrator's table, with the checksums of the
 * files as they are now (what was applied then cannot be known), so nothing is re-applied.
 */
async function adoptLegacyRecords(client: pg.PoolClient, postgrator: Postgrator): Promise<void> {
  if (!(await tableExists(client, LEGACY_TABLE)) || (await tableExists(client, MIGRATIONS_TABLE))) return;
  const files = new Map((await postgrator.getMigrations()).filter((m) => m.action === 'do').map((m) => [m.version, m]));
  const { rows } = await client.query<{ version: number; applied_at: Date }>(`SELECT version, applied_at FROM ${LEGACY_TABLE} ORDER BY version`);
  await client.query(`CREATE TABLE ${MIGRATIONS_TABLE} (version bigint PRIMARY KEY, name text, md5 text, run_at timestamptz)`);
  await client.query(`INSERT INTO ${MIGRATIONS_TABLE} (version) VALUES (0)`);
  for (const row of rows) {
    const file = files.get(row.version);
    await client.query(`INSERT INTO ${MIGRATIONS_TABLE} (version, name, md5, run_at) VALUES ($1, $2, $3, $4)`, [
      row.version,
      file?.name ?? `legacy ${row.version}`,
      file?.md5 ?? null,
      row.applied_at,
    ]);
  }
  await client.query(`DROP TABLE ${LEGACY_TABLE}`);
}

/**
 * Applies every `migrations/NNN.do.name.sql` above the database's version, in order, with
 * postgrator. A migration already applied whose file has since changed is refused: shipped
 * migrations are never edited, a change is a new migration. Everything pending applies in one
 * transaction, so a failed start-up leaves the schema as it was. The caller holds the start-up
 * advisory lock, so concurrent instances never apply one twice. Returns the files applied.
 */
export async function migrate(client: pg.PoolClient, dir = MIGRATIONS_DIR): Promise<string[]> {
  const { rows } = await client.query<{ db: string }>('SELECT current_database() AS db');
  const postgrator = runner(client, dir, rows[0]!.db);
  let running: { version: number; name: string } | null = null;
  postgrator.on('migration-started', (m: { version: number; name: string }) => (running = m));
  await client.query('BEGIN');
  try {
    await adoptLegacyRecords(client, postgrator);
    const applied = await postgrator.migrate();
    await client.query('COMMIT');
    return applied.map(fileName);
  } catch (err) {
    await client.query('ROLLBACK');
    throw explain(err as Error, running, await postgrator.getMigrations().catch(() => []));
  }
}

/** Names the file that failed, and for a changed migration (postgrator gives its number) the rule. */
function explain(err: Error, running: { version: number; name: string } | null, files: Array<{ version: number; name: string; action: string }>): Error {
  const edited = /MD5 checksum failed for migration \[(\d+)\]/.exec(err.message);
  if (!edited) return new Error(`${running ? `migration ${fileName(running)}` : 'migrating'} failed, nothing applied: ${err.message}`);
  const file = files.find((f) => f.action === 'do' && f.version === Number(edited[1]));
  return new Error(
    `migration ${file ? fileName(file) : edited[1]} was edited after it was applied to this database; ` +
      'shipped migrations must not change: restore the file and put the change in a new migration',
  );
}
