-- A competition made from the back office (a new draft, a duplicate) carries the editor's
-- idempotency key: saved or duplicated again after a lost answer, the request finds the draft it
-- made and makes no second one (src/competitions/competition-writer.ts). Null for the CLI's.
ALTER TABLE competitions ADD COLUMN create_key text;
CREATE UNIQUE INDEX competitions_create_key_idx ON competitions (create_key) WHERE create_key IS NOT NULL;
