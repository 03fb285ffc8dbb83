-- Prize claims (issue 5, "/claim/prize"). One claim per win, ever: UNIQUE (win_kind,
-- win_id) here, plus the conditional UPDATE of the win's own `claimed` flag in the same
-- transaction (src/claims/claim-prize.ts). The win tables are three (draw_wins,
-- instant_win_awards, reward_win_awards), so win_id is not a foreign key; the claim
-- code checks the win belongs to the customer before it writes.
CREATE TABLE prize_claims (
  id                    bigserial PRIMARY KEY,
  customer_id           integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  win_kind              text NOT NULL CHECK (win_kind IN ('draw', 'instant', 'reward')),
  win_id                bigint NOT NULL,
  competition_id        integer NOT NULL REFERENCES competitions (id),
  prize_title           text NOT NULL,
  choice                text NOT NULL CHECK (choice IN ('prize', 'cash', 'credit')),
  amount_pence          integer NOT NULL CHECK (amount_pence >= 0),
  state                 text NOT NULL DEFAULT 'received' CHECK (state IN ('received', 'processing', 'fulfilled')),
  -- Delivery address (choice 'prize').
  delivery_first_name   text,
  delivery_last_name    text,
  delivery_phone        text,
  delivery_address_1    text,
  delivery_address_2    text,
  delivery_city         text,
  delivery_postcode     text,
  delivery_state        text,
  -- Bank details (choice 'cash'): kept whole to make the payment, answered masked, never logged.
  bank_account_number   text,
  bank_sort_code        text,
  -- One per attempt; a repeat answers the same claim.
  idempotency_key       text NOT NULL,
  created_at            timestamptz NOT NULL,
  updated_at            timestamptz NOT NULL,
  UNIQUE (win_kind, win_id),
  UNIQUE (customer_id, idempotency_key),
  CHECK (choice <> 'prize' OR (delivery_address_1 IS NOT NULL AND delivery_postcode IS NOT NULL)),
  CHECK (choice <> 'cash' OR (bank_account_number IS NOT NULL AND bank_sort_code IS NOT NULL))
);
CREATE INDEX prize_claims_customer_idx ON prize_claims (customer_id, created_at DESC);

-- Site credit taken for a prize lands in the cred ledger as its own event type.
ALTER TABLE credit_logs DROP CONSTRAINT credit_logs_type_check;
ALTER TABLE credit_logs ADD CONSTRAINT credit_logs_type_check
  CHECK (type IN ('instant-win', 'order-redeem', 'admin-credit', 'order-refunded', 'prize-claim'));

-- Instant and reward winners are told by email after the order commits: claimed (set)
-- by the sender, so each win is mailed at most once. Wins from before this migration
-- count as told.
ALTER TABLE instant_win_awards ADD COLUMN notified_at timestamptz;
ALTER TABLE reward_win_awards ADD COLUMN notified_at timestamptz;
UPDATE instant_win_awards SET notified_at = won_at;
UPDATE reward_win_awards SET notified_at = won_at;
CREATE INDEX instant_win_awards_unnotified_idx ON instant_win_awards (order_id) WHERE notified_at IS NULL;
CREATE INDEX reward_win_awards_unnotified_idx ON reward_win_awards (competition_id) WHERE notified_at IS NULL;
