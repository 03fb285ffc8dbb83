import type { Queryable } from '../accounts/queryable.ts';
import { hashSecret, newSecret } from '../accounts/tokens.ts';
import type { StaffRole } from '@cgg/contracts/staff';

/** A staff session ends after 30 minutes without a call... */
export const STAFF_IDLE_MS = 30 * 60_000;
/** ...or 12 hours after sign-in, whichever is first. */
export const STAFF_SESSION_MAX_MS = 12 * 3600_000;
/** Between the password and the code. */
export const SECOND_FACTOR_MS = 5 * 60_000;

export type StaffStage = 'second-factor' | 'signed-in';

export interface StaffSession {
  sessionId: number;
  staffId: number;
  email: string;
  name: string;
  role: StaffRole;
  /** Their password was set by someone else (staff/create, a reset, the CLI): they must choose their own first. */
  passwordChangeDue: boolean;
}

export async function createStaffSession(db: Queryable, staffId: number, stage: StaffStage, now: Date): Promise<string> {
  const token = newSecret();
  const expires = new Date(now.getTime() + (stage === 'signed-in' ? STAFF_IDLE_MS : SECOND_FACTOR_MS));
  await db.query(
    `INSERT INTO staff_sessions (staff_id, token_hash, stage, created_at, last_used_at, expires_at) VALUES ($1, $2, $3, $4, $4, $5)`,
    [staffId, hashSecret(token), stage, now, expires],
  );
  return token;
}

/**
 * The live session of this stage a token names (its staff member not disabled), or null.
 * A signed-in session's idle expiry slides with each call, never past 12 hours from sign-in.
 */
export async function findStaffSession(db: Queryable, token: string, stage: StaffStage, now: Date): Promise<StaffSession | null> {
  const { rows } = await db.query<{ id: string; staff_id: number; email: string; name: string; role: StaffRole; password_change_due: boolean }>(
    `UPDATE staff_sessions s
        SET last_used_at = $3,
            expires_at = CASE WHEN s.stage = 'signed-in' THEN LEAST($3::timestamptz + $4 * interval '1 millisecond', s.created_at + $5 * interval '1 millisecond') ELSE s.expires_at END
       FROM staff m
      WHERE s.token_hash = $1 AND s.stage = $2 AND s.revoked_at IS NULL AND s.expires_at > $3
        AND m.id = s.staff_id AND m.disabled_at IS NULL
      RETURNING s.id, s.staff_id, m.email, m.name, m.role, m.password_change_due`,
    [hashSecret(token), stage, now, STAFF_IDLE_MS, STAFF_SESSION_MAX_MS],
  );
  const row = rows[0];
  return row ? { sessionId: Number(row.id), staffId: row.staff_id, email: row.email, name: row.name, role: row.role, passwordChangeDue: row.password_change_due } : null;
}

/** True only for the caller that ended it (a second-factor token is used once). */
export async function endStaffSession(db: Queryable, sessionId: number, now: Date): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE staff_sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [sessionId, now]);
  return rowCount === 1;
}
