import { STAFF_LIST_CAPS, type HarmRule, type ReviewAction, type ReviewFlag } from '@cgg/contracts/staff';
import type { Queryable } from '../accounts/queryable.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { flagText } from './flag-text.ts';

/** The review queue: open flags, newest first (at most 200: a queue longer than that needs more staff, not a pager). */
export async function openFlags(db: Queryable, limit: number = STAFF_LIST_CAPS.openFlags): Promise<ReviewFlag[]> {
  const { rows } = await db.query<{ id: string; customer_id: number; name: string; rule: HarmRule; raised_at: Date; figures: Record<string, unknown> }>(
    `SELECT f.id, f.customer_id, COALESCE(NULLIF(trim(c.first_name || ' ' || c.last_name), ''), c.email) AS name, f.rule, f.raised_at, f.figures
     FROM harm_flags f JOIN customers c ON c.id = f.customer_id
     WHERE f.closed_at IS NULL ORDER BY f.raised_at DESC, f.id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({ id: Number(r.id), customer_id: r.customer_id, name: r.name, rule: r.rule, text: flagText(r.rule, r.figures), raised_at: r.raised_at.toISOString(), figures: r.figures }));
}

/** True while the customer has a flag open: their account page shows where to find support. */
export async function hasOpenFlag(db: Queryable, customerId: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM harm_flags WHERE customer_id = $1 AND closed_at IS NULL LIMIT 1', [customerId])).rowCount === 1;
}

/**
 * Closes one open flag with what staff did and a note. Call in a transaction (with the audit
 * entry). Answers the flag as it was; 404 for no such flag, 409 when it is already closed.
 */
export async function closeFlag(client: Queryable, o: { flagId: number; action: ReviewAction; note: string; staffId: number; at: Date }) {
  const { rows } = await client.query<{ customer_id: number; rule: HarmRule; figures: Record<string, unknown>; closed_at: Date | null }>(
    'SELECT customer_id, rule, figures, closed_at FROM harm_flags WHERE id = $1 FOR UPDATE',
    [o.flagId],
  );
  const flag = rows[0];
  if (!flag) throw new WpHttpError(404, 'cgg_flag_not_found', `There is no review flag ${o.flagId}.`);
  if (flag.closed_at) throw new WpHttpError(409, 'cgg_flag_closed', 'Not changed: this flag was already reviewed and closed.');
  await client.query('UPDATE harm_flags SET closed_at = $2, closed_by = $3, action = $4, note = $5 WHERE id = $1', [o.flagId, o.at, o.staffId, o.action, o.note]);
  return flag;
}
