-- A payment discrepancy a person has dealt with: when, who, and what they did (the back office's
-- and the CLI's "payment problems"). Open ones are those neither repaired automatically nor resolved.
ALTER TABLE payment_discrepancies ADD COLUMN resolved_at timestamptz;
ALTER TABLE payment_discrepancies ADD COLUMN resolved_by text;
ALTER TABLE payment_discrepancies ADD COLUMN resolution text;
CREATE INDEX payment_discrepancies_open_idx ON payment_discrepancies (found_at) WHERE NOT repaired AND resolved_at IS NULL;
