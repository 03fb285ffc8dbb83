import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { e2ePortOffset, e2ePorts, repoRoot } from './site.ts';

/**
 * The e2e site's embedded PostgreSQL has a random password of its own, kept beside its data
 * folder (shop-api/src/db/embedded-password.ts). Read when the tests load: the site (and so
 * the file) is up by then.
 */
/** The e2e site's DATA_DIR (start-site.mjs): its database, and the data key the API seals with. */
export const e2eDataDir = path.join(repoRoot, '.data', e2ePortOffset ? `e2e-${e2ePortOffset}` : 'e2e');
const dataFolder = path.join(e2eDataDir, 'postgres');
const password = readFileSync(`${dataFolder}.password`, 'utf8').trim();

/** The e2e site's own PostgreSQL (fresh each run). */
export const e2eDatabaseUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${e2ePorts.PG_PORT}/cgg`;

interface PgClient {
  on(event: 'error', listener: (err: Error) => void): void;
  connect(): Promise<void>;
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[]; rowCount: number | null }>;
  end(): Promise<void>;
}

// e2e has no database driver of its own; the API's `pg` is used (resolved from shop-api).
const requireFromApi = createRequire(path.join(repoRoot, 'shop-api', 'package.json'));
const { Client } = requireFromApi('pg') as { Client: new (options: { connectionString: string }) => PgClient };

/** Runs one statement on the e2e database (an operator editing a row, a check of what was stored). */
export async function sql<R = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<R[]> {
  const client = new Client({ connectionString: e2eDatabaseUrl });
  // A dropped connection must fail this statement, not crash the test runner with an unhandled 'error'.
  client.on('error', (err) => console.error(`[e2e] database connection lost: ${err.message}`));
  await client.connect();
  try {
    return (await client.query<R>(text, params)).rows;
  } finally {
    await client.end();
  }
}
