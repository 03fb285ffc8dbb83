-- Basket and checkout (issue 4): the Store API's carts, the signing secret, instant
-- and reward win awards, the demo card's charges, and what checkout adds to the
-- accounts tables (orders, coupons) of 002.

-- Secrets shared by every API instance (nonces and Cart-Token signatures), made on
-- first start when STORE_SECRET is unset, so all instances and restarts agree.
CREATE TABLE store_secrets (
  name        text PRIMARY KEY,
  secret      bytea NOT NULL CHECK (length(secret) >= 32),
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- A basket. Its id travels inside the signed Cart-Token; a visitor's row is created on
-- its first write. A customer has at most one basket.
CREATE TABLE carts (
  id           uuid PRIMARY KEY,
  customer_id  integer UNIQUE REFERENCES customers (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL
);
CREATE INDEX carts_visitor_updated_idx ON carts (updated_at) WHERE customer_id IS NULL;

CREATE TABLE cart_items (
  id                  bigserial PRIMARY KEY,
  cart_id             uuid NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  -- WooCommerce's cart item key: random, stable for the life of the line.
  item_key            text NOT NULL,
  competition_id      integer NOT NULL REFERENCES competitions (id) ON DELETE CASCADE,
  quantity            integer NOT NULL CHECK (quantity > 0),
  -- The skill question's correct answer given for this line (null: not answered / not asked).
  answered_option_id  integer REFERENCES competition_question_options (id) ON DELETE SET NULL,
  created_at          timestamptz NOT NULL,
  UNIQUE (cart_id, competition_id),
  UNIQUE (cart_id, item_key)
);

-- Coupons may be site-wide (no customer) and fixed or percentage.
ALTER TABLE coupons ALTER COLUMN customer_id DROP NOT NULL;
ALTER TABLE coupons ADD COLUMN discount_type text NOT NULL DEFAULT 'fixed_cart' CHECK (discount_type IN ('fixed_cart', 'percent'));
ALTER TABLE coupons ADD COLUMN percent integer CHECK (percent BETWEEN 1 AND 100);
ALTER TABLE coupons ALTER COLUMN amount_pence DROP NOT NULL;
ALTER TABLE coupons DROP CONSTRAINT coupons_amount_pence_check;
ALTER TABLE coupons ADD CONSTRAINT coupons_amount_or_percent CHECK (
  (discount_type = 'fixed_cart' AND amount_pence > 0 AND percent IS NULL) OR
  (discount_type = 'percent' AND percent IS NOT NULL AND amount_pence IS NULL));

CREATE TABLE cart_coupons (
  cart_id    uuid NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  coupon_id  integer NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
  added_at   timestamptz NOT NULL,
  PRIMARY KEY (cart_id, coupon_id)
);

-- What checkout records on the order.
ALTER TABLE orders ADD COLUMN order_key text UNIQUE;
ALTER TABLE orders ADD COLUMN customer_note text NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN payment_method text;
ALTER TABLE orders ADD COLUMN points_redeemed integer NOT NULL DEFAULT 0 CHECK (points_redeemed >= 0);
ALTER TABLE orders ADD COLUMN card_charged_pence integer NOT NULL DEFAULT 0 CHECK (card_charged_pence >= 0);
-- The checkout answer, returned as-is to a repeated request with the same Idempotency-Key.
ALTER TABLE orders ADD COLUMN store_result jsonb;
ALTER TABLE order_items ADD COLUMN discount_pence integer NOT NULL DEFAULT 0 CHECK (discount_pence >= 0);

CREATE TABLE order_coupons (
  order_id        integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  coupon_id       integer NOT NULL REFERENCES coupons (id),
  discount_pence  integer NOT NULL CHECK (discount_pence >= 0),
  PRIMARY KEY (order_id, coupon_id)
);

-- Each instant-win ticket number bought, awarded once (UNIQUE), for the claim flow and
-- the live feed (issue 5) to read.
CREATE TABLE instant_win_awards (
  id                    bigserial PRIMARY KEY,
  competition_id        integer NOT NULL REFERENCES competitions (id),
  ticket_number         integer NOT NULL,
  instant_win_prize_id  integer NOT NULL REFERENCES instant_win_prizes (id),
  customer_id           integer REFERENCES customers (id) ON DELETE SET NULL,
  order_id              integer NOT NULL REFERENCES orders (id),
  won_at                timestamptz NOT NULL,
  claimed               boolean NOT NULL DEFAULT false,
  claimed_at            timestamptz,
  UNIQUE (competition_id, ticket_number)
);
CREATE INDEX instant_win_awards_customer_idx ON instant_win_awards (customer_id, won_at DESC);
CREATE INDEX instant_win_awards_won_at_idx ON instant_win_awards (won_at DESC);

-- A reward win fires once, when its share of tickets is sold; a random ticket sold by
-- then wins it.
CREATE TABLE reward_win_awards (
  id              bigserial PRIMARY KEY,
  reward_win_id   integer NOT NULL UNIQUE REFERENCES reward_wins (id),
  competition_id  integer NOT NULL REFERENCES competitions (id),
  ticket_number   integer NOT NULL,
  customer_id     integer REFERENCES customers (id) ON DELETE SET NULL,
  order_id        integer NOT NULL REFERENCES orders (id),
  won_at          timestamptz NOT NULL,
  claimed         boolean NOT NULL DEFAULT false,
  claimed_at      timestamptz
);

-- The demo card gateway's ledger: one charge per order, written in the order's transaction.
CREATE TABLE demo_card_charges (
  id            bigserial PRIMARY KEY,
  order_id      integer NOT NULL UNIQUE REFERENCES orders (id),
  customer_id   integer REFERENCES customers (id) ON DELETE SET NULL,
  amount_pence  integer NOT NULL CHECK (amount_pence > 0),
  card_last4    text NOT NULL CHECK (card_last4 ~ '^[0-9]{4}$'),
  created_at    timestamptz NOT NULL
);

-- Holdings per (customer, competition) are read under a lock at every checkout.
CREATE INDEX tickets_competition_customer_idx ON tickets (competition_id, customer_id);
CREATE INDEX instant_win_tickets_open_idx ON instant_win_tickets (competition_id, ticket_number) WHERE won_at IS NULL;
