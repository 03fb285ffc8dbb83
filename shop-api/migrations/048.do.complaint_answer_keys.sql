-- A complaint's answer carries the back office's idempotency key: sent again after a lost answer,
-- it finds the answer recorded and neither records nor mails it twice (src/complaints/complaints.ts).
ALTER TABLE complaint_answers ADD COLUMN idempotency_key text;
CREATE UNIQUE INDEX complaint_answers_idempotency_key_idx ON complaint_answers (idempotency_key) WHERE idempotency_key IS NOT NULL;
