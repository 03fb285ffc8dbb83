import type pg from 'pg';

/*
 * A request that waited out the pool's connectionTimeoutMillis for a connection gets pg-pool's
 * plain "timeout exceeded when trying to connect". That has two causes a shopper should hear
 * apart: every connection was busy serving other requests (a launch-night rush: the database is
 * fine, this instance has more work than connections), or the connections were still being
 * opened (the database is not answering: src/db/unreachable.ts). The pool knows which at that
 * moment, so its own connect tells them apart: the first becomes a PoolBusyError. Its cause is
 * pg-pool's error, which isDatabaseUnreachable still matches: code that lets an outage through to
 * the app's 503 lets this through too, and the app's error handler asks isPoolBusy first.
 */

/** pg-pool's error for a request that waited `connectionTimeoutMillis` in the pool's queue. */
const QUEUE_TIMEOUT = /^timeout exceeded when trying to connect/;

const POOL_BUSY = 'CGG_POOL_BUSY';

/** Every connection of the pool was serving a request for the whole wait. */
export class PoolBusyError extends Error {
  readonly code = POOL_BUSY;
  constructor(label: string, size: number, cause: Error) {
    super(`[${label}] all ${size} database connections stayed busy for the whole wait for one`, { cause });
    this.name = 'PoolBusyError';
  }
}

/** Looks through `cause` chains, as isDatabaseUnreachable does (a PoolBusyError's own cause is pg-pool's timeout, which that matches). */
export function isPoolBusy(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 5) return false;
  const e = err as { code?: unknown; cause?: unknown };
  return e.code === POOL_BUSY || isPoolBusy(e.cause, depth + 1);
}

type ConnectCallback = (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void;

/**
 * Counts the pool's connections out with a request ('acquire' to 'release'; a connection still
 * being opened is neither) and wraps `connect` (which `query` calls too) so that a queue timeout
 * while all `max` of them were out is reported as a PoolBusyError.
 */
export function reportBusyTimeouts(pool: pg.Pool, label: string): void {
  const size = pool.options.max ?? 10;
  let inUse = 0;
  pool.on('acquire', () => { inUse += 1; });
  pool.on('release', () => { inUse -= 1; });
  const explain = (err: Error): Error => (QUEUE_TIMEOUT.test(err.message) && inUse >= size ? new PoolBusyError(label, size, err) : err);

  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((callback?: ConnectCallback) => {
    if (callback) return connect((err, client, done) => callback(err ? explain(err) : err, client, done));
    return connect()!.catch((err: Error) => {
      throw explain(err);
    });
  }) as typeof pool.connect;
}
