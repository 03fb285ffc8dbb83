-- Bank details and the seeds of draws to come are encrypted with the API's data key
-- (DATA_ENCRYPTION_KEY, else DATA_DIR/data-encryption.key). A process started with another key (a
-- second instance, the operator CLI, a restore on a new host) would write data nobody else can read
-- (a competition it committed a seed for could never be drawn) and fail to read what is there. One
-- known value sealed with the key lets every start check it has the right one before it writes
-- anything (src/db/data-key-check.ts).
CREATE TABLE data_key_check (
  id          boolean PRIMARY KEY DEFAULT true CHECK (id),
  sealed      text NOT NULL CHECK (sealed LIKE 'enc:v1:%'),
  created_at  timestamptz NOT NULL
);
