import type pg from 'pg';

/** One key for everything start-up does to the schema and seed data. */
export const STARTUP_LOCK_KEY = 0x636767; // 'cgg'

/**
 * Runs `work` on one dedicated connection while holding a session-level advisory
 * lock, so two API instances starting together migrate and seed one at a time.
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, key: number, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    try {
      return await work(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [key]);
    }
  } finally {
    client.release();
  }
}
