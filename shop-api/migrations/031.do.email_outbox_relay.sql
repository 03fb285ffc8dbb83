-- The email outbox gets a relay (issue 18): every mail is written here (in the transaction of
-- what caused it), and when SMTP_URL is set a job-queue worker sends it after commit and marks
-- it sent. Rows without sent_at are the ones not yet sent; with SMTP unset this table is where
-- mail ends up (the operator's `outbox` command reads it), as before.
ALTER TABLE email_outbox
  ADD COLUMN reply_to   text,
  ADD COLUMN sent_at    timestamptz,
  ADD COLUMN last_error text;

-- The relay looks for unsent rows, oldest first.
CREATE INDEX email_outbox_unsent_idx ON email_outbox (id) WHERE sent_at IS NULL;
