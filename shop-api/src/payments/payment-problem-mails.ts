import type pg from 'pg';
import { inTransaction, type Queryable } from '../accounts/queryable.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { latePaymentRefundedEmail, paymentReviewClosedEmail, paymentUnderReviewEmail } from './payment-problem-emails.ts';

/** Problems taken per run: a customer hears of one within a run or two, even on a bad day. */
const BATCH = 100;

// The payment problems a customer must hear about and has not, locked so that two instances
// running the job at once never mail one twice:
// - a payment of the wrong amount still open, which closing refunds (payment-problems.ts
//   onCloseOf: the order held, or given up), since the mail promises the refund;
// - a payment that went through after its reservation was released, refunded automatically
//   (the customer may have left the checkout long before: the statement would show a charge
//   and a refund with no word from us).
// The billing email given at checkout first, as the receipts do, else the account's.
const TAKE_DUE = `
  SELECT d.id, d.kind, d.order_id, o.status, o.card_charged_pence, d.intent_amount_pence AS taken_pence,
         o.credit_used_pence, o.points_redeemed,
         COALESCE(NULLIF(o.billing_email, ''), cu.email) AS to, COALESCE(NULLIF(o.billing_first_name, ''), cu.first_name, '') AS first_name
  FROM payment_discrepancies d
  JOIN orders o ON o.id = d.order_id
  JOIN customers cu ON cu.id = o.customer_id
  WHERE d.customer_told_at IS NULL
    AND ((d.kind = 'amount_mismatch' AND d.resolved_at IS NULL AND o.status IN ('pending', 'cancelled', 'failed'))
      OR d.kind = 'late_payment_refunded')
  ORDER BY d.found_at, d.id LIMIT $1
  FOR UPDATE OF d SKIP LOCKED`;

interface DueRow {
  id: number;
  kind: 'amount_mismatch' | 'late_payment_refunded';
  order_id: number;
  status: string;
  card_charged_pence: number;
  taken_pence: number | null;
  credit_used_pence: number;
  points_redeemed: number;
  to: string | null;
  first_name: string;
}

const mailOf = (r: DueRow & { to: string }): MailMessage => r.kind === 'late_payment_refunded'
  ? latePaymentRefundedEmail({ to: r.to, firstName: r.first_name, orderId: r.order_id, refundedPence: r.taken_pence ?? r.card_charged_pence, creditOrPointsReturned: r.credit_used_pence > 0 || r.points_redeemed > 0 })
  : paymentUnderReviewEmail({ to: r.to, firstName: r.first_name, orderId: r.order_id, takenPence: r.taken_pence, cardPence: r.card_charged_pence, held: r.status === 'pending' });

/**
 * Tells each customer about the payment problem that touched their money (above), and marks it
 * told in the same transaction (the mail exists exactly when the mark does). A repeating job runs
 * it (shop-jobs.ts), so the webhook or return that found it never waits for a mail. Answers how
 * many were mailed.
 */
export async function mailPaymentProblemsToCustomers(deps: { pool: pg.Pool; mailer: Mailer }, now: Date): Promise<number> {
  return inTransaction(deps.pool, async (client) => {
    const { rows } = await client.query<DueRow>(TAKE_DUE, [BATCH]);
    if (rows.length === 0) return 0;
    const mails = rows.filter((r): r is DueRow & { to: string } => Boolean(r.to)).map(mailOf);
    await deps.mailer.sendAll(mails, client);
    await client.query('UPDATE payment_discrepancies SET customer_told_at = $2 WHERE id = ANY($1::bigint[])', [rows.map((r) => r.id), now]);
    return mails.length;
  });
}

/** Staff closed a payment of the wrong amount (payment-problems.ts): its customer hears how, in the closing transaction. */
export async function mailPaymentReviewClosed(db: Queryable, mailer: Mailer, a: { orderId: number; refundedPence: number; orderReleased: boolean }): Promise<void> {
  const { rows } = await db.query<{ to: string | null; first_name: string }>(
    `SELECT COALESCE(NULLIF(o.billing_email, ''), cu.email) AS to, COALESCE(NULLIF(o.billing_first_name, ''), cu.first_name, '') AS first_name
     FROM orders o JOIN customers cu ON cu.id = o.customer_id WHERE o.id = $1`,
    [a.orderId],
  );
  const to = rows[0];
  if (!to?.to) return;
  await mailer.send(paymentReviewClosedEmail({ to: to.to, firstName: to.first_name, ...a }), db);
}
