import type { StaffAccount } from '@cgg/contracts/staff';
import type pg from 'pg';
import { hashPassword } from '../accounts/password.ts';
import { newSecret } from '../accounts/tokens.ts';
import type { Mailer } from '../mail/mailer.ts';
import { inTransaction } from '../accounts/queryable.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { recordStaffAction } from './audit-log.ts';
import { assertStaffPassword } from './staff-accounts.ts';
import { staffAccountRow, toAccount } from './staff-directory.ts';
import { endPasswordLinks, mailStaffPasswordLink } from './staff-password-links.ts';

export interface StaffSignInReset {
  id: number;
  /**
   * The new first password, given to the member privately (the CLI); or, from the back office, a
   * link mailed to the member to choose their own (`link`): the admin then never knows it.
   */
  password?: string | undefined;
  link?: { mailer: Mailer; siteUrl: string; byName: string };
  /** A signed-in admin (their id: they may not reset themselves), or the operator's CLI (null). */
  by: { staffId: number | null; actor: string };
  now: Date;
}

/**
 * A member who lost their authenticator app and recovery codes, or their password: the app, the
 * recovery codes and every session gone, and a new password: mailed as a link for the member to
 * choose their own (the back office's Reset sign-in, admins), or a first password given (the CLI's
 * `staff-reset`), which the member replaces at their next sign-in. That sign-in enrols an app again,
 * as their first did. Audited (`staff.reset-sign-in`; never the password). Their failed sign-ins
 * are forgotten, so a member who locked themselves out is let in at once.
 */
export async function resetStaffSignIn(pool: pg.Pool, limits: Pick<RateLimits, 'forgetSignInFailures'>, r: StaffSignInReset): Promise<StaffAccount> {
  if (r.password === undefined && !r.link) throw new Error('a sign-in reset needs a first password or a link to mail');
  if (r.password !== undefined) assertStaffPassword(r.password);
  const after = await inTransaction(pool, (client) => resetInTransaction(client, r));
  await limits.forgetSignInFailures('staff', after.email);
  return after;
}

async function resetInTransaction(db: pg.PoolClient, r: StaffSignInReset): Promise<StaffAccount> {
  // In the back office an admin would sign themselves out with no way back in but the new password.
  if (r.by.staffId === r.id) throw new WpHttpError(409, 'cgg_staff_self', 'You cannot reset your own sign-in: ask another admin.');
  const before = await staffAccountRow(db, r.id, true);
  if (!before) throw new WpHttpError(404, 'cgg_staff_not_found', 'There is no such staff member.');
  // A resetter who set the new password knows it while the app is gone: one admin could then sign
  // in as another. So an admin's sign-in is reset in the back office only with a mailed link (the
  // resetter never knows the password), or from the CLI, by someone with the server's keys.
  if (before.role === 'admin' && r.by.staffId !== null && r.password !== undefined) {
    throw new WpHttpError(409, 'cgg_staff_reset_admin', "An admin's sign-in is reset with a link mailed to them (leave the password out), or from the operator CLI (staff-reset).");
  }
  // The link only when no password is given (an older back office still sends one).
  const link = r.password === undefined ? r.link : undefined;
  // A password given is the resetter's: the member chooses their own once signed in
  // (password_change_due). Without one nobody knows the password until the member uses the link.
  await db.query(
    'UPDATE staff SET password_hash = $2, password_change_due = $3, totp_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL WHERE id = $1',
    [r.id, await hashPassword(r.password ?? newSecret()), r.password !== undefined],
  );
  await db.query('DELETE FROM staff_recovery_codes WHERE staff_id = $1', [r.id]);
  const ended = await db.query('UPDATE staff_sessions SET revoked_at = $2 WHERE staff_id = $1 AND revoked_at IS NULL', [r.id, r.now]);
  await recordStaffAction(db, {
    staffId: r.by.staffId, actor: r.by.actor, action: 'staff.reset-sign-in', subject: `staff #${r.id}`,
    before: { second_factor: before.totp_enabled_at !== null }, after: { second_factor: false, sessions_ended: ended.rowCount ?? 0, password: link ? 'link mailed' : 'set by the resetter' }, at: r.now,
  });
  // A link mailed before (an invitation, an earlier reset) no longer works either way.
  if (link) {
    await mailStaffPasswordLink(db, link.mailer, { staffId: r.id, email: before.email, name: before.name, purpose: 'reset', by: link.byName, siteUrl: link.siteUrl, now: r.now });
  } else {
    await endPasswordLinks(db, r.id, r.now);
  }
  return toAccount((await staffAccountRow(db, r.id))!);
}
