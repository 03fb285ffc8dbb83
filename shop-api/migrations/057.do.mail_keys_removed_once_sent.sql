-- A mail that carries a working key (a customer's password-reset link, a staff member's link to
-- choose a password) keeps it only until it is sent: the outbox row lists the key here, and the
-- worker that hands the mail to SMTP replaces it in the stored text and HTML with a mark, in the
-- transaction that marks the row sent (src/mail/outbox-relay.ts). The database, and its backups,
-- then hold no link anyone could use. Without SMTP (a local copy) the outbox is where mail is
-- read, so the key stays.
ALTER TABLE email_outbox ADD COLUMN remove_once_sent text[];

-- Mail sent before this migration: the reset and staff password links in it lose their key now
-- (a 43-character base64url key after `key=`, in the text and in the HTML's href).
UPDATE email_outbox
SET text_body = regexp_replace(text_body, '([?&]key=)[A-Za-z0-9_-]{43}', '\1[removed once sent]', 'g'),
    html_body = regexp_replace(html_body, '([?&]key=)[A-Za-z0-9_-]{43}', '\1[removed once sent]', 'g')
WHERE sent_at IS NOT NULL AND (text_body ~ '[?&]key=[A-Za-z0-9_-]{43}' OR html_body ~ '[?&]key=[A-Za-z0-9_-]{43}');
