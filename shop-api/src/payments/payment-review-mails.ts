import type pg from 'pg';
import { inTransaction, type Queryable } from '../accounts/queryable.ts';
import type { Mailer } from '../mail/mailer.ts';
import { paymentReviewClosedEmail, paymentUnderReviewEmail } from './payment-review-emails.ts';

/** Problems taken per run: payments of the wrong amount are rare; a hundred is a bad day's worth. */
const BATCH = 100;

// Payments of the wrong amount still open whose customer has not been told, locked so that two
// instances running the job at once never mail one twice: those closing refunds (payment-problems.ts
// onCloseOf: the order held, or given up), since the mail promises the refund. The billing email
// given at checkout first, as the receipts do, else the account's.
const TAKE_DUE = `
  SELECT d.id, d.order_id, o.status, o.card_charged_pence, d.intent_amount_pence AS taken_pence,
         COALESCE(NULLIF(o.billing_email, ''), cu.email) AS to, COALESCE(NULLIF(o.billing_first_name, ''), cu.first_name, '') AS first_name
  FROM payment_discrepancies d
  JOIN orders o ON o.id = d.order_id
  JOIN customers cu ON cu.id = o.customer_id
  WHERE d.kind = 'amount_mismatch' AND d.resolved_at IS NULL AND d.customer_told_at IS NULL
    AND o.status IN ('pending', 'cancelled', 'failed')
  ORDER BY d.found_at, d.id LIMIT $1
  FOR UPDATE OF d SKIP LOCKED`;

interface DueRow {
  id: number;
  order_id: number;
  status: string;
  card_charged_pence: number;
  taken_pence: number | null;
  to: string | null;
  first_name: string;
}

/**
 * Tells each customer whose payment went under review (the wrong amount taken) that it did, and
 * marks it told in the same transaction (the mail exists exactly when the mark does). A repeating
 * job runs it (shop-jobs.ts), so the webhook that found it never waits for a mail. Answers how
 * many were mailed.
 */
export async function mailPaymentsUnderReview(deps: { pool: pg.Pool; mailer: Mailer }, now: Date): Promise<number> {
  return inTransaction(deps.pool, async (client) => {
    const { rows } = await client.query<DueRow>(TAKE_DUE, [BATCH]);
    if (rows.length === 0) return 0;
    const mails = rows.filter((r) => r.to).map((r) => paymentUnderReviewEmail({
      to: r.to!, firstName: r.first_name, orderId: r.order_id, takenPence: r.taken_pence, cardPence: r.card_charged_pence, held: r.status === 'pending',
    }));
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
