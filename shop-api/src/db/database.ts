import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded.ts';

export interface Database {
  pool: pg.Pool;
  /** Closes the pool, then stops the embedded server if we started one. */
  close(): Promise<void>;
}

/** Connects to DATABASE_URL, or starts the embedded PostgreSQL under dataDir/postgres. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; pgPort: number }): Promise<Database> {
  const embedded = opts.databaseUrl
    ? null
    : await startEmbeddedPostgres({ dataDir: path.join(opts.dataDir, 'postgres'), port: opts.pgPort });
  const pool = new pg.Pool({ connectionString: opts.databaseUrl ?? embedded!.url, max: 10 });
  let closing = false;
  // An idle client losing its server (e.g. a restart) must not crash the process.
  // While closing it is expected: pool.end() resolves before its sockets finish closing.
  pool.on('error', (err) => {
    if (!closing) console.error('[shop-api] idle database client error:', err.message);
  });
  return {
    pool,
    close: async () => {
      closing = true;
      await pool.end();
      await embedded?.stop();
    },
  };
}
