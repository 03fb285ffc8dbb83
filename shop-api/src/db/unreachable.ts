/**
 * Whether an error means "the database cannot be reached right now" (stopped, restarting,
 * crashed, the network to it cut), as opposed to a bug or a refused statement. Such a
 * request did not complete, and the same request may succeed in a few seconds: the API
 * answers it 503 with Retry-After instead of 500.
 */

/** Socket errors from Node when the server's port is closed, the connection dropped or the host is unreachable. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);

/**
 * PostgreSQL SQLSTATEs of an unavailable server: 57P01 admin_shutdown (stopped, or an
 * operator's pg_terminate_backend), 57P02 crash_shutdown (another backend crashed),
 * 57P03 cannot_connect_now (starting up or recovering), 53300 too_many_connections.
 * Class 08 (connection exception) is matched as a class below.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * node-postgres reports some losses with a plain Error and no code: the socket closed
 * under a query, a pool connect that timed out, a client reused after its connection broke.
 */
const PG_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable$/,
  /^Cannot use a pool after calling end/,
];

function matchesItself(err: { code?: unknown; message?: unknown }): boolean {
  const code = typeof err.code === 'string' ? err.code : '';
  if (SOCKET_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  const message = typeof err.message === 'string' ? err.message : '';
  return PG_MESSAGES.some((pattern) => pattern.test(message));
}

/** Looks through `cause` chains and AggregateError's `errors` (Node's connect tries each address of a host). */
export function isDatabaseUnreachable(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (matchesItself(e)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnreachable(inner, depth + 1))) return true;
  return isDatabaseUnreachable(e.cause, depth + 1);
}
