-- The rate-limit counters (migration 030) are written on every limited request (a checkout, a
-- sign-in, a basket change): as an UNLOGGED table they are written without WAL, so such a write
-- commits without waiting for the disk - at a launch-night rush one flush fewer per checkout.
-- What that gives up: after a crash (not a clean stop) PostgreSQL starts the table empty, so every
-- counter starts again from nothing; and a streaming replica does not have it (a promoted one
-- starts empty too). A limit forgotten once after a crash is the price; nothing else reads it.
ALTER TABLE rate_limits SET UNLOGGED;
