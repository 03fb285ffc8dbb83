-- A payment of the wrong amount (kind 'amount_mismatch') puts its order under review until staff
-- close the problem (payment-problems.ts). Its customer is mailed once that it is, as is the
-- customer of a late payment refunded automatically (payment-problem-mails.ts). customer_mail says
-- where that stands: 'due' (flagged, the mail job has not run), 'sent' (at customer_told_at), or
-- 'none' (no address, or nothing to promise: a wrong amount on an order that stays paid). Null for
-- the kinds no customer is mailed about, and for problems found before this migration (not mailed
-- now, days late).
ALTER TABLE payment_discrepancies ADD COLUMN customer_mail text CHECK (customer_mail IN ('due', 'sent', 'none'));
ALTER TABLE payment_discrepancies ADD COLUMN customer_told_at timestamptz;
-- What the provider's intent said it took when the problem was found (payment_intents keeps the
-- amount we asked for): the customer's mail names it. Null before this migration.
ALTER TABLE payment_discrepancies ADD COLUMN intent_amount_pence integer;
-- The mail job's queue.
CREATE INDEX payment_discrepancies_mail_due_idx ON payment_discrepancies (found_at) WHERE customer_mail = 'due';
-- An order's answer (checkout-return, held-order) asks whether its payment is under review.
CREATE INDEX payment_discrepancies_under_review_idx ON payment_discrepancies (order_id) WHERE kind = 'amount_mismatch' AND resolved_at IS NULL;
