import { WpHttpError } from '../http/wp-error.ts';
import type { Queryable } from './queryable.ts';
import { findSession, type SessionHit } from './sessions.ts';

export const notSignedIn = (): WpHttpError => new WpHttpError(401, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
export const invalidToken = (): WpHttpError =>
  new WpHttpError(401, 'invalid_token', 'Your session has expired. Please log in again.');

/**
 * The customer a request acts for, from its token (payload `token`, or the bearer the
 * router copied into it). No token: 401 `rest_forbidden`; an unknown, revoked or
 * expired one: 401 `invalid_token`. Every account call starts here, and every query
 * after it is scoped by the customer id it returns.
 */
export async function requireCustomer(db: Queryable, token: string | undefined, now: Date): Promise<SessionHit & { token: string }> {
  if (!token) throw notSignedIn();
  const hit = await findSession(db, token, now);
  if (!hit) throw invalidToken();
  return { ...hit, token };
}
