-- Support staff refund up to a limit an admin sets, per refund (pence); NULL: none set, so
-- support cannot refund. Admins refund without a limit; operators do not refund.
ALTER TABLE staff ADD COLUMN refund_limit_pence integer CHECK (refund_limit_pence >= 0);
