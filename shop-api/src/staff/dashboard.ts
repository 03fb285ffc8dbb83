import type { StaffDashboard } from '@cgg/contracts/staff';
import { PAID_STATUSES } from '../store/order-statuses.ts';
import type { Queryable } from '../accounts/queryable.ts';
import { penceToPounds } from '../lib/money.ts';
import { flaggedCustomers } from './flagged-customers.ts';

/*
 * The back office's dashboard figures, read in one go. Days and weeks are London's (Monday
 * first), as the shop's staff count them. Sales are orders placed that still count (not
 * refunded or cancelled): their totals and tickets; free entries are postal entries recorded.
 * Customers to look at are the open review flags (flagged-customers.ts).
 */

const COUNTING = [...PAID_STATUSES];

interface Day {
  day: string;
  revenue_pence: number;
  paid_tickets: number;
  postal_entries: number;
}

export async function dashboardFigures(db: Queryable, now: Date): Promise<StaffDashboard> {
  const daily = await db.query<Day>(
    `WITH days AS (
       SELECT generate_series(date_trunc('day', $1::timestamptz AT TIME ZONE 'Europe/London') - interval '13 days',
                              date_trunc('day', $1::timestamptz AT TIME ZONE 'Europe/London'), interval '1 day') AS day),
     sales AS (
       SELECT date_trunc('day', o.created_at AT TIME ZONE 'Europe/London') AS day, sum(o.total_pence)::bigint AS pence, sum(t.tickets)::int AS tickets
       FROM orders o CROSS JOIN LATERAL (SELECT COALESCE(sum(quantity), 0) AS tickets FROM order_items WHERE order_id = o.id) t
       WHERE o.status = ANY($2) AND o.created_at >= ($1::timestamptz - interval '15 days') GROUP BY 1),
     postal AS (
       SELECT date_trunc('day', recorded_at AT TIME ZONE 'Europe/London') AS day, count(*)::int AS n
       FROM postal_entries WHERE recorded_at >= ($1::timestamptz - interval '15 days') GROUP BY 1)
     SELECT to_char(d.day, 'YYYY-MM-DD') AS day, COALESCE(s.pence, 0)::bigint AS revenue_pence, COALESCE(s.tickets, 0) AS paid_tickets, COALESCE(p.n, 0) AS postal_entries
     FROM days d LEFT JOIN sales s ON s.day = d.day LEFT JOIN postal p ON p.day = d.day ORDER BY d.day`,
    [now, COUNTING],
  );
  const period = await db.query<{ period: 'today' | 'week'; orders: number; pence: string; tickets: number; postal: number }>(
    `WITH bounds AS (
       SELECT 'today' AS period, date_trunc('day', $1::timestamptz AT TIME ZONE 'Europe/London') AT TIME ZONE 'Europe/London' AS since
       UNION ALL SELECT 'week', date_trunc('week', $1::timestamptz AT TIME ZONE 'Europe/London') AT TIME ZONE 'Europe/London')
     SELECT b.period,
            (SELECT count(*)::int FROM orders o WHERE o.status = ANY($2) AND o.created_at >= b.since) AS orders,
            (SELECT COALESCE(sum(o.total_pence), 0)::bigint FROM orders o WHERE o.status = ANY($2) AND o.created_at >= b.since) AS pence,
            (SELECT COALESCE(sum(i.quantity), 0)::int FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.status = ANY($2) AND o.created_at >= b.since) AS tickets,
            (SELECT count(*)::int FROM postal_entries p WHERE p.recorded_at >= b.since) AS postal
     FROM bounds b`,
    [now, COUNTING],
  );
  const byCompetition = await db.query<{ competition_id: number; title: string; pence: string; tickets: number }>(
    `SELECT i.competition_id, c.title, sum(i.line_total_pence)::bigint AS pence, sum(i.quantity)::int AS tickets
     FROM orders o JOIN order_items i ON i.order_id = o.id JOIN competitions c ON c.id = i.competition_id
     WHERE o.status = ANY($2) AND o.created_at >= date_trunc('week', $1::timestamptz AT TIME ZONE 'Europe/London') AT TIME ZONE 'Europe/London'
     GROUP BY i.competition_id, c.title ORDER BY pence DESC, i.competition_id LIMIT 10`,
    [now, COUNTING],
  );
  const closing = await db.query<{ id: number; title: string; closing_at: Date; sold: number; total: number }>(
    `SELECT id, title, closing_at, tickets_sold AS sold, total_tickets AS total FROM competitions
     WHERE status = 'open' AND closing_at > $1 AND closing_at <= $1::timestamptz + interval '3 days' ORDER BY closing_at, id LIMIT 10`,
    [now],
  );
  const claims = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM prize_claims WHERE state <> 'fulfilled'`);
  const sales = (p: 'today' | 'week') => {
    const r = period.rows.find((x) => x.period === p)!;
    return { orders: r.orders, revenue: penceToPounds(Number(r.pence)), paid_tickets: r.tickets, postal_entries: r.postal };
  };
  return {
    today: sales('today'),
    this_week: sales('week'),
    daily: daily.rows.map((d) => ({ day: d.day, revenue: penceToPounds(Number(d.revenue_pence)), paid_tickets: d.paid_tickets, postal_entries: d.postal_entries })),
    by_competition: byCompetition.rows.map((r) => ({ competition_id: r.competition_id, title: r.title, revenue: penceToPounds(Number(r.pence)), paid_tickets: r.tickets })),
    closing_soon: closing.rows.map((r) => ({ competition_id: r.id, title: r.title, closing_at: r.closing_at.toISOString(), sold: r.sold, total: r.total })),
    open_claims: claims.rows[0]!.n,
    flagged_customers: await flaggedCustomers(db),
  };
}
