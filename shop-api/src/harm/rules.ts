import type { HarmRule } from '@cgg/contracts/staff';
import type { Queryable } from '../accounts/queryable.ts';
import { currentSpendingPence, effectiveLimit, isLocked, PLAY_COLUMNS, SPENDING_STATUSES, type PlayRow } from '../accounts/responsible-play.ts';
import type { Thresholds } from './harm-settings.ts';

/*
 * The harm-marker rules (UK prize-draw code 1.6 to 1.8). Each looks at one customer at `now`
 * and answers the figures that set it off, or null. Orders count as the checkout counts
 * spending (SPENDING_STATUSES). `since` is when this rule last flagged the customer: only what
 * happened after it counts again, so a closed review is not reopened by the same orders.
 */

export type Figures = Record<string, string | number | boolean | null>;
export interface RuleInput {
  customerId: number;
  now: Date;
  t: Thresholds;
  since: Date | null;
}
type Rule = (db: Queryable, r: RuleInput) => Promise<Figures | null>;

/** This week's (the last 7 days') spending above `multiplier` times their weekly average over the `weeks` before it, and above the floor. */
const spendSpike: Rule = async (db, { customerId, now, t, since }) => {
  const { rows } = await db.query<{ week: string; before: string }>(
    `SELECT COALESCE(sum(total_pence) FILTER (WHERE created_at > GREATEST($2::timestamptz - interval '7 days', $3)), 0)::bigint AS week,
            COALESCE(sum(total_pence) FILTER (WHERE created_at <= $2::timestamptz - interval '7 days'), 0)::bigint AS before
     FROM orders WHERE customer_id = $1 AND status = ANY($4) AND created_at <= $2
       AND created_at > $2::timestamptz - interval '7 days' - make_interval(weeks => $5)`,
    [customerId, now, since, SPENDING_STATUSES, t.spend_spike_weeks],
  );
  const week = Number(rows[0]!.week);
  const before = Number(rows[0]!.before);
  // In whole numbers: week > multiplier x (before / weeks), the multiplier in tenths.
  const tenths = Math.round(t.spend_spike_multiplier * 10);
  if (week <= t.spend_spike_floor_pence || week * t.spend_spike_weeks * 10 <= tenths * before) return null;
  return { week_pence: week, weekly_average_pence: Math.round(before / t.spend_spike_weeks), multiplier: t.spend_spike_multiplier, weeks: t.spend_spike_weeks, floor_pence: t.spend_spike_floor_pence };
};

/** `raises_count` or more requests to loosen their limit within `raises_days`. */
const limitRaises: Rule = async (db, { customerId, now, t, since }) => {
  const { rows } = await db.query<{ n: number; first: Date | null; last: Date | null }>(
    `SELECT count(*)::int AS n, min(asked_at) AS first, max(asked_at) AS last FROM limit_raises
     WHERE customer_id = $1 AND asked_at <= $2 AND asked_at > GREATEST($2::timestamptz - make_interval(days => $3), $4)`,
    [customerId, now, t.raises_days, since],
  );
  const r = rows[0]!;
  return r.n >= t.raises_count ? { raises: r.n, days: t.raises_days, first_at: r.first!.toISOString(), last_at: r.last!.toISOString() } : null;
};

/** `late_night_orders` or more orders within `late_night_days` placed from `from_hour` to before `to_hour`, London time. */
const lateNight: Rule = async (db, { customerId, now, t, since }) => {
  const { rows } = await db.query<{ n: number; last: Date | null }>(
    `SELECT count(*)::int AS n, max(created_at) AS last FROM orders
     WHERE customer_id = $1 AND status = ANY($2) AND created_at <= $3 AND created_at > GREATEST($3::timestamptz - make_interval(days => $4), $5)
       AND extract(hour FROM created_at AT TIME ZONE 'Europe/London') >= $6 AND extract(hour FROM created_at AT TIME ZONE 'Europe/London') < $7`,
    [customerId, SPENDING_STATUSES, now, t.late_night_days, since, t.late_night_from_hour, t.late_night_to_hour],
  );
  const r = rows[0]!;
  return r.n >= t.late_night_orders ? { orders: r.n, days: t.late_night_days, from_hour: t.late_night_from_hour, to_hour: t.late_night_to_hour, last_at: r.last!.toISOString() } : null;
};

/** An order placed within `after_end_minutes` of a break ending or a raised (or removed) limit applying. */
const afterLimitOrBreak: Rule = async (db, { customerId, now, t, since }) => {
  const { rows } = await db.query<{ kind: 'break' | 'limit'; ended_at: Date; order_id: number; ordered_at: Date }>(
    `WITH ends AS (
       SELECT 'break' AS kind, locked_until AS at FROM customers WHERE id = $1 AND NOT lock_permanent AND locked_until IS NOT NULL
       UNION ALL SELECT 'limit', effective_at FROM limit_raises WHERE customer_id = $1 AND effective_at IS NOT NULL)
     SELECT e.kind, e.at AS ended_at, o.id AS order_id, o.created_at AS ordered_at
     FROM ends e JOIN orders o ON o.customer_id = $1 AND o.status = ANY($2) AND o.created_at >= e.at AND o.created_at < e.at + make_interval(mins => $3)
     WHERE o.created_at <= $4 AND ($5::timestamptz IS NULL OR o.created_at > $5)
     ORDER BY o.created_at DESC, e.at DESC LIMIT 1`,
    [customerId, SPENDING_STATUSES, t.after_end_minutes, now, since],
  );
  const r = rows[0];
  if (!r) return null;
  return { ended: r.kind, ended_at: r.ended_at.toISOString(), order_id: r.order_id, ordered_at: r.ordered_at.toISOString(), minutes_after: Math.floor((r.ordered_at.getTime() - r.ended_at.getTime()) / 60_000) };
};

/** Spending at `near_limit_percent` or more of their own limit in its current London period (nothing spent is never near). */
const nearSpendLimit: Rule = async (db, { customerId, now, t, since }) => {
  const { rows } = await db.query<PlayRow>(`SELECT ${PLAY_COLUMNS} FROM customers WHERE id = $1`, [customerId]);
  const limit = rows[0] ? effectiveLimit(rows[0], now) : null;
  if (!limit) return null;
  const spent = await currentSpendingPence(db, customerId, limit, now);
  if (spent <= 0 || spent * 100 < limit.valuePence * t.near_limit_percent) return null;
  if (since) {
    // Only an order after the last flag can make a new one.
    const newer = await db.query('SELECT 1 FROM orders WHERE customer_id = $1 AND status = ANY($2) AND created_at > $3 AND created_at <= $4 LIMIT 1', [customerId, SPENDING_STATUSES, since, now]);
    if (newer.rowCount === 0) return null;
  }
  return { duration: limit.duration, limit_pence: limit.valuePence, spent_pence: spent };
};

/** A break (or permanent closure) the customer chose, started within `break_lookback_days` and still in force. */
const breakStarted: Rule = async (db, { customerId, now, t, since }) => {
  const { rows } = await db.query<PlayRow & { lock_started_at: Date | null; lock_by_staff: boolean }>(
    `SELECT ${PLAY_COLUMNS}, lock_started_at, lock_by_staff FROM customers WHERE id = $1`,
    [customerId],
  );
  const c = rows[0];
  if (!c?.lock_started_at || c.lock_by_staff || !isLocked(c, now) || c.lock_started_at > now) return null;
  if (c.lock_started_at.getTime() <= now.getTime() - t.break_lookback_days * 86_400_000 || (since && c.lock_started_at <= since)) return null;
  return { period: c.locking_period, started_at: c.lock_started_at.toISOString(), until: c.lock_permanent ? null : c.locked_until!.toISOString() };
};

/** Spending over `high_spend` within the last `high_spend_days`. */
const highSpend: Rule = async (db, { customerId, now, t, since }) => {
  const { rows } = await db.query<{ spent: string }>(
    `SELECT COALESCE(sum(total_pence), 0)::bigint AS spent FROM orders
     WHERE customer_id = $1 AND status = ANY($2) AND created_at <= $3 AND created_at > GREATEST($3::timestamptz - make_interval(days => $4), $5)`,
    [customerId, SPENDING_STATUSES, now, t.high_spend_days, since],
  );
  const spent = Number(rows[0]!.spent);
  return spent > t.high_spend_pence ? { spent_pence: spent, days: t.high_spend_days } : null;
};

export const rules: Record<HarmRule, Rule> = {
  spend_spike: spendSpike,
  limit_raises: limitRaises,
  late_night: lateNight,
  after_limit_or_break: afterLimitOrBreak,
  near_spend_limit: nearSpendLimit,
  break_started: breakStarted,
  high_spend: highSpend,
};
