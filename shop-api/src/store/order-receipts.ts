import type pg from 'pg';
import { PAID_STATUSES } from './order-statuses.ts';
import { inTransaction } from '../accounts/queryable.ts';
import type { Mailer } from '../mail/mailer.ts';
import { orderReceiptEmail, type ReceiptLine } from './order-receipt-email.ts';

/** Orders taken per transaction: a launch night's minute of orders goes out in a few. */
const BATCH = 100;

interface DueOrder {
  id: number;
  status: string;
  to: string;
  first_name: string;
  paid_on: string;
  subtotal_pence: number;
  discount_pence: number;
  points_redeemed: number;
  credit_used_pence: number;
  card_charged_pence: number;
  total_pence: number;
  points_earned: number;
}

interface LineRow {
  order_id: number;
  title: string;
  quantity: number;
  line_total_pence: number;
  draws_at: string;
  numbers: number[];
}

// Paid orders whose receipt is not done, oldest first, locked so that two instances running the job
// at once never take the same one (the second skips it); NO KEY, so rows referencing the order (its
// refunds) are not held up. A receipt goes to the billing email given at checkout, as WooCommerce's
// did, else the account's.
const TAKE_DUE = `
  SELECT o.id, o.status, COALESCE(NULLIF(o.billing_email, ''), cu.email) AS to, COALESCE(NULLIF(o.billing_first_name, ''), cu.first_name, '') AS first_name,
         to_char(o.paid_at AT TIME ZONE 'Europe/London', 'FMDD FMMonth YYYY') AS paid_on,
         o.subtotal_pence, o.discount_pence, o.points_redeemed, o.credit_used_pence, o.card_charged_pence, o.total_pence,
         COALESCE((o.store_result #>> '{extensions,cgg,points_earned}')::int, 0) AS points_earned
  FROM orders o JOIN customers cu ON cu.id = o.customer_id
  WHERE o.paid_at IS NOT NULL AND o.receipt_done_at IS NULL
  ORDER BY o.paid_at, o.id LIMIT $1
  FOR NO KEY UPDATE OF o SKIP LOCKED`;

const LINES = `
  SELECT i.order_id, i.title, i.quantity, i.line_total_pence,
         to_char(c.draw_at AT TIME ZONE 'Europe/London', 'FMDD FMMonth YYYY, HH24:MI') AS draws_at,
         ARRAY(SELECT t.ticket_number FROM tickets t WHERE t.order_item_id = i.id ORDER BY t.ticket_number) AS numbers
  FROM order_items i JOIN competitions c ON c.id = i.competition_id
  WHERE i.order_id = ANY($1::int[]) ORDER BY i.order_id, i.position, i.id`;

/** Statuses a receipt is sent for; one refunded or cancelled before its receipt went gets none. */
const STILL_PAID = new Set<string>(PAID_STATUSES);

/**
 * Queues the receipt of every paid order that has none yet, each with its mark in one
 * transaction (the mail exists exactly when the mark does), and answers how many were mailed.
 * A repeating job runs it (shop-jobs.ts), so no checkout, webhook or return waits for a mail.
 */
export async function mailDueReceipts(deps: { pool: pg.Pool; mailer: Mailer; siteUrl: string }, now: Date): Promise<number> {
  const siteUrl = deps.siteUrl.replace(/\/+$/, '');
  let mailed = 0;
  for (;;) {
    const { taken, sent } = await inTransaction(deps.pool, async (client) => {
      const due = await client.query<DueOrder>(TAKE_DUE, [BATCH]);
      if (due.rows.length === 0) return { taken: 0, sent: 0 };
      const ids = due.rows.map((o) => o.id);
      const { rows: lineRows } = await client.query<LineRow>(LINES, [ids]);
      const byOrder = new Map<number, ReceiptLine[]>();
      for (const l of lineRows) {
        const lines = byOrder.get(l.order_id) ?? [];
        lines.push({ title: l.title, quantity: l.quantity, numbers: l.numbers.map(Number), drawsAt: l.draws_at, lineTotalPence: l.line_total_pence });
        byOrder.set(l.order_id, lines);
      }
      const receipts = due.rows.filter((d) => STILL_PAID.has(d.status)).map((o) => orderReceiptEmail({
        id: o.id, to: o.to, firstName: o.first_name, paidOn: o.paid_on, lines: byOrder.get(o.id) ?? [],
        subtotalPence: o.subtotal_pence, discountPence: o.discount_pence, pointsRedeemed: o.points_redeemed,
        creditPence: o.credit_used_pence, cardPence: o.card_charged_pence, totalPence: o.total_pence, pointsEarned: o.points_earned,
      }, siteUrl));
      // The batch's mails in one statement (a round trip each was ~100 per batch on a launch night).
      await deps.mailer.sendAll(receipts, client);
      await client.query('UPDATE orders SET receipt_done_at = $2 WHERE id = ANY($1::int[])', [ids, now]);
      return { taken: due.rows.length, sent: receipts.length };
    });
    mailed += sent;
    if (taken < BATCH) return mailed;
  }
}
