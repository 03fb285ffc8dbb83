import { ApiError, on, readSessionToken } from '@cgg/contracts';

/*
 * The signed-in customer's token belongs to remote-account, which rotates it on every
 * page load (check-auth replaces it; the API accepts the old one for another minute). So
 * it is read right before each call, never kept, and a call refused for a token that has
 * since been rotated is retried once with the new token.
 */

export function currentSessionToken(): string | null {
  return readSessionToken();
}

export function isAuthError(error: unknown): boolean {
  // 401 only: a 403 is a refusal for this customer (spending limit, locked account), not a stale token.
  return error instanceof ApiError && error.status === 401 && !error.code.includes('nonce');
}

/** Resolves with the stored token once it differs from `stale` (or null when the account remote says signed out / after `waitMs`). */
export function nextToken(stale: string | null, waitMs: number): Promise<string | null> {
  const now = currentSessionToken();
  if (now !== stale) return Promise.resolve(now);
  return new Promise((resolve) => {
    const stop = on('account:session-changed', () => {
      const next = currentSessionToken();
      if (next !== stale) finish(next);
    });
    const timer = setTimeout(() => finish(null), waitMs);
    function finish(value: string | null) {
      clearTimeout(timer);
      stop();
      resolve(value);
    }
  });
}

/**
 * Runs a call with the customer's token (throws a 401 ApiError when signed out); if the
 * token was rotated while the call ran, runs it again with the new one.
 */
export async function withSessionToken<T>(call: (token: string) => Promise<T>, waitMs = 4000): Promise<T> {
  const token = currentSessionToken();
  if (!token) throw new ApiError('rest_not_logged_in', 'Please log in to continue.', 401);
  try {
    return await call(token);
  } catch (error) {
    if (!isAuthError(error)) throw error;
    const next = await nextToken(token, waitMs);
    if (!next) throw error;
    return call(next);
  }
}
