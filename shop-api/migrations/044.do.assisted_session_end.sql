-- A session support opened as the customer (login-as-user) ends an hour after it began, whatever
-- happens to it: check-auth's rotation hands this end on to the new token. It cannot live in
-- expires_at, which a rotation shortens to the old token's minute of grace (038). Null for every
-- other session. (src/accounts/sessions.ts, assisted-session.ts)
ALTER TABLE customer_sessions ADD COLUMN assisted_until timestamptz;
