import type pg from 'pg';
import { hashPassword, verifyPassword } from '../accounts/password.ts';
import { inTransaction } from '../accounts/queryable.ts';
import { recordStaffAction, staffActor } from './audit-log.ts';
import type { StaffSession } from './staff-sessions.ts';

export type OwnPasswordChange = 'changed' | 'wrong-current' | 'same-as-current';

/**
 * A signed-in member chooses their own password (required first when someone else set it:
 * `password_change_due`). Their other sessions end, as a changed password means anywhere else
 * signed in may not be them; this one stays. Audited (`staff.password-change`, never a password).
 */
export async function changeOwnStaffPassword(pool: pg.Pool, c: { staff: StaffSession; current: string; next: string; now: Date }): Promise<OwnPasswordChange> {
  const { rows } = await pool.query<{ password_hash: string }>('SELECT password_hash FROM staff WHERE id = $1', [c.staff.staffId]);
  if (!rows[0] || !(await verifyPassword(c.current, rows[0].password_hash))) return 'wrong-current';
  if (c.next === c.current) return 'same-as-current';
  const hash = await hashPassword(c.next);
  return inTransaction(pool, async (client) => {
    await client.query('UPDATE staff SET password_hash = $2, password_change_due = false WHERE id = $1', [c.staff.staffId, hash]);
    const ended = await client.query('UPDATE staff_sessions SET revoked_at = $3 WHERE staff_id = $1 AND id <> $2 AND revoked_at IS NULL', [c.staff.staffId, c.staff.sessionId, c.now]);
    await recordStaffAction(client, {
      staffId: c.staff.staffId, actor: staffActor(c.staff), action: 'staff.password-change', subject: `staff #${c.staff.staffId}`,
      after: { was_set_by_someone_else: c.staff.passwordChangeDue, other_sessions_ended: ended.rowCount ?? 0 }, at: c.now,
    });
    return 'changed' as const;
  });
}
