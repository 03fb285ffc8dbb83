import type pg from 'pg';
import { inTransaction, type Queryable } from '../accounts/queryable.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { breakRefundedEmail, cardChangedRefundedEmail, latePaymentRefundedEmail, paymentReviewClosedEmail, paymentUnderReviewEmail } from './payment-problem-emails.ts';
import { closingRefunds } from './under-review.ts';

/** Problems taken per run: a customer hears of one within a run or two, even on a bad day. */
const BATCH = 100;

// The payment problems whose customer is due a mail (flag() marks the kinds that touched their
// money 'due'), locked so that two instances running the job at once never mail one twice. The
// billing email given at checkout first, as the receipts do, else the account's (the account may
// be gone: LEFT JOIN).
const TAKE_DUE = `
  SELECT d.id, d.kind, d.order_id, o.status, o.card_charged_pence, d.intent_amount_pence AS taken_pence,
         o.credit_used_pence, o.points_redeemed,
         COALESCE(NULLIF(o.billing_email, ''), cu.email) AS to, COALESCE(NULLIF(o.billing_first_name, ''), cu.first_name, '') AS first_name
  FROM payment_discrepancies d
  JOIN orders o ON o.id = d.order_id
  LEFT JOIN customers cu ON cu.id = o.customer_id
  WHERE d.customer_mail = 'due'
  ORDER BY d.found_at, d.id LIMIT $1
  FOR UPDATE OF d SKIP LOCKED`;

interface DueRow {
  id: number;
  kind: string;
  order_id: number;
  status: string;
  card_charged_pence: number;
  taken_pence: number | null;
  credit_used_pence: number;
  points_redeemed: number;
  to: string | null;
  first_name: string;
}

/** A payment the shop did not keep, refunded automatically: the mail that says why. */
const REFUNDED_MAILS: Record<string, typeof latePaymentRefundedEmail | undefined> = {
  late_payment_refunded: latePaymentRefundedEmail,
  card_changed_refunded: cardChangedRefundedEmail,
  break_refunded: breakRefundedEmail,
};

/** Its mail; null when there is none to send: no address, or a wrong amount on an order that stays paid (closing it refunds nothing, so nothing is promised). */
function mailOf(r: DueRow): MailMessage | null {
  if (!r.to) return null;
  const refundedMail = REFUNDED_MAILS[r.kind];
  if (refundedMail) {
    return refundedMail({ to: r.to, firstName: r.first_name, orderId: r.order_id, refundedPence: r.taken_pence ?? r.card_charged_pence, creditOrPointsReturned: r.credit_used_pence > 0 || r.points_redeemed > 0 });
  }
  // The mail promises the refund: only where closing it refunds.
  if (r.kind !== 'amount_mismatch' || !closingRefunds(r.status)) return null;
  return paymentUnderReviewEmail({ to: r.to, firstName: r.first_name, orderId: r.order_id, takenPence: r.taken_pence, cardPence: r.card_charged_pence, held: r.status === 'pending' });
}

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
    const sent: number[] = [];
    const mails: MailMessage[] = [];
    for (const r of rows) {
      const mail = mailOf(r);
      if (mail) {
        mails.push(mail);
        sent.push(r.id);
      }
    }
    await deps.mailer.sendAll(mails, client);
    await client.query(
      `UPDATE payment_discrepancies SET customer_mail = CASE WHEN id = ANY($2::bigint[]) THEN 'sent' ELSE 'none' END,
         customer_told_at = CASE WHEN id = ANY($2::bigint[]) THEN $3::timestamptz END
       WHERE id = ANY($1::bigint[])`,
      [rows.map((r) => r.id), sent, now],
    );
    return mails.length;
  });
}

/**
 * Staff closed a payment of the wrong amount (payment-problems.ts): its customer hears how, in the
 * closing transaction, and the problem says so (the first mail, if it was still due, is not sent
 * after this one).
 */
export async function mailPaymentReviewClosed(db: Queryable, mailer: Mailer, a: { problemId: number; orderId: number; refundedPence: number; orderReleased: boolean; now: Date }): Promise<void> {
  const { rows } = await db.query<{ to: string | null; first_name: string }>(
    `SELECT COALESCE(NULLIF(o.billing_email, ''), cu.email) AS to, COALESCE(NULLIF(o.billing_first_name, ''), cu.first_name, '') AS first_name
     FROM orders o LEFT JOIN customers cu ON cu.id = o.customer_id WHERE o.id = $1`,
    [a.orderId],
  );
  const to = rows[0]?.to;
  if (to) await mailer.send(paymentReviewClosedEmail({ to, firstName: rows[0]!.first_name, orderId: a.orderId, refundedPence: a.refundedPence, orderReleased: a.orderReleased }), db);
  await db.query(
    `UPDATE payment_discrepancies SET customer_mail = $2, customer_told_at = CASE WHEN $2 = 'sent' THEN $3::timestamptz ELSE customer_told_at END WHERE id = $1`,
    [a.problemId, to ? 'sent' : 'none', a.now],
  );
}
