-- One rate-limit store shared by every API instance (issue 18): rate-limiter-flexible's
-- PostgreSQL table, made here so the API needs no DDL rights at start (it is told
-- tableCreated). Its columns are the library's own (key, points, expire as epoch ms), but the
-- key is text rather than varchar(255): sign-in keys carry an email and an address.
-- login_failures (migration 002) is no longer written; a later migration can drop it.
CREATE TABLE rate_limits (
  key    text PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
-- The hourly housekeeping deletes by expire.
CREATE INDEX rate_limits_expire_idx ON rate_limits (expire);
