import { WpHttpError } from './wp-error.ts';

/**
 * Seconds a client should wait before trying again while the database is unreachable:
 * the embedded server is back within a few seconds of a crash (src/db/embedded-keeper.ts),
 * and a managed server's failover takes about as long.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_MESSAGE = 'The shop is briefly unavailable while its database restarts. Please try again in a few seconds.';

/**
 * The answer to any request the database could not serve (src/db/unreachable.ts): 503 with
 * `Retry-After` (the app's error handler sends `retry_after` as that header). The request
 * did not complete: a transaction it began was rolled back with its connection.
 */
export const databaseUnavailable = (): WpHttpError =>
  new WpHttpError(503, 'rest_database_unavailable', DATABASE_UNAVAILABLE_MESSAGE, { retry_after: DATABASE_RETRY_AFTER_SECONDS });

/**
 * Seconds a client should wait before trying again when this instance is busy: it has just waited
 * out the pool (5 s) for a connection, so an immediate retry would only join the queue it left.
 */
export const SERVER_BUSY_RETRY_AFTER_SECONDS = 2;

export const SERVER_BUSY_MESSAGE = 'The shop is very busy right now. Please try again in a moment.';

/**
 * The answer to a request that found every database connection busy for the whole wait
 * (src/db/pool-busy.ts): 503 with `Retry-After`, like an outage, but it says what happened. The
 * request did not complete: it never had a connection.
 */
export const serverBusy = (): WpHttpError =>
  new WpHttpError(503, 'rest_server_busy', SERVER_BUSY_MESSAGE, { retry_after: SERVER_BUSY_RETRY_AFTER_SECONDS });
