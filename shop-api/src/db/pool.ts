import pg from 'pg';
import { fallbackLogger, type Logger } from '../lib/logger.ts';
import { reportBusyTimeouts } from './pool-busy.ts';

type PgError = Error & { code?: string };

const describe = (label: string, err: PgError) => `[${label}] lost a database connection${err.code ? ` (${err.code})` : ''}: ${err.message}`;

/** Wraps `end` so that errors arriving while (or after) the owner closes the connection are known to be expected. */
function markEnding<T extends { end: (...args: never[]) => unknown }>(target: T): () => boolean {
  let ending = false;
  const end = target.end.bind(target) as (...args: unknown[]) => unknown;
  target.end = ((...args: unknown[]) => {
    ending = true;
    return end(...args);
  }) as T['end'];
  return () => ending;
}

/**
 * A pg pool that survives losing connections. A connection can drop at any time (the server
 * restarts, a failover, an operator's pg_terminate_backend); pg then emits 'error' on the client
 * and, when the client is idle, on the pool. An 'error' event nobody listens to kills the
 * process, so every client gets a handler as it is created: the loss is logged once and the
 * pool replaces the connection on the next query. While the pool is being closed, losses are
 * expected and not logged. A request that waits out the pool while every connection is busy is
 * told apart from one that waits on an unreachable database (pool-busy.ts).
 */
export function createPool(config: pg.PoolConfig, label = 'shop-api', log: Logger = fallbackLogger()): pg.Pool {
  const pool = new pg.Pool(config);
  const ending = markEnding(pool);
  pool.on('connect', (client) => {
    client.on('error', (err: PgError) => {
      if (!ending()) log.error(`${describe(label, err)}; the next query opens a new one`);
    });
  });
  // Idle clients' errors reach the pool too (which then drops the client); the client's own
  // handler above has logged them.
  pool.on('error', () => {});
  reportBusyTimeouts(pool, label);
  return pool;
}

/**
 * A single connection with the same rule: its loss is logged (not while it is being closed),
 * never an unhandled 'error'. A lost client is not reconnected by pg: `onLost` is where its
 * owner opens a new one (a LISTEN connection, say).
 */
export function createClient(config: pg.ClientConfig, label = 'shop-api', onLost?: (err: PgError) => void, log: Logger = fallbackLogger()): pg.Client {
  const client = new pg.Client(config);
  const ending = markEnding(client);
  client.on('error', (err: PgError) => {
    if (ending()) return;
    log.error(describe(label, err));
    onLost?.(err);
  });
  return client;
}
