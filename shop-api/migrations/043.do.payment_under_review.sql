-- A payment of the wrong amount (kind 'amount_mismatch') puts its order under review until staff
-- close the problem (payment-problems.ts). Its customer is mailed once that it is, as is the
-- customer of a late payment refunded automatically (payment-problem-mails.ts): customer_told_at
-- says when.
ALTER TABLE payment_discrepancies ADD COLUMN customer_told_at timestamptz;
-- What the provider's intent said it took when the problem was found (payment_intents keeps the
-- amount we asked for): the customer's mail names it. Null before this migration.
ALTER TABLE payment_discrepancies ADD COLUMN intent_amount_pence integer;
-- Problems found before this migration are not mailed about now, days late.
UPDATE payment_discrepancies SET customer_told_at = found_at;
-- The mail job's queue: problems whose customer has not been told.
CREATE INDEX payment_discrepancies_untold_idx ON payment_discrepancies (found_at) WHERE customer_told_at IS NULL AND kind IN ('amount_mismatch', 'late_payment_refunded');
-- An order's answer (checkout-return, held-order) asks whether its payment is under review.
CREATE INDEX payment_discrepancies_under_review_idx ON payment_discrepancies (order_id) WHERE kind = 'amount_mismatch' AND resolved_at IS NULL;
