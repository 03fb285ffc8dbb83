import pg from 'pg';

/**
 * A pg pool that survives losing connections. A connection can drop at any time (the server
 * restarts, a failover, an operator's pg_terminate_backend); pg then emits 'error' on the client
 * and, when the client is idle, on the pool. An 'error' event nobody listens to kills the
 * process, so every client gets a handler as it is created: the loss is logged once and the
 * pool replaces the connection on the next query. While the pool is being closed, losses are
 * expected and not logged.
 */
export function createPool(config: pg.PoolConfig, label = 'shop-api'): pg.Pool {
  const pool = new pg.Pool(config);
  let ending = false;
  const end = pool.end.bind(pool);
  pool.end = (() => {
    ending = true;
    return end();
  }) as typeof pool.end;
  pool.on('connect', (client) => {
    client.on('error', (err: Error & { code?: string }) => {
      if (!ending) console.error(`[${label}] lost a database connection${err.code ? ` (${err.code})` : ''}: ${err.message}; the next query opens a new one`);
    });
  });
  // Idle clients' errors reach the pool too; the client's own handler above has logged them.
  pool.on('error', () => {});
  return pool;
}

/** A single connection with the same rule: its loss is logged, never an unhandled 'error'. */
export function createClient(config: pg.ClientConfig, label = 'shop-api'): pg.Client {
  const client = new pg.Client(config);
  client.on('error', (err: Error & { code?: string }) => {
    console.error(`[${label}] lost a database connection${err.code ? ` (${err.code})` : ''}: ${err.message}`);
  });
  return client;
}
