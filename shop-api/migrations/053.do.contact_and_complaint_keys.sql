-- A contact message or a complaint sent again after a lost answer, under the same key, is the one
-- already stored: no second message, complaint or acknowledgement (site/contact-routes.ts,
-- complaints/complaints.ts).
ALTER TABLE contact_messages ADD COLUMN idempotency_key text;
CREATE UNIQUE INDEX contact_messages_idempotency_key_idx ON contact_messages (idempotency_key) WHERE idempotency_key IS NOT NULL;
ALTER TABLE complaints ADD COLUMN idempotency_key text;
CREATE UNIQUE INDEX complaints_idempotency_key_idx ON complaints (idempotency_key) WHERE idempotency_key IS NOT NULL;
