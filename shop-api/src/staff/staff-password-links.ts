import type pg from 'pg';
import { hashPassword } from '../accounts/password.ts';
import { inTransaction, type Queryable } from '../accounts/queryable.ts';
import { hashSecret, newSecret } from '../accounts/tokens.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import type { Mailer } from '../mail/mailer.ts';
import { staffPasswordLinkEmail } from '../mail/staff-emails.ts';
import { recordStaffAction, staffActor } from './audit-log.ts';
import { assertStaffPassword, createStaff, type StaffCreation } from './staff-accounts.ts';
import { STAFF_PASSWORD_LINK_DAYS, type StaffMember } from '@cgg/contracts/staff';

/*
 * A member chooses their own password through a link mailed to them, when an admin adds them or
 * resets their lost sign-in in the back office. The admin never knows the password, so cannot sign
 * in as them before they do (as a first password set in the admin's form allowed). Only the key's
 * hash is kept (migration 056); a link works once, for STAFF_PASSWORD_LINK_DAYS (contracts), and a newer one ends it.
 */

export interface StaffLinkRequest {
  staffId: number;
  email: string;
  name: string;
  purpose: 'invite' | 'reset';
  /** The admin who asked for it, by name (the mail says who). */
  by: string;
  siteUrl: string;
  now: Date;
}

/** The back office's screen that reads the key (remote-backoffice's set-password screen). */
export function staffPasswordLink(siteUrl: string, key: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/admin/set-password?${new URLSearchParams({ key }).toString()}`;
}

/**
 * Every link of the member not used yet stops working: a newer link, or a password set another way
 * (their own change, a reset with a password given), supersedes it.
 */
export async function endPasswordLinks(db: Queryable, staffId: number, now: Date): Promise<void> {
  await db.query('UPDATE staff_password_links SET used_at = $2 WHERE staff_id = $1 AND used_at IS NULL', [staffId, now]);
}

/**
 * A new link for the member, mailed in the caller's transaction: the mail is queued with the change
 * that asked for it, so it goes only if that commits. Any older link of theirs stops working.
 */
export async function mailStaffPasswordLink(db: Queryable, mailer: Mailer, l: StaffLinkRequest): Promise<void> {
  await endPasswordLinks(db, l.staffId, l.now);
  const key = newSecret();
  const expires = new Date(l.now.getTime() + STAFF_PASSWORD_LINK_DAYS * 86_400_000);
  await db.query(
    'INSERT INTO staff_password_links (key_hash, staff_id, purpose, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [hashSecret(key), l.staffId, l.purpose, l.now, expires],
  );
  const site = l.siteUrl.replace(/\/+$/, '');
  await mailer.send(staffPasswordLinkEmail({
    to: l.email, name: l.name, purpose: l.purpose, by: l.by, link: staffPasswordLink(site, key), key, signInUrl: `${site}/admin`, days: STAFF_PASSWORD_LINK_DAYS,
  }), db);
}

/**
 * A new member who chooses their own password through a mailed link (the back office's Add a staff
 * member, the CLI's `staff-create --mail-link`), in the caller's transaction: nobody knows a password
 * for them meanwhile.
 */
export async function createStaffWithLink(db: Queryable, mailer: Mailer, c: Omit<StaffCreation, 'password' | 'passwordChangeDue'> & { byName: string; siteUrl: string }): Promise<StaffMember> {
  const member = await createStaff(db, c);
  await mailStaffPasswordLink(db, mailer, { staffId: member.id, email: member.email, name: member.name, purpose: 'invite', by: c.byName, siteUrl: c.siteUrl, now: c.now });
  return member;
}

/**
 * The member's own password, set with the key of their link: 'invalid' for a key that is unknown,
 * used, ended by a newer one, past its time, or a disabled member's (nothing changes). Every session
 * of theirs ends, and their failed sign-ins are forgotten (they proved the mailbox). Audited as the
 * member's own `staff.password-change`. The member's row is locked before the link is claimed, as
 * an admin's reset (which mails a newer link) locks it first too: the two queue, never deadlock.
 */
export async function setStaffPasswordWithLink(pool: pg.Pool, limits: Pick<RateLimits, 'forgetSignInFailures'>, s: { key: string; password: string; now: Date }): Promise<'set' | 'invalid'> {
  assertStaffPassword(s.password);
  const keyHash = hashSecret(s.key);
  const hash = await hashPassword(s.password);
  const email = await inTransaction(pool, async (client) => {
    const owner = (await client.query<{ staff_id: number }>('SELECT staff_id FROM staff_password_links WHERE key_hash = $1', [keyHash])).rows[0];
    if (!owner) return null;
    const member = (await client.query<{ id: number; email: string; name: string }>(
      'SELECT id, email, name FROM staff WHERE id = $1 AND disabled_at IS NULL FOR UPDATE',
      [owner.staff_id],
    )).rows[0];
    if (!member) return null;
    // Single use: the UPDATE claims the link; a second request, or one after a newer link, finds it used.
    const claimed = await client.query<{ purpose: string }>(
      'UPDATE staff_password_links SET used_at = $2 WHERE key_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING purpose',
      [keyHash, s.now],
    );
    const link = claimed.rows[0];
    if (!link) return null;
    await client.query('UPDATE staff SET password_hash = $2, password_change_due = false WHERE id = $1', [member.id, hash]);
    await endPasswordLinks(client, member.id, s.now);
    const ended = await client.query('UPDATE staff_sessions SET revoked_at = $2 WHERE staff_id = $1 AND revoked_at IS NULL', [member.id, s.now]);
    await recordStaffAction(client, {
      staffId: member.id, actor: staffActor(member), action: 'staff.password-change', subject: `staff #${member.id}`,
      after: { through: `mailed ${link.purpose} link`, sessions_ended: ended.rowCount ?? 0 }, at: s.now,
    });
    return member.email;
  });
  if (email === null) return 'invalid';
  await limits.forgetSignInFailures('staff', email);
  return 'set';
}
