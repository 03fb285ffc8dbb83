/*
 * PostgreSQL's "data exception" errors (SQLSTATE class 22): a value it cannot take, such as a
 * number beyond an `integer` column (22003), text that is not a number or a date (22P02, 22007,
 * 22008) or a NUL in text (22021). The request schemas refuse these first; one that gets past
 * them is still the caller's bad value, not a fault of the server, and its statement changed
 * nothing, so the app answers 400 instead of 500 (and logs it, as a schema to tighten).
 */
export function isInvalidValue(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 5) return false;
  const e = err as { code?: unknown; severity?: unknown; cause?: unknown };
  // pg's DatabaseError carries the server's severity; a Node error's code never starts with "22".
  if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code) && typeof e.severity === 'string') return true;
  return isInvalidValue(e.cause, depth + 1);
}
