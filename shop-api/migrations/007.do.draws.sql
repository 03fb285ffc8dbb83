-- Provably fair draws (issue 5): a secret seed per competition committed (SHA-256)
-- when it opens and revealed at the draw, the published entry list, the draw's
-- winner, and free postal entries (tickets taken from the same pool as paid ones).

-- A ticket now comes from an order item (paid) or a free postal entry.
ALTER TABLE tickets ALTER COLUMN order_item_id DROP NOT NULL;

CREATE TABLE postal_entries (
  id                bigserial PRIMARY KEY,
  competition_id    integer NOT NULL REFERENCES competitions (id),
  -- The account the entry was matched to (by email or chosen by the operator), if any.
  customer_id       integer REFERENCES customers (id) ON DELETE SET NULL,
  full_name         text NOT NULL CHECK (length(full_name) BETWEEN 1 AND 200),
  email             text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  town              text NOT NULL DEFAULT '',
  answer_option_id  integer REFERENCES competition_question_options (id),
  ticket_number     integer NOT NULL,
  recorded_by       text NOT NULL,
  recorded_at       timestamptz NOT NULL,
  UNIQUE (competition_id, ticket_number),
  FOREIGN KEY (competition_id, ticket_number) REFERENCES tickets (competition_id, ticket_number)
);
-- The per-person cap counts a person's postal entries by account and by email.
CREATE INDEX postal_entries_email_idx ON postal_entries (competition_id, lower(email));
CREATE INDEX postal_entries_customer_idx ON postal_entries (customer_id, competition_id);

-- One row per competition: the commitment from the start, the reveal and proof at the draw.
CREATE TABLE competition_draws (
  competition_id       integer PRIMARY KEY REFERENCES competitions (id) ON DELETE CASCADE,
  -- Secret until drawn_at: never sent by the API before then.
  seed                 bytea NOT NULL CHECK (length(seed) = 32),
  commitment           text NOT NULL CHECK (commitment ~ '^[0-9a-f]{64}$'),
  committed_at         timestamptz NOT NULL,
  drawn_at             timestamptz,
  drawn_by             text,
  entry_count          integer CHECK (entry_count >= 0),
  entry_list_sha256    text CHECK (entry_list_sha256 ~ '^[0-9a-f]{64}$'),
  -- The published entry list exactly as hashed (ticket numbers and entry types only).
  entry_list_csv       text,
  winning_index        integer,
  winning_ticket_number integer,
  rounds               integer,
  CHECK (drawn_at IS NULL OR (drawn_by IS NOT NULL AND entry_count IS NOT NULL AND entry_list_sha256 IS NOT NULL AND entry_list_csv IS NOT NULL)),
  CHECK ((winning_ticket_number IS NULL) = (winning_index IS NULL)),
  CHECK (winning_ticket_number IS NULL OR (drawn_at IS NOT NULL AND entry_count > 0))
);
-- The scheduler looks for undrawn rows.
CREATE INDEX competition_draws_undrawn_idx ON competition_draws (competition_id) WHERE drawn_at IS NULL;

-- The main-draw win: the winners list, the summary and prize claims read it.
CREATE TABLE draw_wins (
  id                 bigserial PRIMARY KEY,
  competition_id     integer NOT NULL UNIQUE REFERENCES competitions (id),
  ticket_number      integer NOT NULL,
  customer_id        integer REFERENCES customers (id) ON DELETE SET NULL,
  order_id           integer REFERENCES orders (id),
  postal_entry_id    bigint REFERENCES postal_entries (id),
  -- What is published: first name and town only.
  winner_first_name  text NOT NULL,
  winner_town        text NOT NULL,
  prize_title        text NOT NULL,
  prize_value_pence  integer NOT NULL CHECK (prize_value_pence >= 0),
  won_at             timestamptz NOT NULL,
  claimed            boolean NOT NULL DEFAULT false,
  claimed_at         timestamptz,
  CHECK ((order_id IS NULL) <> (postal_entry_id IS NULL))
);
CREATE INDEX draw_wins_customer_idx ON draw_wins (customer_id, won_at DESC);
CREATE INDEX draw_wins_won_at_idx ON draw_wins (won_at DESC);

-- Operator adjustments to the ledgers carry a reason (the description) and who made them.
ALTER TABLE points_logs ADD COLUMN adjusted_by text;
ALTER TABLE credit_logs ADD COLUMN adjusted_by text;
