-- A postal entry recorded from the back office carries its line's idempotency key (the batch's key
-- and the line's number): a batch sent again after a lost answer finds the lines already recorded
-- and records, allocates and mails nothing twice (src/draws/postal-entry.ts). Null for the CLI's.
ALTER TABLE postal_entries ADD COLUMN idempotency_key text;
CREATE UNIQUE INDEX postal_entries_idempotency_key_idx ON postal_entries (idempotency_key) WHERE idempotency_key IS NOT NULL;
