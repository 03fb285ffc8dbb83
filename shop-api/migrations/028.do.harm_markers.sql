-- The UK prize-draw code, clauses 1.5 to 1.8 (issue 17): breaks and harm markers.

-- When the break in force started, and whether support applied it (a break staff applied is
-- their own action, not a sign from the customer). Breaks set before this are dated back from
-- their end (the account screen set locked_until = start + period); a permanent one cannot be.
ALTER TABLE customers ADD COLUMN lock_started_at timestamptz;
ALTER TABLE customers ADD COLUMN lock_by_staff boolean NOT NULL DEFAULT false;
UPDATE customers SET lock_started_at = locked_until - CASE locking_period
    WHEN '24h' THEN interval '24 hours' WHEN '7d' THEN interval '7 days' WHEN '30d' THEN interval '30 days' WHEN '6m' THEN interval '6 months' END
  WHERE locked_until IS NOT NULL AND NOT lock_permanent AND locking_period IS NOT NULL;

-- Every time a customer asks to loosen their limit (a raise, a shorter period, or removal):
-- asked_at, and effective_at when the 24-hour wait lets it apply (null once a later change
-- replaced it before then: it never applied). The "repeated raises" and "bought right after a
-- limit ended" markers read it.
CREATE TABLE limit_raises (
  id            bigserial PRIMARY KEY,
  customer_id   integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  asked_at      timestamptz NOT NULL,
  effective_at  timestamptz,
  from_limit    text,
  to_limit      text
);
CREATE INDEX limit_raises_customer_idx ON limit_raises (customer_id, asked_at DESC);

-- The thresholds of the harm markers, one row, admins edit them in the back office.
CREATE TABLE harm_marker_settings (
  id                      boolean PRIMARY KEY DEFAULT true CHECK (id),
  spend_spike_multiplier  numeric(4, 1) NOT NULL DEFAULT 3 CHECK (spend_spike_multiplier >= 1),
  spend_spike_weeks       integer NOT NULL DEFAULT 8 CHECK (spend_spike_weeks BETWEEN 1 AND 52),
  spend_spike_floor_pence integer NOT NULL DEFAULT 10000 CHECK (spend_spike_floor_pence >= 0),
  raises_count            integer NOT NULL DEFAULT 3 CHECK (raises_count >= 1),
  raises_days             integer NOT NULL DEFAULT 30 CHECK (raises_days BETWEEN 1 AND 365),
  late_night_orders       integer NOT NULL DEFAULT 5 CHECK (late_night_orders >= 1),
  late_night_days         integer NOT NULL DEFAULT 7 CHECK (late_night_days BETWEEN 1 AND 365),
  late_night_from_hour    integer NOT NULL DEFAULT 0 CHECK (late_night_from_hour BETWEEN 0 AND 23),
  late_night_to_hour      integer NOT NULL DEFAULT 5 CHECK (late_night_to_hour BETWEEN 1 AND 24),
  after_end_minutes       integer NOT NULL DEFAULT 60 CHECK (after_end_minutes BETWEEN 1 AND 10080),
  near_limit_percent      integer NOT NULL DEFAULT 90 CHECK (near_limit_percent BETWEEN 1 AND 100),
  high_spend_pence        integer NOT NULL DEFAULT 50000 CHECK (high_spend_pence >= 0),
  high_spend_days         integer NOT NULL DEFAULT 7 CHECK (high_spend_days BETWEEN 1 AND 365),
  break_lookback_days     integer NOT NULL DEFAULT 7 CHECK (break_lookback_days BETWEEN 1 AND 365),
  CHECK (late_night_from_hour < late_night_to_hour)
);
INSERT INTO harm_marker_settings DEFAULT VALUES;

-- A customer flagged for review by one rule, with the figures that set it off. At most one open
-- flag per customer per rule (the index); staff close it with what they did and a note.
CREATE TABLE harm_flags (
  id            bigserial PRIMARY KEY,
  customer_id   integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  rule          text NOT NULL CHECK (rule IN ('spend_spike', 'limit_raises', 'late_night', 'after_limit_or_break', 'near_spend_limit', 'break_started', 'high_spend')),
  raised_at     timestamptz NOT NULL,
  figures       jsonb NOT NULL,
  closed_at     timestamptz,
  closed_by     integer REFERENCES staff (id),
  action        text CHECK (action IN ('contacted', 'limit_suggested', 'break_applied', 'no_action')),
  note          text CHECK (length(note) BETWEEN 1 AND 2000),
  CHECK ((closed_at IS NULL) = (action IS NULL) AND (closed_at IS NULL) = (note IS NULL))
);
CREATE UNIQUE INDEX harm_flags_one_open ON harm_flags (customer_id, rule) WHERE closed_at IS NULL;
CREATE INDEX harm_flags_customer_rule_idx ON harm_flags (customer_id, rule, raised_at DESC);
