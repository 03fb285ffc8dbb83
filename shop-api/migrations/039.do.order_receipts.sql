-- Order receipts (store/order-receipts.ts): every paid order is mailed its receipt (its ticket
-- numbers and draw dates) once, by a repeating job off the checkout's path, whichever way it was
-- paid (site credit at checkout, the card's webhook or return, the reconciliation). Orders paid
-- before this migration are history: marked done, so nobody is sent old receipts.
ALTER TABLE orders ADD COLUMN receipt_done_at timestamptz;
UPDATE orders SET receipt_done_at = paid_at WHERE paid_at IS NOT NULL;
CREATE INDEX orders_receipt_due_idx ON orders (paid_at) WHERE paid_at IS NOT NULL AND receipt_done_at IS NULL;
