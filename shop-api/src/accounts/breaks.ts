import dayjs from 'dayjs';
import type pg from 'pg';
import { WpHttpError } from '../http/wp-error.ts';
import { SHOP_TIMEZONE } from '../lib/london-time.ts';
import { lockEnd, type LockPeriod, type PlayRow } from './responsible-play.ts';
import { inTransaction, type Queryable } from './queryable.ts';
import { recordStaffAction } from '../staff/audit-log.ts';

/** The lock columns a break writes. */
export interface LockState {
  locked_until: Date | null;
  lock_permanent: boolean;
  locking_period: LockPeriod | null;
  lock_started_at: Date | null;
}

/**
 * The lock after asking for a break of `period` at `at`, or null when it would not lengthen
 * the one in force: a break can be extended, never shortened or lifted early (the customer's
 * own and one support applies alike). The start is `at`, unless the break in force is only
 * being extended (then it keeps its start: the break did not begin again).
 */
export function extendedLock(current: Pick<PlayRow, 'locked_until' | 'lock_permanent'> & { lock_started_at: Date | null }, period: LockPeriod, at: Date): LockState | null {
  if (current.lock_permanent) return null;
  const end = lockEnd(period, at);
  const inForce = current.locked_until !== null && current.locked_until > at;
  if (inForce && end !== null && end <= current.locked_until!) return null;
  return { locked_until: end, lock_permanent: end === null, locking_period: period, lock_started_at: inForce ? (current.lock_started_at ?? at) : at };
}

/**
 * Support's break for a customer (UK code 1.5): the same lock the account screen sets, from now,
 * so the next checkout is refused as for the customer's own break (assertCanSpend reads the
 * row). Call in a transaction; answers the lock before and after. 404 for no such customer, 409
 * when it would not lengthen the break in force (nothing changes).
 */
export async function applyStaffBreak(client: Queryable, customerId: number, period: LockPeriod, at: Date): Promise<{ before: LockState; after: LockState }> {
  const { rows } = await client.query<LockState>('SELECT locked_until, lock_permanent, locking_period, lock_started_at FROM customers WHERE id = $1 FOR NO KEY UPDATE', [customerId]);
  const before = rows[0];
  if (!before) throw new WpHttpError(404, 'cgg_customer_not_found', `There is no customer ${customerId}.`);
  const after = extendedLock(before, period, at);
  if (!after) {
    throw new WpHttpError(
      409,
      'cgg_break_not_longer',
      before.lock_permanent ? 'Not changed: the account is already closed permanently.' : `Not changed: the customer is already on a break until ${before.locked_until!.toISOString()}, which is longer.`.replace(before.locked_until!.toISOString(), dayjs(before.locked_until!).tz(SHOP_TIMEZONE).format('D MMMM YYYY [at] HH:mm')),
    );
  }
  await client.query(
    `UPDATE customers SET locked_until = $2, lock_permanent = $3, locking_period = $4, lock_started_at = $5, lock_by_staff = true, updated_at = $6 WHERE id = $1`,
    [customerId, after.locked_until, after.lock_permanent, after.locking_period, after.lock_started_at, at],
  );
  return { before, after };
}

/**
 * Support's break, whole: the lock (applyStaffBreak) and its audit entry with the reason, in one
 * transaction. The back office's `staff/customer_break` and the CLI's `customer-break` both call
 * it, so a break applied at night from a shell is the same break, audited the same way.
 */
export async function startStaffBreak(
  pool: pg.Pool,
  o: { customerId: number; period: LockPeriod; reason: string; staffId: number | null; actor: string; at: Date },
): Promise<LockState> {
  return inTransaction(pool, async (client) => {
    const { before, after } = await applyStaffBreak(client, o.customerId, o.period, o.at);
    const shown = (l: LockState) => ({ locked_until: l.locked_until?.toISOString() ?? null, permanent: l.lock_permanent, period: l.locking_period });
    await recordStaffAction(client, {
      staffId: o.staffId, actor: o.actor, action: 'customer.break', subject: `customer #${o.customerId}`,
      before: shown(before), after: { ...shown(after), reason: o.reason }, at: o.at,
    });
    return after;
  });
}
