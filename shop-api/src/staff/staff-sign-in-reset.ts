import type { StaffAccount } from '@cgg/contracts/staff';
import type pg from 'pg';
import { hashPassword } from '../accounts/password.ts';
import { inTransaction } from '../accounts/queryable.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { recordStaffAction } from './audit-log.ts';
import { assertStaffPassword } from './staff-accounts.ts';
import { staffAccountRow, toAccount } from './staff-directory.ts';

export interface StaffSignInReset {
  id: number;
  /** The new first password, given to the member privately. */
  password: string;
  /** A signed-in admin (their id: they may not reset themselves), or the operator's CLI (null). */
  by: { staffId: number | null; actor: string };
  now: Date;
}

/**
 * A member who lost their authenticator app and recovery codes, or their password: a new first
 * password; the app, the recovery codes and every session gone. Their next sign-in enrols an app
 * again, as their first did, and they then choose their own password. The back office's Reset sign-in (admins) and the CLI's `staff-reset`
 * both come here. Audited (`staff.reset-sign-in`; never the password). Their failed sign-ins are
 * forgotten, so a member who locked themselves out is let in with the new password at once.
 */
export async function resetStaffSignIn(pool: pg.Pool, limits: Pick<RateLimits, 'forgetSignInFailures'>, r: StaffSignInReset): Promise<StaffAccount> {
  assertStaffPassword(r.password);
  const after = await inTransaction(pool, (client) => resetInTransaction(client, r));
  await limits.forgetSignInFailures('staff', after.email);
  return after;
}

async function resetInTransaction(db: pg.PoolClient, r: StaffSignInReset): Promise<StaffAccount> {
  // In the back office an admin would sign themselves out with no way back in but the new password.
  if (r.by.staffId === r.id) throw new WpHttpError(409, 'cgg_staff_self', 'You cannot reset your own sign-in: ask another admin.');
  const before = await staffAccountRow(db, r.id, true);
  if (!before) throw new WpHttpError(404, 'cgg_staff_not_found', 'There is no such staff member.');
  // The resetter knows the new password and the app is gone: one admin could then sign in as
  // another. An admin's sign-in is reset only from the CLI, by someone with the server's keys.
  if (before.role === 'admin' && r.by.staffId !== null) {
    throw new WpHttpError(409, 'cgg_staff_reset_admin', "An admin's sign-in is reset from the operator CLI (staff-reset), not the back office.");
  }
  // The new password is the resetter's: the member chooses their own once signed in (password_change_due).
  await db.query('UPDATE staff SET password_hash = $2, password_change_due = true, totp_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL WHERE id = $1', [r.id, await hashPassword(r.password)]);
  await db.query('DELETE FROM staff_recovery_codes WHERE staff_id = $1', [r.id]);
  const ended = await db.query('UPDATE staff_sessions SET revoked_at = $2 WHERE staff_id = $1 AND revoked_at IS NULL', [r.id, r.now]);
  await recordStaffAction(db, {
    staffId: r.by.staffId, actor: r.by.actor, action: 'staff.reset-sign-in', subject: `staff #${r.id}`,
    before: { second_factor: before.totp_enabled_at !== null }, after: { second_factor: false, sessions_ended: ended.rowCount ?? 0 }, at: r.now,
  });
  return toAccount((await staffAccountRow(db, r.id))!);
}
