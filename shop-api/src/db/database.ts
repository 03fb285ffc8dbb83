import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded.ts';
import { createPool } from './pool.ts';
import type { Logger } from '../lib/logger.ts';

/** The API pool's connection option: prepared statements use their generic plan (see openDatabase). */
export const GENERIC_PLANS = '-c plan_cache_mode=force_generic_plan';

export interface Database {
  pool: pg.Pool;
  /** Closes the pool, then stops the embedded server if we started one. */
  close(): Promise<void>;
}

/** Connects to DATABASE_URL, or starts the embedded PostgreSQL under dataDir/postgres. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; pgPort: number }, log: Logger): Promise<Database> {
  const embedded = opts.databaseUrl
    ? null
    : await startEmbeddedPostgres({ dataDir: path.join(opts.dataDir, 'postgres'), port: opts.pgPort, restartOnCrash: { log: (line) => log.warn(line) }, log });
  // A server that accepts TCP but never answers (hung, or a half-open network) fails a
  // request after 5 s as unreachable (503) instead of holding it forever.
  // Prepared (named) statements run their generic plan: the shop names only statements it runs
  // at every request or order, each with fixed text, and left to choose, PostgreSQL kept
  // re-planning the wide ones for every execution (planning them costs more than running them).
  // Statements sent unnamed are planned for their values as ever.
  const pool = createPool({
    connectionString: opts.databaseUrl ?? embedded!.url, max: 10, connectionTimeoutMillis: 5_000, options: GENERIC_PLANS,
  }, 'shop-api', log);
  return {
    pool,
    close: async () => {
      await pool.end();
      await embedded?.stop();
    },
  };
}
