import type { AuditAction, AuditEntry } from '@cgg/contracts/staff';
import type { Queryable } from '../accounts/queryable.ts';

/** A staff member as the audit log names them: 'Amy Admin <amy@cgg.test>'. */
export const staffActor = (s: { name: string; email: string }): string => `${s.name} <${s.email}>`;

export interface StaffAction {
  /** The staff member, or null for the operator's CLI and the system. */
  staffId: number | null;
  /** Who, as a person reads it: 'Amy Admin <amy@cgg.test>', 'cli:amy'. */
  actor: string;
  /** What, as a dotted name: 'staff.create', 'staff.sign-in', 'order.refund' (the contracts' list). */
  action: AuditAction;
  /** To what: 'staff #3', 'order #10016'. */
  subject: string;
  before?: unknown;
  after?: unknown;
  at: Date;
}

/**
 * Records one staff action. Call it in the same transaction as the change it describes, so
 * the two commit together. The table refuses UPDATE, DELETE and TRUNCATE (a trigger), so no
 * call, and no operator with SQL, can rewrite what happened.
 */
export async function recordStaffAction(db: Queryable, a: StaffAction): Promise<void> {
  await db.query(
    'INSERT INTO staff_audit_log (at, staff_id, actor, action, subject, before, after) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [a.at, a.staffId, a.actor, a.action, a.subject, a.before === undefined ? null : JSON.stringify(a.before), a.after === undefined ? null : JSON.stringify(a.after)],
  );
}

/** One page of the log, newest first, filtered by action and staff member. */
export async function auditPage(db: Queryable, o: { page: number; limit: number; action?: string | undefined; staffId?: number | undefined }) {
  const { rows } = await db.query<{ id: string; at: Date; staff_id: number | null; actor: string; action: string; subject: string; before: unknown; after: unknown; total: number }>(
    `SELECT id, at, staff_id, actor, action, subject, before, after, count(*) OVER ()::int AS total
       FROM staff_audit_log
      WHERE ($3::text IS NULL OR action = $3) AND ($4::int IS NULL OR staff_id = $4)
      ORDER BY at DESC, id DESC LIMIT $1 OFFSET $2`,
    [o.limit, (o.page - 1) * o.limit, o.action ?? null, o.staffId ?? null],
  );
  const entries: AuditEntry[] = rows.map((r) => ({
    id: Number(r.id), at: r.at.toISOString(), staff_id: r.staff_id, actor: r.actor, action: r.action, subject: r.subject, before: r.before, after: r.after,
  }));
  return { entries, total: rows[0]?.total ?? 0 };
}
