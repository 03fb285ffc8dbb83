-- A staff note and a new FAQ made from the back office carry its idempotency key: pressed again
-- after a lost answer, the request finds what the first one made and adds no second row
-- (src/staff/customer-routes.ts, src/staff/site-copy-routes.ts). Null for rows made before.
ALTER TABLE customer_notes ADD COLUMN idempotency_key text;
CREATE UNIQUE INDEX customer_notes_idempotency_key_idx ON customer_notes (idempotency_key) WHERE idempotency_key IS NOT NULL;
ALTER TABLE faqs ADD COLUMN create_key text;
CREATE UNIQUE INDEX faqs_create_key_idx ON faqs (create_key) WHERE create_key IS NOT NULL;
