import type { HarmRule } from '@cgg/contracts/staff';
import type { Queryable } from '../accounts/queryable.ts';
import { periodStart, PLAY_COLUMNS, SPENDING_STATUSES, type LimitDuration, type PlayRow } from '../accounts/responsible-play.ts';
import { THRESHOLD_COLUMNS, type Thresholds } from './harm-settings.ts';

/*
 * Everything the harm-marker rules (rules.ts) look at for one customer, read in ONE statement:
 * the thresholds, the customer's flags so far (each rule counts only what happened after its
 * own last flag), and each rule's figures. A look runs after every paid order, so at a
 * launch-night rush this is one round trip per order where the rules asking one by one took
 * nine (the sell-out bench, issue 15). The rules themselves are plain functions of these facts.
 */

export interface PastFlag {
  last: Date;
  open: boolean;
}

export interface CustomerFacts {
  thresholds: Thresholds;
  /** By rule: when it last flagged this customer, and whether that flag is still open. */
  past: Partial<Record<HarmRule, PastFlag>>;
  /** spend_spike: spent in the last 7 days (after its last flag), and in the weeks before them. */
  spike_week: number;
  spike_before: number;
  /** limit_raises: asked within the window. */
  raises: number;
  raises_first: Date | null;
  raises_last: Date | null;
  /** late_night: orders placed in the late-night London hours within the window. */
  late_orders: number;
  late_last: Date | null;
  /** after_limit_or_break: the latest order within the minutes after a break ended or a limit change applied. */
  after_end: { kind: 'break' | 'limit'; ended_at: Date; order_id: number; ordered_at: Date } | null;
  /** The responsible-play columns, and who started a break when. */
  play: (PlayRow & { lock_started_at: Date | null; lock_by_staff: boolean }) | null;
  /** near_spend_limit: spent in the current London day, week and month, and whether any order came after its last flag. */
  spent_in: Record<LimitDuration, number>;
  ordered_since_near_flag: boolean;
  /** high_spend: spent within the window (after its last flag). */
  high_spent: number;
}

interface FactsRow {
  thresholds: Thresholds;
  past: Array<{ rule: HarmRule; last: string; open: boolean }> | null;
  spike_week: string;
  spike_before: string;
  raises: number;
  raises_first: Date | null;
  raises_last: Date | null;
  late_orders: number;
  late_last: Date | null;
  after_end: { kind: 'break' | 'limit'; ended_at: string; order_id: number; ordered_at: string } | null;
  play: (Omit<PlayRow, 'pending_limit_from' | 'locked_until' | 'limit_choice_at'> & Record<'pending_limit_from' | 'locked_until' | 'limit_choice_at' | 'lock_started_at', string | null> & { lock_by_staff: boolean }) | null;
  spent_day: string;
  spent_week: string;
  spent_month: string;
  ordered_since_near_flag: boolean;
  high_spent: string;
}

// $1 customer, $2 now, $3 the spending statuses, $4-$6 the starts of the London day, week and month.
// `since.<rule>` is that rule's last flag (NULL: never), and GREATEST ignores a NULL.
const FACTS = `
  WITH t AS (SELECT ${THRESHOLD_COLUMNS} FROM harm_marker_settings),
  past AS (SELECT rule, max(raised_at) AS last, bool_or(closed_at IS NULL) AS open FROM harm_flags WHERE customer_id = $1 GROUP BY rule),
  since AS (SELECT max(last) FILTER (WHERE rule = 'spend_spike') AS spend_spike, max(last) FILTER (WHERE rule = 'limit_raises') AS limit_raises,
                   max(last) FILTER (WHERE rule = 'late_night') AS late_night, max(last) FILTER (WHERE rule = 'after_limit_or_break') AS after_end,
                   max(last) FILTER (WHERE rule = 'near_spend_limit') AS near_limit, max(last) FILTER (WHERE rule = 'high_spend') AS high_spend FROM past),
  spending AS (SELECT id, total_pence, created_at FROM orders WHERE customer_id = $1 AND status = ANY($3) AND created_at <= $2),
  ends AS (SELECT 'break' AS kind, locked_until AS at FROM customers WHERE id = $1 AND NOT lock_permanent AND locked_until IS NOT NULL
           UNION ALL SELECT 'limit', effective_at FROM limit_raises WHERE customer_id = $1 AND effective_at IS NOT NULL)
  SELECT
    (SELECT row_to_json(t) FROM t) AS thresholds,
    (SELECT json_agg(past) FROM past) AS past,
    (SELECT COALESCE(sum(total_pence) FILTER (WHERE created_at > GREATEST($2::timestamptz - interval '7 days', since.spend_spike)), 0)::bigint
       FROM spending WHERE created_at > $2::timestamptz - interval '7 days' - make_interval(weeks => t.spend_spike_weeks)) AS spike_week,
    (SELECT COALESCE(sum(total_pence) FILTER (WHERE created_at <= $2::timestamptz - interval '7 days'), 0)::bigint
       FROM spending WHERE created_at > $2::timestamptz - interval '7 days' - make_interval(weeks => t.spend_spike_weeks)) AS spike_before,
    r.n AS raises, r.first AS raises_first, r.last AS raises_last,
    (SELECT count(*)::int FROM spending WHERE created_at > GREATEST($2::timestamptz - make_interval(days => t.late_night_days), since.late_night)
       AND extract(hour FROM created_at AT TIME ZONE 'Europe/London') >= t.late_night_from_hour
       AND extract(hour FROM created_at AT TIME ZONE 'Europe/London') < t.late_night_to_hour) AS late_orders,
    (SELECT max(created_at) FROM spending WHERE created_at > GREATEST($2::timestamptz - make_interval(days => t.late_night_days), since.late_night)
       AND extract(hour FROM created_at AT TIME ZONE 'Europe/London') >= t.late_night_from_hour
       AND extract(hour FROM created_at AT TIME ZONE 'Europe/London') < t.late_night_to_hour) AS late_last,
    (SELECT json_build_object('kind', e.kind, 'ended_at', e.at, 'order_id', o.id, 'ordered_at', o.created_at)
       FROM ends e JOIN spending o ON o.created_at >= e.at AND o.created_at < e.at + make_interval(mins => t.after_end_minutes)
       WHERE since.after_end IS NULL OR o.created_at > since.after_end
       ORDER BY o.created_at DESC, e.at DESC LIMIT 1) AS after_end,
    (SELECT row_to_json(c) FROM (SELECT ${PLAY_COLUMNS}, lock_started_at, lock_by_staff FROM customers WHERE id = $1) c) AS play,
    (SELECT COALESCE(sum(total_pence), 0)::bigint FROM spending WHERE created_at >= $4) AS spent_day,
    (SELECT COALESCE(sum(total_pence), 0)::bigint FROM spending WHERE created_at >= $5) AS spent_week,
    (SELECT COALESCE(sum(total_pence), 0)::bigint FROM spending WHERE created_at >= $6) AS spent_month,
    (since.near_limit IS NULL OR EXISTS (SELECT 1 FROM spending WHERE created_at > since.near_limit)) AS ordered_since_near_flag,
    (SELECT COALESCE(sum(total_pence), 0)::bigint FROM spending
       WHERE created_at > GREATEST($2::timestamptz - make_interval(days => t.high_spend_days), since.high_spend)) AS high_spent
  FROM t, since,
    LATERAL (SELECT count(*)::int AS n, min(asked_at) AS first, max(asked_at) AS last FROM limit_raises
             WHERE customer_id = $1 AND asked_at <= $2 AND asked_at > GREATEST($2::timestamptz - make_interval(days => t.raises_days), since.limit_raises)) r`;

const date = (v: string | null): Date | null => (v === null ? null : new Date(v));

export async function readCustomerFacts(db: Queryable, customerId: number, now: Date): Promise<CustomerFacts> {
  // Named (prepared): planned once per connection, not at every paid order.
  const { rows } = await db.query<FactsRow>({
    name: 'cgg_harm_customer_facts', text: FACTS,
    values: [customerId, now, SPENDING_STATUSES, periodStart('day', now), periodStart('week', now), periodStart('month', now)],
  });
  const f = rows[0]!;
  const p = f.play;
  return {
    thresholds: f.thresholds,
    past: Object.fromEntries((f.past ?? []).map((r) => [r.rule, { last: new Date(r.last), open: r.open }])),
    spike_week: Number(f.spike_week),
    spike_before: Number(f.spike_before),
    raises: f.raises,
    raises_first: f.raises_first,
    raises_last: f.raises_last,
    late_orders: f.late_orders,
    late_last: f.late_last,
    after_end: f.after_end && { ...f.after_end, ended_at: new Date(f.after_end.ended_at), ordered_at: new Date(f.after_end.ordered_at) },
    play: p && {
      ...p, pending_limit_from: date(p.pending_limit_from), locked_until: date(p.locked_until), limit_choice_at: date(p.limit_choice_at), lock_started_at: date(p.lock_started_at),
    },
    spent_in: { day: Number(f.spent_day), week: Number(f.spent_week), month: Number(f.spent_month) },
    ordered_since_near_flag: f.ordered_since_near_flag,
    high_spent: Number(f.high_spent),
  };
}
