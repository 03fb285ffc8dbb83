-- Housekeeping of the account tables (issue 3): finding a customer's finished sessions
-- and old login failures without scanning the tables.
CREATE INDEX customer_sessions_customer_finished_idx ON customer_sessions (customer_id, expires_at);
CREATE INDEX login_failures_failed_at_idx ON login_failures (failed_at);
