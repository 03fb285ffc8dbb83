import type pg from 'pg';
import { hashPassword, verifyPassword } from '../accounts/password.ts';
import { inTransaction } from '../accounts/queryable.ts';
import { recordStaffAction, staffActor } from './audit-log.ts';
import { endPasswordLinks } from './staff-password-links.ts';
import type { StaffSession } from './staff-sessions.ts';

export type OwnPasswordChange = 'changed' | 'wrong-current' | 'same-as-current' | 'session-ended';

/**
 * A signed-in member chooses their own password (required first when someone else set it:
 * `password_change_due`). Their other sessions end, as a changed password means anywhere else
 * signed in may not be them; this one stays. Audited (`staff.password-change`, never a password).
 * One transaction, the member's row locked: an admin's reset committed meanwhile (which ends this
 * session) is never overwritten by a change checked against the password before it.
 */
export async function changeOwnStaffPassword(pool: pg.Pool, c: { staff: StaffSession; current: string; next: string; now: Date }): Promise<OwnPasswordChange> {
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<{ password_hash: string; password_change_due: boolean; live: boolean }>(
      `SELECT m.password_hash, m.password_change_due,
              EXISTS (SELECT 1 FROM staff_sessions s WHERE s.id = $2 AND s.revoked_at IS NULL) AS live
       FROM staff m WHERE m.id = $1 FOR UPDATE`,
      [c.staff.staffId, c.staff.sessionId],
    );
    const me = rows[0];
    if (!me || !me.live) return 'session-ended';
    if (!(await verifyPassword(c.current, me.password_hash))) return 'wrong-current';
    if (c.next === c.current) return 'same-as-current';
    await client.query('UPDATE staff SET password_hash = $2, password_change_due = false WHERE id = $1', [c.staff.staffId, await hashPassword(c.next)]);
    // A link mailed to them earlier must not set a password over the one they just chose.
    await endPasswordLinks(client, c.staff.staffId, c.now);
    const ended = await client.query('UPDATE staff_sessions SET revoked_at = $3 WHERE staff_id = $1 AND id <> $2 AND revoked_at IS NULL', [c.staff.staffId, c.staff.sessionId, c.now]);
    await recordStaffAction(client, {
      staffId: c.staff.staffId, actor: staffActor(c.staff), action: 'staff.password-change', subject: `staff #${c.staff.staffId}`,
      after: { was_set_by_someone_else: me.password_change_due, other_sessions_ended: ended.rowCount ?? 0 }, at: c.now,
    });
    return 'changed';
  });
}
