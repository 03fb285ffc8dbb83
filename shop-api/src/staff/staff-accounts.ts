import { isEmail } from '@cgg/contracts/forms';
import type { StaffMember, StaffRole } from '@cgg/contracts/staff';
import type { Queryable } from '../accounts/queryable.ts';
import { hashPassword } from '../accounts/password.ts';
import { newSecret } from '../accounts/tokens.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { recordStaffAction } from './audit-log.ts';

export const STAFF_PASSWORD_MIN = 12;

export interface StaffCreation {
  email: string;
  name: string;
  role: StaffRole;
  /**
   * A first password, or none: then nobody knows one (a random one is stored) until the member
   * chooses theirs through a mailed link (staff-password-links.ts), as the back office does.
   */
  password?: string | undefined;
  /**
   * The password is one someone else chose and passed on (the back office's form, the CLI): the
   * member must choose their own at their first sign-in. False only for the demo seed and tests.
   */
  passwordChangeDue?: boolean;
  /** Who creates it: a signed-in admin (their id), or the operator's CLI (null). */
  by: { staffId: number | null; actor: string };
  now: Date;
}

const fieldError = (field: string, message: string) => new WpHttpError(400, 'rest_invalid_param', message, { params: { [field]: message } });

/** A first password, as an admin or the CLI sets one (a new member's, or a reset's). */
export function assertStaffPassword(password: string): void {
  if (password.length < STAFF_PASSWORD_MIN) throw fieldError('password', `A staff password has at least ${STAFF_PASSWORD_MIN} characters.`);
}

/**
 * A new staff member, and its audit entry, in the caller's transaction. The CLI's
 * `staff-create` and the back office's `staff/create` both come here. The account has no
 * second factor yet: its first sign-in enrols an authenticator app.
 */
export async function createStaff(db: Queryable, c: StaffCreation): Promise<StaffMember> {
  const email = c.email.trim().toLowerCase();
  const name = c.name.trim();
  if (!isEmail(email) || email.length > 254) throw fieldError('email', 'Enter a valid email address.');
  if (!name || name.length > 100) throw fieldError('name', 'Enter a name of at most 100 characters.');
  if (c.password !== undefined) assertStaffPassword(c.password);
  const hash = await hashPassword(c.password ?? newSecret());
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO staff (email, name, role, password_hash, created_at, created_by, password_change_due) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (lower(email)) DO NOTHING RETURNING id`,
    [email, name, c.role, hash, c.now, c.by.actor, c.password !== undefined && (c.passwordChangeDue ?? false)],
  );
  if (!rows[0]) throw new WpHttpError(409, 'cgg_staff_exists', 'A staff member with that email address already exists.');
  const member: StaffMember = { id: rows[0].id, email, name, role: c.role };
  await recordStaffAction(db, {
    staffId: c.by.staffId, actor: c.by.actor, action: 'staff.create', subject: `staff #${member.id}`, after: member, at: c.now,
  });
  return member;
}
