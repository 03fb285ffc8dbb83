import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'migrations');

const migrationFile = /^(\d+)_[\w-]+\.sql$/;

/**
 * Applies every numbered `migrations/NNN_name.sql` not yet recorded in
 * schema_migrations, in order, each in its own transaction. The caller holds the
 * start-up advisory lock, so concurrent instances never apply one twice.
 * Returns the names applied in this run.
 */
export async function migrate(client: pg.PoolClient, dir = MIGRATIONS_DIR): Promise<string[]> {
  await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const files = (await readdir(dir))
    .map((name) => ({ name, match: migrationFile.exec(name) }))
    .filter((f): f is { name: string; match: RegExpExecArray } => f.match !== null)
    .map((f) => ({ name: f.name, version: Number(f.match[1]) }))
    .sort((a, b) => a.version - b.version);
  const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
  const applied = new Set(rows.map((r) => r.version));
  const done: string[] = [];
  for (const file of files) {
    if (applied.has(file.version)) continue;
    const sql = await readFile(path.join(dir, file.name), 'utf8');
    await client.query('BEGIN');
    try {
      await client.query(sql);
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [file.version, file.name]);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK');
      throw new Error(`migration ${file.name} failed: ${(err as Error).message}`);
    }
    done.push(file.name);
  }
  return done;
}
