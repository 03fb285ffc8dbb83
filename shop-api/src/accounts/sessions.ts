import type { Queryable } from './queryable.ts';
import { hashSecret, newSecret } from './tokens.ts';

/** A session ends after 30 days without use. */
export const SESSION_IDLE_MS = 30 * 24 * 3600_000;
/** Touching last_used_at on every call would write on every read; once an hour is enough for a 30-day window. */
const TOUCH_EVERY_MS = 3600_000;
/**
 * How long a token stays usable after check-auth has replaced it: long enough for the calls a
 * page sent with it while check-auth ran, and for other tabs that opened at the same moment
 * (each checks the stored token too), short enough that a copied old token soon stops working.
 */
export const ROTATION_GRACE_MS = 60_000;

export type SessionOrigin = 'register' | 'login' | 'check-auth' | 'login-as-user';

/**
 * A session support opened as the customer (`login-as-user`) ends an hour after it began, however
 * it is used (check-auth's rotation hands its end on), and cannot do what only the customer may
 * (assisted-session.ts): it is for seeing what they see, not for taking over the account.
 */
export const ASSISTED_SESSION_MS = 3600_000;

export interface SessionHit {
  sessionId: number;
  customerId: number;
  /** The customer's basket as the session was read (null: none yet); a Store request needs both (store-session.ts). */
  cartId: string | null;
  /** Opened by support as the customer (login-as-user): when it ends, whatever happens (ASSISTED_SESSION_MS); null for the customer's own. */
  assistedUntil: Date | null;
}

/**
 * Creates a session and returns its token (only its hash is stored). `assistedUntil`: an assisted
 * session's end, handed on by check-auth's rotation (a new login-as-user one ends ASSISTED_SESSION_MS from now).
 */
export async function createSession(db: Queryable, customerId: number, origin: SessionOrigin, now: Date, assistedUntil?: Date | null): Promise<string> {
  const token = newSecret();
  const until = assistedUntil ?? (origin === 'login-as-user' ? new Date(now.getTime() + ASSISTED_SESSION_MS) : null);
  await db.query(
    `INSERT INTO customer_sessions (customer_id, token_hash, origin, created_at, last_used_at, expires_at, assisted_until)
     VALUES ($1, $2, $3, $4, $4, $5, $6)`,
    [customerId, hashSecret(token), origin, now, new Date(now.getTime() + SESSION_IDLE_MS), until],
  );
  return token;
}

/** The live session a token names, or null (unknown, revoked or expired). Slides the idle expiry. */
export async function findSession(db: Queryable, token: string, now: Date): Promise<SessionHit | null> {
  // Named (prepared): every signed-in request asks, so each connection plans it once.
  const { rows } = await db.query<{ id: string; customer_id: number; last_used_at: Date; cart_id: string | null; assisted_until: Date | null }>({
    name: 'cgg_find_session',
    text: `SELECT s.id, s.customer_id, s.last_used_at, (SELECT c.id FROM carts c WHERE c.customer_id = s.customer_id) AS cart_id, s.assisted_until
     FROM customer_sessions s WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2 AND (s.assisted_until IS NULL OR s.assisted_until > $2)`,
    values: [hashSecret(token), now],
  });
  const row = rows[0];
  if (!row) return null;
  if (now.getTime() - row.last_used_at.getTime() > TOUCH_EVERY_MS) {
    // A superseded session's expiry is the end of its grace: use never slides it. (An assisted one ends at assisted_until whatever.)
    await db.query('UPDATE customer_sessions SET last_used_at = $2, expires_at = $3 WHERE id = $1 AND superseded_at IS NULL', [
      row.id,
      now,
      new Date(now.getTime() + SESSION_IDLE_MS),
    ]);
  }
  return { sessionId: Number(row.id), customerId: row.customer_id, cartId: row.cart_id, assistedUntil: row.assisted_until };
}

/** Revokes one session (logout). */
export async function revokeSession(db: Queryable, sessionId: number, now: Date): Promise<void> {
  await db.query('UPDATE customer_sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [sessionId, now]);
}

/**
 * check-auth's rotation: the session ends ROTATION_GRACE_MS after it was first superseded (a
 * second check-auth with the same token, from another tab, neither restarts nor lengthens that).
 * False when the session ended meanwhile (revoked, expired).
 */
export async function supersedeSession(db: Queryable, sessionId: number, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE customer_sessions
     SET superseded_at = COALESCE(superseded_at, $2), expires_at = LEAST(expires_at, COALESCE(superseded_at, $2) + $3::int * interval '1 millisecond')
     WHERE id = $1 AND revoked_at IS NULL AND expires_at > $2`,
    [sessionId, now, ROTATION_GRACE_MS],
  );
  return rowCount === 1;
}

/**
 * Logout also ends the customer's superseded sessions still in their grace: the tokens this
 * browser (or another) held a moment ago must not outlive the sign-out.
 */
export async function revokeSupersededSessions(db: Queryable, customerId: number, now: Date): Promise<void> {
  await db.query(
    'UPDATE customer_sessions SET revoked_at = $2 WHERE customer_id = $1 AND superseded_at IS NOT NULL AND revoked_at IS NULL AND expires_at > $2',
    [customerId, now],
  );
}

/**
 * Deletes a customer's sessions that ended (revoked or expired) over 30 days ago; a
 * month of finished sessions stays for support questions. Run on each login, so the
 * table stays proportional to active use (check-auth adds a row per rotation).
 */
export async function pruneFinishedSessions(db: Queryable, customerId: number, now: Date): Promise<void> {
  const before = new Date(now.getTime() - SESSION_IDLE_MS);
  await db.query('DELETE FROM customer_sessions WHERE customer_id = $1 AND expires_at < $2', [customerId, before]);
  await db.query('DELETE FROM customer_sessions WHERE customer_id = $1 AND revoked_at < $2', [customerId, before]);
}

/** Ends every session of a customer except `keepSessionId` (a password change keeps the session that made it). */
export async function revokeOtherSessions(db: Queryable, customerId: number, keepSessionId: number | null, now: Date): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE customer_sessions SET revoked_at = $3
     WHERE customer_id = $1 AND revoked_at IS NULL AND ($2::bigint IS NULL OR id <> $2)`,
    [customerId, keepSessionId, now],
  );
  return rowCount ?? 0;
}
