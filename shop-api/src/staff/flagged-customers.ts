import dayjs from 'dayjs';
import type { FlaggedCustomer } from '@cgg/contracts/staff';
import type { Queryable } from '../accounts/queryable.ts';
import { SPENDING_STATUSES, type LimitDuration, type LockPeriod } from '../accounts/responsible-play.ts';
import { SHOP_TIMEZONE } from '../lib/london-time.ts';
import { penceToPounds } from '../lib/money.ts';

/*
 * The dashboard's "Customers to look at": customers whose play a person should look at, each
 * with the reasons, newest first. Only what the data records counts:
 *  - spending close to the customer's own limit in its current London period (day, week from
 *    Monday, calendar month), counted as the checkout counts it (SPENDING_STATUSES); nothing
 *    spent is never close, even to a £0 limit;
 *  - a break or self-exclusion started lately. Its start is not stored: it is locked_until less
 *    the period chosen (the account screen sets locked_until = now + period). A 6-month lock can
 *    read a few days off at a month's end (months differ in length). A permanent lock has no end
 *    to count back from and no start time recorded, so it cannot be dated and is not listed;
 *  - high spending over the last 7 days (rolling, so no time zone).
 * Declined card payments are not recorded anywhere (a decline rolls the whole checkout back),
 * so they cannot be a reason.
 */

/** Share of their own limit (percent) from which the next basket is likely refused: pressing against a limit they set is a sign to check in. */
export const NEAR_LIMIT_PERCENT = 90;
/** How far back a started break is shown: a customer choosing a break is saying play got too much; a week gives staff who look in every few days time to see it. */
export const BREAK_LOOKBACK_DAYS = 7;
/** Spending over the last 7 days above which staff should check affordability (£500, far above a usual week of tickets at pence to a few pounds each). */
export const HIGH_SPEND_PENCE = 50_000;
export const HIGH_SPEND_DAYS = 7;
/** The dashboard shows this many, newest first. */
export const FLAGGED_SHOWN = 10;

interface Row {
  id: number;
  name: string;
  flagged_at: Date;
  limit_duration: LimitDuration | null;
  limit_pence: number | null;
  limit_spent_pence: string | null;
  break_period: Exclude<LockPeriod, 'permanent'> | null;
  break_at: Date | null;
  break_until: Date | null;
  week_spent_pence: string | null;
}

const periodWord: Record<LimitDuration, string> = { day: 'daily', week: 'weekly', month: 'monthly' };
const breakWord: Record<Exclude<LockPeriod, 'permanent'>, string> = { '24h': 'a 24-hour break', '7d': 'a 7-day break', '30d': 'a 30-day break', '6m': 'a 6-month self-exclusion' };
const londonWhen = (d: Date): string => dayjs(d).tz(SHOP_TIMEZONE).format('D MMM YYYY, HH:mm');

export async function flaggedCustomers(db: Queryable, now: Date): Promise<FlaggedCustomer[]> {
  const { rows } = await db.query<Row>(
    `WITH limits AS (
       -- The limit in force at $1: a pending change applies once its time has come (effectiveLimit).
       SELECT id,
              CASE WHEN pending_limit_from <= $1 THEN pending_limit_duration ELSE limit_duration END AS duration,
              CASE WHEN pending_limit_from <= $1 THEN pending_limit_value_pence ELSE limit_value_pence END AS pence
       FROM customers WHERE limit_duration IS NOT NULL OR pending_limit_from <= $1),
     near_limit AS (
       SELECT l.id, l.duration, l.pence, sum(o.total_pence)::bigint AS spent, max(o.created_at) AS at
       FROM limits l JOIN orders o ON o.customer_id = l.id
       WHERE l.duration IS NOT NULL AND o.status = ANY($2) AND o.created_at <= $1
         AND o.created_at >= date_trunc(l.duration, $1::timestamptz AT TIME ZONE 'Europe/London') AT TIME ZONE 'Europe/London'
       GROUP BY l.id, l.duration, l.pence
       HAVING sum(o.total_pence) > 0 AND sum(o.total_pence) * 100 >= l.pence * $3::bigint),
     breaks AS (
       SELECT c.id, c.locking_period AS period, c.locked_until - p.span AS at, c.locked_until AS until
       FROM customers c
       JOIN (VALUES ('24h', interval '24 hours'), ('7d', interval '7 days'), ('30d', interval '30 days'), ('6m', interval '6 months')) p (period, span) ON p.period = c.locking_period
       WHERE NOT c.lock_permanent AND c.locked_until - p.span > $1::timestamptz - make_interval(days => $4) AND c.locked_until - p.span <= $1),
     high_spend AS (
       SELECT customer_id AS id, sum(total_pence)::bigint AS spent, max(created_at) AS at FROM orders
       WHERE customer_id IS NOT NULL AND status = ANY($2) AND created_at > $1::timestamptz - make_interval(days => $6) AND created_at <= $1
       GROUP BY customer_id HAVING sum(total_pence) > $5),
     flagged AS (SELECT id FROM near_limit UNION SELECT id FROM breaks UNION SELECT id FROM high_spend)
     SELECT c.id, COALESCE(NULLIF(trim(c.first_name || ' ' || c.last_name), ''), c.email) AS name,
            GREATEST(n.at, b.at, h.at) AS flagged_at,
            n.duration AS limit_duration, n.pence AS limit_pence, n.spent AS limit_spent_pence,
            b.period AS break_period, b.at AS break_at, b.until AS break_until, h.spent AS week_spent_pence
     FROM flagged f JOIN customers c ON c.id = f.id
     LEFT JOIN near_limit n ON n.id = c.id LEFT JOIN breaks b ON b.id = c.id LEFT JOIN high_spend h ON h.id = c.id
     ORDER BY flagged_at DESC, c.id DESC LIMIT ${FLAGGED_SHOWN}`,
    [now, SPENDING_STATUSES, NEAR_LIMIT_PERCENT, BREAK_LOOKBACK_DAYS, HIGH_SPEND_PENCE, HIGH_SPEND_DAYS],
  );
  return rows.map((r) => {
    const reasons: FlaggedCustomer['reasons'] = [];
    if (r.limit_duration && r.limit_spent_pence !== null) {
      reasons.push({
        code: 'near_spend_limit',
        text: `Spent £${penceToPounds(Number(r.limit_spent_pence))} of their ${periodWord[r.limit_duration]} limit of £${penceToPounds(r.limit_pence!)}`,
      });
    }
    if (r.break_period && r.break_at) {
      reasons.push({ code: 'break_started', text: `Started ${breakWord[r.break_period]} on ${londonWhen(r.break_at)}, until ${londonWhen(r.break_until!)}` });
    }
    if (r.week_spent_pence !== null) {
      reasons.push({ code: 'high_spend', text: `Spent £${penceToPounds(Number(r.week_spent_pence))} in the last ${HIGH_SPEND_DAYS} days` });
    }
    return { customer_id: r.id, name: r.name, flagged_at: r.flagged_at.toISOString(), reasons };
  });
}
