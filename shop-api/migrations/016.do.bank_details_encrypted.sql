-- Bank details are encrypted at rest (AES-256-GCM, key from DATA_ENCRYPTION_KEY or the data
-- folder; src/lib/data-encryption.ts): a stored value is '' (none saved) or 'enc:v1:<base64>'.
-- The digit checks of 002 cannot hold for ciphertext and go; the new checks are NOT VALID so
-- this migration passes over plain rows from before, which the start-up data migration
-- (src/db/encrypt-bank-details.ts) encrypts right after, then validates these checks.
-- From here on no plain bank detail can be written.
ALTER TABLE customers DROP CONSTRAINT customers_account_number_check;
ALTER TABLE customers DROP CONSTRAINT customers_sort_code_check;
ALTER TABLE customers ADD CONSTRAINT customers_account_number_encrypted
  CHECK (account_number = '' OR account_number LIKE 'enc:v1:%') NOT VALID;
ALTER TABLE customers ADD CONSTRAINT customers_sort_code_encrypted
  CHECK (sort_code = '' OR sort_code LIKE 'enc:v1:%') NOT VALID;
ALTER TABLE prize_claims ADD CONSTRAINT prize_claims_bank_account_number_encrypted
  CHECK (bank_account_number IS NULL OR bank_account_number LIKE 'enc:v1:%') NOT VALID;
ALTER TABLE prize_claims ADD CONSTRAINT prize_claims_bank_sort_code_encrypted
  CHECK (bank_sort_code IS NULL OR bank_sort_code LIKE 'enc:v1:%') NOT VALID;
