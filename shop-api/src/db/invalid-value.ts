/*
 * PostgreSQL's refusals of a value it was sent: a number beyond an `integer` column (22003), text
 * that is not a number (22P02), not a date or time (22007, 22008), or holds a NUL (22021). The
 * request schemas refuse these first; one that gets past them is still the caller's bad value,
 * not a fault of the server, and its statement changed nothing, so the app answers 400 instead
 * of 500 (and logs it, as a schema to tighten). The rest of SQLSTATE class 22 (a division by
 * zero, say) is our own arithmetic, and stays a 500.
 */
const SENT_VALUE_REFUSED = new Set(['22003', '22P02', '22007', '22008', '22021']);

export function isInvalidValue(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 5) return false;
  const e = err as { code?: unknown; severity?: unknown; cause?: unknown };
  // pg's DatabaseError carries the server's severity; a Node error's code is never one of these.
  if (typeof e.code === 'string' && SENT_VALUE_REFUSED.has(e.code) && typeof e.severity === 'string') return true;
  return isInvalidValue(e.cause, depth + 1);
}
