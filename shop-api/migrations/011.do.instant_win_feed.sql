-- Live instant-win feed (issue 5): the transactional outbox of pop-up records.
-- The checkout writes one row per instant win in its own transaction (so a row exists
-- exactly when the win committed); the publisher (src/feed/) pushes it to the Realtime
-- Database afterwards, never inside the checkout. The columns hold exactly what the
-- world-readable feed shows: the winner's first name and last initial, never more.
CREATE TABLE instant_win_feed_outbox (
  id               bigserial PRIMARY KEY,
  award_id         bigint NOT NULL UNIQUE REFERENCES instant_win_awards (id),
  competition_id   integer NOT NULL REFERENCES competitions (id),
  title            text NOT NULL,
  image            text NOT NULL,
  prize            text NOT NULL,
  user_name        text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  -- A claim is a lease: the claimer moves next_attempt_at forward; if it dies the row
  -- comes due again for any instance.
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  attempts         integer NOT NULL DEFAULT 0,
  last_error       text,
  published_at     timestamptz,
  -- Set when a record was too old to announce as "just won" (the feed was down too long).
  gave_up_at       timestamptz
);
CREATE INDEX instant_win_feed_outbox_due_idx ON instant_win_feed_outbox (next_attempt_at, id)
  WHERE published_at IS NULL AND gave_up_at IS NULL;
