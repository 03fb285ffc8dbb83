import { STAFF_LIST_CAPS, type CustomerMatchReason, type StaffCustomer } from '@cgg/contracts/staff';
import type { Queryable } from '../accounts/queryable.ts';
import { customerWins } from '../claims/customer-wins.ts';
import { londonWhen } from '../lib/london-time.ts';
import { penceToPounds } from '../lib/money.ts';
import { containsPattern } from '../lib/like-pattern.ts';


/*
 * Customers as support finds and reads them: a search over names, emails, customer and order
 * numbers and tickets, and one customer's whole picture (orders, wins, claims, balances, limits,
 * breaks, notes). Read-only; the changes go through adjustBalance and addCustomerNote.
 */

export interface CustomerMatch {
  id: number;
  name: string;
  email: string;
  created_at: Date;
  /** Why they are in the results: a number can be a customer's and an order's (of another customer) at once. */
  matched: CustomerMatchReason[];
}

const MATCHES = STAFF_LIST_CAPS.customerMatches;

/**
 * Customers matching `query`: '12:345' is ticket 345 of competition 12; digits (or '#10016') are a
 * customer number or an order number; anything else is part of a name or email.
 */
export async function searchCustomers(db: Queryable, query: string): Promise<CustomerMatch[]> {
  const q = query.trim();
  const ticket = /^(\d{1,9})\s*:\s*(\d{1,9})$/.exec(q);
  const number = /^#?(\d{1,9})$/.exec(q);
  const select = (matched: string) => `SELECT c.id, trim(c.first_name || ' ' || c.last_name) AS name, c.email, c.created_at, ${matched} AS matched FROM customers c`;
  if (ticket) {
    return (await db.query<CustomerMatch>(`${select("ARRAY['ticket']")} JOIN tickets t ON t.customer_id = c.id WHERE t.competition_id = $1 AND t.ticket_number = $2`, [Number(ticket[1]), Number(ticket[2])])).rows;
  }
  if (number) {
    // Customer 16 and the customer of order 16 are usually two people: each row says which it is.
    // The order's customer is an uncorrelated subquery, run once: both look-ups stay on indexes.
    const ordersCustomer = '(SELECT customer_id FROM orders WHERE id = $1)';
    return (await db.query<CustomerMatch>(
      `${select(`array_remove(ARRAY[CASE WHEN c.id = $1 THEN 'customer_number' END, CASE WHEN c.id = ${ordersCustomer} THEN 'order_number' END], NULL)`)}
       WHERE c.id = $1 OR c.id = ${ordersCustomer} ORDER BY c.id LIMIT ${MATCHES}`,
      [Number(number[1])],
    )).rows;
  }
  const like = containsPattern(q);
  return (await db.query<CustomerMatch>(
    `${select("ARRAY['name_or_email']")} WHERE c.email ILIKE $1 OR (c.first_name || ' ' || c.last_name) ILIKE $1 ORDER BY c.last_name, c.first_name, c.id LIMIT ${MATCHES}`,
    [like],
  )).rows;
}

const limitText = (duration: string | null, pence: number | null): string | null =>
  duration === null || pence === null ? null : `£${penceToPounds(pence)} a ${duration}`;

/** One customer for support, or null when there is none. The latest 20 orders, every win and claim, notes newest first. */
export async function customerProfile(db: Queryable, id: number): Promise<StaffCustomer | null> {
  const { rows } = await db.query<{
    id: number; name: string; email: string; phone: string; town: string; created_at: Date; points: string; credit: string;
    limit_duration: string | null; limit_value_pence: number | null; pending_limit_duration: string | null; pending_limit_value_pence: number | null;
    pending_limit_from: Date | null; locked_until: Date | null; lock_permanent: boolean; lock_started_at: Date | null;
  }>(
    `SELECT c.id, trim(c.first_name || ' ' || c.last_name) AS name, c.email, c.billing_phone AS phone, c.billing_city AS town, c.created_at,
            (SELECT COALESCE(sum(points), 0) FROM points_logs WHERE customer_id = c.id)::bigint AS points,
            (SELECT COALESCE(sum(amount_pence), 0) FROM credit_logs WHERE customer_id = c.id)::bigint AS credit,
            c.limit_duration, c.limit_value_pence, c.pending_limit_duration, c.pending_limit_value_pence, c.pending_limit_from, c.locked_until, c.lock_permanent, c.lock_started_at
     FROM customers c WHERE c.id = $1`,
    [id],
  );
  const c = rows[0];
  if (!c) return null;
  const [orders, wins, claims, notes] = await Promise.all([
    db.query<{ id: number; created_at: Date; status: string; total_pence: number; tickets: number; refunded_pence: number }>(
      `SELECT o.id, o.created_at, o.status, o.total_pence, COALESCE(sum(i.quantity), 0)::int AS tickets,
              (SELECT COALESCE(sum(r.amount_pence + r.credit_returned_pence), 0)::int FROM order_refunds r WHERE r.order_id = o.id AND r.state = 'succeeded') AS refunded_pence
       FROM orders o LEFT JOIN order_items i ON i.order_id = o.id WHERE o.customer_id = $1 GROUP BY o.id ORDER BY o.created_at DESC, o.id DESC LIMIT 20`,
      [id],
    ),
    customerWins(db, id),
    db.query<{ id: string; prize_title: string; choice: string; state: StaffCustomer['claims'][number]['state']; created_at: Date }>(
      'SELECT id, prize_title, choice, state, created_at FROM prize_claims WHERE customer_id = $1 ORDER BY created_at DESC, id DESC',
      [id],
    ),
    db.query<{ id: string; author: string; text: string; created_at: Date }>('SELECT id, author, text, created_at FROM customer_notes WHERE customer_id = $1 ORDER BY created_at DESC, id DESC', [id]),
  ]);
  const pending = limitText(c.pending_limit_duration, c.pending_limit_value_pence);
  return {
    id: c.id, name: c.name, email: c.email, phone: c.phone, town: c.town, created_at: c.created_at.toISOString(),
    points: Number(c.points), credit: penceToPounds(Number(c.credit)),
    limit: limitText(c.limit_duration, c.limit_value_pence),
    pending_limit: c.pending_limit_from ? `${pending ?? 'no limit'} from ${londonWhen(c.pending_limit_from)}` : null,
    locked_until: c.locked_until?.toISOString() ?? null, lock_permanent: c.lock_permanent,
    lock_started_at: c.lock_started_at?.toISOString() ?? null,
    orders: orders.rows.map((o) => ({
      id: o.id, created_at: o.created_at.toISOString(), status: o.status, total: penceToPounds(o.total_pence), tickets: o.tickets, refunded: penceToPounds(o.refunded_pence),
    })),
    wins: wins.map((w) => ({ kind: w.win_kind, competition_id: w.competition_id, ticket_number: w.ticket_number, prize_title: w.prize_title, won_at: w.won_at.toISOString() })),
    claims: claims.rows.map((k) => ({ id: Number(k.id), prize_title: k.prize_title, choice: k.choice, state: k.state, created_at: k.created_at.toISOString() })),
    notes: notes.rows.map((n) => ({ id: Number(n.id), author: n.author, text: n.text, created_at: n.created_at.toISOString() })),
  };
}
