-- A mail that carries a working key (a customer's password-reset link, a staff member's link to
-- choose a password) keeps it only until it is sent: the outbox row lists the key here, and the
-- worker that hands the mail to SMTP replaces it in the stored text and HTML with a mark, in the
-- transaction that marks the row sent (src/mail/outbox-relay.ts). The database, and its backups,
-- then hold no link anyone could use. Without SMTP (a local copy) the outbox is where mail is
-- read, so the key stays.
ALTER TABLE email_outbox ADD COLUMN remove_once_sent text[];
