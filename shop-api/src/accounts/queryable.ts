import type pg from 'pg';

/** A pool or a checked-out client: whatever can run a query (inside a transaction or not). */
export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

/** Runs work in one transaction on its own connection. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
