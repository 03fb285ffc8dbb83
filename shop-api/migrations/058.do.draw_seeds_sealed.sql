-- A competition's draw seed is secret until its draw, then published. Until now it was stored in
-- plain, so whoever could read the database, or a backup, knew every outcome in advance, and with
-- back-office access could add postal entries after the close knowing what each did to the result.
-- Now, until the draw, only `sealed_seed` holds it: AES-256-GCM under the API's data key (the one
-- bank details are encrypted with, DATA_ENCRYPTION_KEY; src/draws/sealed-seeds.ts). The draw opens
-- it and writes the plain `seed` as it publishes the proof.
-- The check is NOT VALID so this migration passes over undrawn rows from before; the start-up
-- step (sealPlainDrawSeeds) seals them right after, then validates it.
ALTER TABLE competition_draws ADD COLUMN sealed_seed text CHECK (sealed_seed LIKE 'enc:v1:%');
ALTER TABLE competition_draws ALTER COLUMN seed DROP NOT NULL;
ALTER TABLE competition_draws ADD CONSTRAINT competition_draws_seed_sealed_until_drawn CHECK (
  CASE WHEN drawn_at IS NULL THEN seed IS NULL AND sealed_seed IS NOT NULL ELSE seed IS NOT NULL AND sealed_seed IS NULL END
) NOT VALID;
