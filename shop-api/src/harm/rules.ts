import type { HarmRule } from '@cgg/contracts/staff';
import { effectiveLimit, isLocked } from '../accounts/responsible-play.ts';
import type { CustomerFacts } from './customer-facts.ts';

/*
 * The harm-marker rules (UK prize-draw code 1.6 to 1.8). Each looks at one customer's facts at
 * `now` (customer-facts.ts reads them all in one statement) and answers the figures that set it
 * off, or null. Orders count as the checkout counts spending (SPENDING_STATUSES). Each rule
 * counts only what happened after it last flagged the customer (the facts are read so), so a
 * closed review is not reopened by the same orders.
 */

export type Figures = Record<string, string | number | boolean | null>;
type Rule = (f: CustomerFacts, now: Date) => Figures | null;

/** This week's (the last 7 days') spending above `multiplier` times their weekly average over the `weeks` before it, and above the floor. */
const spendSpike: Rule = ({ thresholds: t, spike_week: week, spike_before: before }) => {
  // In whole numbers: week > multiplier x (before / weeks), the multiplier in tenths.
  const tenths = Math.round(t.spend_spike_multiplier * 10);
  if (week <= t.spend_spike_floor_pence || week * t.spend_spike_weeks * 10 <= tenths * before) return null;
  return { week_pence: week, weekly_average_pence: Math.round(before / t.spend_spike_weeks), multiplier: t.spend_spike_multiplier, weeks: t.spend_spike_weeks, floor_pence: t.spend_spike_floor_pence };
};

/** `raises_count` or more requests to loosen their limit within `raises_days`. */
const limitRaises: Rule = ({ thresholds: t, raises, raises_first, raises_last }) =>
  raises >= t.raises_count ? { raises, days: t.raises_days, first_at: raises_first!.toISOString(), last_at: raises_last!.toISOString() } : null;

/** `late_night_orders` or more orders within `late_night_days` placed from `from_hour` to before `to_hour`, London time. */
const lateNight: Rule = ({ thresholds: t, late_orders, late_last }) =>
  late_orders >= t.late_night_orders
    ? { orders: late_orders, days: t.late_night_days, from_hour: t.late_night_from_hour, to_hour: t.late_night_to_hour, last_at: late_last!.toISOString() }
    : null;

/** An order placed within `after_end_minutes` of a break ending or a raised (or removed) limit applying. */
const afterLimitOrBreak: Rule = ({ after_end: r }) =>
  r && {
    ended: r.kind, ended_at: r.ended_at.toISOString(), order_id: r.order_id, ordered_at: r.ordered_at.toISOString(),
    minutes_after: Math.floor((r.ordered_at.getTime() - r.ended_at.getTime()) / 60_000),
  };

/** Spending at `near_limit_percent` or more of their own limit in its current London period (nothing spent is never near). */
const nearSpendLimit: Rule = ({ thresholds: t, play, spent_in, ordered_since_near_flag }, now) => {
  const limit = play ? effectiveLimit(play, now) : null;
  if (!limit) return null;
  const spent = spent_in[limit.duration];
  if (spent <= 0 || spent * 100 < limit.valuePence * t.near_limit_percent) return null;
  // Only an order after the last flag can make a new one.
  if (!ordered_since_near_flag) return null;
  return { duration: limit.duration, limit_pence: limit.valuePence, spent_pence: spent };
};

/** A break (or permanent closure) the customer chose, started within `break_lookback_days` and still in force. */
const breakStarted: Rule = ({ thresholds: t, play: c, past }, now) => {
  const since = past.break_started?.last ?? null;
  if (!c?.lock_started_at || c.lock_by_staff || !isLocked(c, now) || c.lock_started_at > now) return null;
  if (c.lock_started_at.getTime() <= now.getTime() - t.break_lookback_days * 86_400_000 || (since && c.lock_started_at <= since)) return null;
  return { period: c.locking_period, started_at: c.lock_started_at.toISOString(), until: c.lock_permanent ? null : c.locked_until!.toISOString() };
};

/** Spending over `high_spend` within the last `high_spend_days`. */
const highSpend: Rule = ({ thresholds: t, high_spent: spent }) => (spent > t.high_spend_pence ? { spent_pence: spent, days: t.high_spend_days } : null);

export const rules: Record<HarmRule, Rule> = {
  spend_spike: spendSpike,
  limit_raises: limitRaises,
  late_night: lateNight,
  after_limit_or_break: afterLimitOrBreak,
  near_spend_limit: nearSpendLimit,
  break_started: breakStarted,
  high_spend: highSpend,
};
