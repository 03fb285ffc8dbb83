-- Issue 16 (part 1): staff accounts, separate from customers, with roles, a second factor,
-- short sessions, and an append-only audit log of what staff do.

CREATE TABLE staff (
  id               serial PRIMARY KEY,
  email            text NOT NULL,
  name             text NOT NULL,
  role             text NOT NULL CHECK (role IN ('admin', 'operator', 'support')),
  password_hash    text NOT NULL,
  -- The TOTP secret, encrypted like bank details (enc:v1:...); set at enrolment's first step.
  totp_secret      text,
  totp_enabled_at  timestamptz,
  -- The last time step a code was accepted for: a code is good once (replay refused).
  totp_last_step   bigint,
  created_at       timestamptz NOT NULL,
  created_by       text NOT NULL,
  disabled_at      timestamptz
);
CREATE UNIQUE INDEX staff_email_key ON staff (lower(email));

CREATE TABLE staff_recovery_codes (
  id         bigserial PRIMARY KEY,
  staff_id   integer NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  code_hash  bytea NOT NULL UNIQUE,
  used_at    timestamptz
);

-- 'second-factor': password passed, code still to come (5 minutes); 'signed-in': a full session,
-- ended by 30 idle minutes or 12 hours, whichever is first.
CREATE TABLE staff_sessions (
  id            bigserial PRIMARY KEY,
  staff_id      integer NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  token_hash    bytea NOT NULL UNIQUE,
  stage         text NOT NULL CHECK (stage IN ('second-factor', 'signed-in')),
  created_at    timestamptz NOT NULL,
  last_used_at  timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  revoked_at    timestamptz
);

-- Who did what, when, to what, before and after. Nothing may change or remove a row.
CREATE TABLE staff_audit_log (
  id        bigserial PRIMARY KEY,
  at        timestamptz NOT NULL,
  staff_id  integer REFERENCES staff (id),
  actor     text NOT NULL,
  action    text NOT NULL,
  subject   text NOT NULL,
  before    jsonb,
  after     jsonb
);
CREATE INDEX staff_audit_log_at_idx ON staff_audit_log (at DESC, id DESC);

CREATE FUNCTION staff_audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER staff_audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON staff_audit_log
  FOR EACH ROW EXECUTE FUNCTION staff_audit_log_is_append_only();
CREATE TRIGGER staff_audit_log_no_truncate BEFORE TRUNCATE ON staff_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION staff_audit_log_is_append_only();
