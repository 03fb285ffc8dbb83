-- A staff balance adjustment carries the back office's idempotency key: a submit retried after a
-- lost answer finds its ledger row and adds nothing twice (src/accounts/ledger-adjustment.ts).
-- Null for every other row (orders, refunds, the CLI's adjustments).
ALTER TABLE points_logs ADD COLUMN idempotency_key text;
ALTER TABLE credit_logs ADD COLUMN idempotency_key text;
CREATE UNIQUE INDEX points_logs_idempotency_key_idx ON points_logs (idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE UNIQUE INDEX credit_logs_idempotency_key_idx ON credit_logs (idempotency_key) WHERE idempotency_key IS NOT NULL;
