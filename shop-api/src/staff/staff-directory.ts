import { poundsToPence } from '@cgg/contracts';
import type { StaffAccount, StaffRole } from '@cgg/contracts/staff';
import type pg from 'pg';
import { inTransaction, type Queryable } from '../accounts/queryable.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { penceToPounds } from '../lib/money.ts';
import { recordStaffAction } from './audit-log.ts';
import { endPasswordLinks } from './staff-password-links.ts';

/*
 * The staff as admins manage them: the list, and a change of role, refund limit or disabled.
 * The back office's Staff screen (staff/list, staff/update) and the CLI's `staff` and
 * `staff-update` both come here.
 */

interface AccountRow {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  refund_limit_pence: number | null;
  totp_enabled_at: Date | null;
  disabled_at: Date | null;
  created_at: Date;
}

export const toAccount = (r: AccountRow): StaffAccount => ({
  id: r.id, email: r.email, name: r.name, role: r.role,
  refund_limit: r.refund_limit_pence === null ? null : penceToPounds(r.refund_limit_pence),
  second_factor: r.totp_enabled_at !== null, disabled: r.disabled_at !== null, created_at: r.created_at.toISOString(),
});

const ACCOUNT_COLUMNS = 'id, email, name, role, refund_limit_pence, totp_enabled_at, disabled_at, created_at';

/** One member's account row (locked for the caller's transaction when `lock`), or undefined. */
export async function staffAccountRow(db: Queryable, id: number, lock = false): Promise<AccountRow | undefined> {
  return (await db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM staff WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id])).rows[0];
}

/** Every member: the enabled first, by role and name. */
export async function listStaff(db: Queryable): Promise<StaffAccount[]> {
  const { rows } = await db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM staff ORDER BY disabled_at IS NOT NULL, role, lower(name)`);
  return rows.map(toAccount);
}

export interface StaffChange {
  id: number;
  role?: StaffRole | undefined;
  /** Pounds ("12.50"), or null to take the limit away; undefined: unchanged. */
  refundLimit?: string | null | undefined;
  disabled?: boolean | undefined;
  /** A signed-in admin (their id: they may not disable or demote themselves), or the operator's CLI (null). */
  by: { staffId: number | null; actor: string };
  now: Date;
}

/**
 * Changes a member's role, refund limit or disabled (their sessions end at once). No change may
 * leave no enabled admin (409 `cgg_staff_last_admin`): two admins changing each other at once
 * queue, and the second sees what the first did. Audited (`staff.update`) with before and after.
 */
export async function updateStaff(pool: pg.Pool, c: StaffChange): Promise<StaffAccount> {
  return inTransaction(pool, async (client) => {
    // Every enabled admin's row first, in one order: two admins demoting or disabling each
    // other at once queue here, and the second sees what the first did (the check below).
    await client.query(`SELECT id FROM staff WHERE role = 'admin' AND disabled_at IS NULL ORDER BY id FOR UPDATE`);
    const before = await staffAccountRow(client, c.id, true);
    if (!before) throw new WpHttpError(404, 'cgg_staff_not_found', 'There is no such staff member.');
    if (before.id === c.by.staffId && (c.disabled === true || (c.role !== undefined && c.role !== 'admin'))) {
      throw new WpHttpError(409, 'cgg_staff_self', 'You cannot disable yourself or take away your own admin role.');
    }
    await client.query(
      `UPDATE staff SET role = COALESCE($2, role),
                        refund_limit_pence = CASE WHEN $3::boolean THEN $4::int ELSE refund_limit_pence END,
                        disabled_at = CASE WHEN $5::boolean IS NULL THEN disabled_at WHEN $5 THEN COALESCE(disabled_at, $6) ELSE NULL END
        WHERE id = $1`,
      [c.id, c.role ?? null, c.refundLimit !== undefined, c.refundLimit == null ? null : poundsToPence(c.refundLimit), c.disabled ?? null, c.now],
    );
    const admins = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff WHERE role = 'admin' AND disabled_at IS NULL`);
    if (admins.rows[0]!.n === 0) throw new WpHttpError(409, 'cgg_staff_last_admin', 'This would leave the back office without an admin: make someone else an admin first.');
    if (c.disabled) {
      await client.query('UPDATE staff_sessions SET revoked_at = $2 WHERE staff_id = $1 AND revoked_at IS NULL', [c.id, c.now]);
      // A password link mailed before must not let them back in once enabled again: a reset mails a new one.
      await endPasswordLinks(client, c.id, c.now);
    }
    const after = (await staffAccountRow(client, c.id))!;
    await recordStaffAction(client, {
      staffId: c.by.staffId, actor: c.by.actor, action: 'staff.update', subject: `staff #${c.id}`, before: toAccount(before), after: toAccount(after), at: c.now,
    });
    return toAccount(after);
  });
}
