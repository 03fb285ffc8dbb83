-- A staff member chooses their own password through a link mailed to them (staff/set_password), when
-- an admin adds them or resets their sign-in in the back office: the admin never knows it, so cannot
-- sign in as them before they do. This table keeps only the key's SHA-256 (the mail with the link is
-- in email_outbox, as every mail is); a link is used once, and a newer one for the same member ends
-- the older (src/staff/staff-password-links.ts).
CREATE TABLE staff_password_links (
  key_hash    bytea PRIMARY KEY,
  staff_id    integer NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  -- 'invite': a new member; 'reset': a lost sign-in.
  purpose     text NOT NULL CHECK (purpose IN ('invite', 'reset')),
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  CHECK (expires_at > created_at)
);
CREATE INDEX staff_password_links_staff_idx ON staff_password_links (staff_id) WHERE used_at IS NULL;
