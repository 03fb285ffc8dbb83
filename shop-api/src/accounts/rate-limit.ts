import { WpHttpError } from '../http/wp-error.ts';
import type { Queryable } from './queryable.ts';

/**
 * Login throttling, kept in PostgreSQL so every API instance sees the same counts
 * (docs/decisions.md#shared-state-lives-in-postgresql). Failures are counted in a sliding 15-minute window: 5 per
 * account (the lower-cased email, existing or not) and 20 per client address.
 */
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

export const accountKey = (email: string): string => email.trim().toLowerCase();

/** Throws 429 `too_many_attempts` (with `retry_after` seconds) while either limit is reached. */
export async function assertLoginAllowed(db: Queryable, email: string, address: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const { rows } = await db.query<{ kind: 'account' | 'address'; n: number; oldest: Date | null; nth: Date | null }>(
    `SELECT 'account' AS kind, count(*)::int AS n, min(failed_at) AS oldest,
            (array_agg(failed_at ORDER BY failed_at DESC))[$4] AS nth
       FROM login_failures WHERE account_key = $1 AND failed_at > $3
     UNION ALL
     SELECT 'address', count(*)::int, min(failed_at), (array_agg(failed_at ORDER BY failed_at DESC))[$5]
       FROM login_failures WHERE address = $2 AND failed_at > $3`,
    [accountKey(email), address, since, MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ADDRESS],
  );
  for (const row of rows) {
    const max = row.kind === 'account' ? MAX_FAILURES_PER_ACCOUNT : MAX_FAILURES_PER_ADDRESS;
    if (row.n < max || !row.nth) continue;
    // Allowed again once the failure that reached the limit leaves the window.
    const retryAfter = Math.max(1, Math.ceil((row.nth.getTime() + LOGIN_WINDOW_MS - now.getTime()) / 1000));
    const minutes = Math.ceil(retryAfter / 60);
    throw new WpHttpError(
      429,
      'too_many_attempts',
      `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'} or reset your password.`,
      { retry_after: retryAfter },
    );
  }
}

export async function recordLoginFailure(db: Queryable, email: string, address: string, now: Date): Promise<void> {
  await db.query('INSERT INTO login_failures (account_key, address, failed_at) VALUES ($1, $2, $3)', [accountKey(email), address, now]);
  // Housekeeping in passing: rows older than a day count for nothing (indexed on failed_at).
  await db.query('DELETE FROM login_failures WHERE failed_at < $1', [new Date(now.getTime() - 24 * 3600_000)]);
}

/** A successful login clears its account's failures (the address's stay: they may be a spray across accounts). */
export async function clearAccountFailures(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE account_key = $1', [accountKey(email)]);
}
