-- Customer accounts (issue 3): customers with every user/profile field of the spec,
-- sessions, login throttling, password reset keys, login-as-user codes (the audit),
-- the email outbox, points and site-credit ledgers, coupons, and the orders / items /
-- tickets the account screens read (issue 4's checkout writes them).

CREATE TABLE customers (
  id                          serial PRIMARY KEY,
  email                       text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  -- scrypt$N$r$p$salt$hash (src/accounts/password.ts); parameters travel with the hash.
  password_hash               text NOT NULL,
  first_name                  text NOT NULL DEFAULT '',
  last_name                   text NOT NULL DEFAULT '',
  display_name                text NOT NULL DEFAULT '',
  nickname                    text NOT NULL DEFAULT '',
  description                 text NOT NULL DEFAULT '',
  billing_first_name          text NOT NULL DEFAULT '',
  billing_last_name           text NOT NULL DEFAULT '',
  billing_company             text NOT NULL DEFAULT '',
  billing_address_1           text NOT NULL DEFAULT '',
  billing_address_2           text NOT NULL DEFAULT '',
  billing_city                text NOT NULL DEFAULT '',
  billing_state               text NOT NULL DEFAULT '',
  billing_postcode            text NOT NULL DEFAULT '',
  billing_country             text NOT NULL DEFAULT 'GB',
  billing_email               text NOT NULL DEFAULT '',
  billing_phone               text NOT NULL DEFAULT '',
  account_number              text NOT NULL DEFAULT '' CHECK (account_number ~ '^[0-9]{0,20}$'),
  sort_code                   text NOT NULL DEFAULT '' CHECK (sort_code ~ '^([0-9]{3,6})?$'),
  over_18_confirmed_at        timestamptz NOT NULL,
  -- Responsible play. The limit in force:
  limit_duration              text CHECK (limit_duration IN ('day', 'week', 'month')),
  limit_value_pence           integer CHECK (limit_value_pence >= 0),
  -- A raise (or removal) waits 24 h: it sits here until pending_limit_from.
  -- pending_limit_from set with a null duration means "remove the limit then".
  pending_limit_duration      text CHECK (pending_limit_duration IN ('day', 'week', 'month')),
  pending_limit_value_pence   integer CHECK (pending_limit_value_pence >= 0),
  pending_limit_from          timestamptz,
  locked_until                timestamptz,
  lock_permanent              boolean NOT NULL DEFAULT false,
  locking_period              text CHECK (locking_period IN ('24h', '7d', '30d', '6m', 'permanent')),
  created_at                  timestamptz NOT NULL DEFAULT now(),
  updated_at                  timestamptz NOT NULL DEFAULT now(),
  CHECK ((limit_duration IS NULL) = (limit_value_pence IS NULL)),
  CHECK ((pending_limit_duration IS NULL) = (pending_limit_value_pence IS NULL)),
  CHECK (pending_limit_duration IS NULL OR pending_limit_from IS NOT NULL)
);
-- One account per address, whatever its case.
CREATE UNIQUE INDEX customers_email_key ON customers (lower(email));

-- Only the SHA-256 of a session token is stored; the token itself exists only on the client.
CREATE TABLE customer_sessions (
  id            bigserial PRIMARY KEY,
  customer_id   integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  token_hash    bytea NOT NULL UNIQUE,
  origin        text NOT NULL CHECK (origin IN ('register', 'login', 'check-auth', 'login-as-user')),
  created_at    timestamptz NOT NULL,
  last_used_at  timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  revoked_at    timestamptz
);
CREATE INDEX customer_sessions_customer_idx ON customer_sessions (customer_id) WHERE revoked_at IS NULL;

-- Failed logins, for throttling per account (lower-cased email) and per client address.
CREATE TABLE login_failures (
  id           bigserial PRIMARY KEY,
  account_key  text NOT NULL,
  address      text NOT NULL,
  failed_at    timestamptz NOT NULL
);
CREATE INDEX login_failures_account_idx ON login_failures (account_key, failed_at);
CREATE INDEX login_failures_address_idx ON login_failures (address, failed_at);

CREATE TABLE password_reset_keys (
  id           bigserial PRIMARY KEY,
  customer_id  integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  key_hash     bytea NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz
);
CREATE INDEX password_reset_keys_customer_idx ON password_reset_keys (customer_id, created_at);

-- Issued only by the admin CLI; each row is also the audit record (who, when, whom, used when/where).
CREATE TABLE login_as_user_codes (
  id           bigserial PRIMARY KEY,
  customer_id  integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  code_hash    bytea NOT NULL UNIQUE,
  issued_by    text NOT NULL,
  issued_at    timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz,
  used_from    text
);

-- Mail written here when no SMTP server is configured (development, tests, e2e).
CREATE TABLE email_outbox (
  id          bigserial PRIMARY KEY,
  to_address  text NOT NULL,
  subject     text NOT NULL,
  text_body   text NOT NULL,
  html_body   text NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE INDEX email_outbox_to_idx ON email_outbox (lower(to_address), id);

CREATE SEQUENCE order_id_seq START 10001;

-- WooCommerce order statuses plus the shop's 'admin-comp-win' (shown as 'Ticket Win').
CREATE TABLE orders (
  id                    integer PRIMARY KEY DEFAULT nextval('order_id_seq'),
  customer_id           integer REFERENCES customers (id) ON DELETE SET NULL,
  status                text NOT NULL CHECK (status IN ('pending', 'processing', 'completed', 'cancelled', 'refunded', 'failed', 'admin-comp-win')),
  created_at            timestamptz NOT NULL,
  paid_at               timestamptz,
  subtotal_pence        integer NOT NULL CHECK (subtotal_pence >= 0),
  discount_pence        integer NOT NULL DEFAULT 0 CHECK (discount_pence >= 0),
  credit_used_pence     integer NOT NULL DEFAULT 0 CHECK (credit_used_pence >= 0),
  total_pence           integer NOT NULL CHECK (total_pence >= 0),
  payment_method_title  text NOT NULL DEFAULT '',
  -- One key per checkout attempt: a retried checkout finds its order instead of paying twice.
  idempotency_key       text UNIQUE,
  billing_first_name    text NOT NULL DEFAULT '',
  billing_last_name     text NOT NULL DEFAULT '',
  billing_address_1     text NOT NULL DEFAULT '',
  billing_address_2     text NOT NULL DEFAULT '',
  billing_city          text NOT NULL DEFAULT '',
  billing_state         text NOT NULL DEFAULT '',
  billing_postcode      text NOT NULL DEFAULT '',
  billing_phone         text NOT NULL DEFAULT '',
  billing_email         text NOT NULL DEFAULT '',
  shipping_first_name   text NOT NULL DEFAULT '',
  shipping_last_name    text NOT NULL DEFAULT '',
  shipping_address_1    text NOT NULL DEFAULT '',
  shipping_address_2    text NOT NULL DEFAULT '',
  shipping_city         text NOT NULL DEFAULT '',
  shipping_state        text NOT NULL DEFAULT '',
  shipping_postcode     text NOT NULL DEFAULT ''
);
CREATE INDEX orders_customer_idx ON orders (customer_id, created_at DESC, id DESC);

CREATE TABLE order_items (
  id                 serial PRIMARY KEY,
  order_id           integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  competition_id     integer NOT NULL REFERENCES competitions (id),
  title              text NOT NULL,
  quantity           integer NOT NULL CHECK (quantity > 0),
  unit_price_pence   integer NOT NULL CHECK (unit_price_pence >= 0),
  line_total_pence   integer NOT NULL CHECK (line_total_pence >= 0),
  position           integer NOT NULL DEFAULT 0
);
CREATE INDEX order_items_order_idx ON order_items (order_id, position);

-- A ticket number is handed out once per competition, enforced here.
CREATE TABLE tickets (
  id              bigserial PRIMARY KEY,
  competition_id  integer NOT NULL REFERENCES competitions (id),
  ticket_number   integer NOT NULL CHECK (ticket_number > 0),
  order_item_id   integer NOT NULL REFERENCES order_items (id) ON DELETE CASCADE,
  customer_id     integer REFERENCES customers (id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL,
  UNIQUE (competition_id, ticket_number)
);
CREATE INDEX tickets_order_item_idx ON tickets (order_item_id, ticket_number);
CREATE INDEX tickets_customer_idx ON tickets (customer_id, competition_id);

-- Ledgers: the balance is the sum. order-redeem rows are negative (spent), others positive.
CREATE TABLE points_logs (
  id           bigserial PRIMARY KEY,
  customer_id  integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  type         text NOT NULL CHECK (type IN ('order-placed', 'order-redeem', 'signup-bonus', 'admin-adjust', 'order-refunded')),
  points       integer NOT NULL,
  description  text NOT NULL,
  order_id     integer REFERENCES orders (id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL
);
CREATE INDEX points_logs_customer_idx ON points_logs (customer_id, created_at DESC, id DESC);

CREATE TABLE credit_logs (
  id            bigserial PRIMARY KEY,
  customer_id   integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  type          text NOT NULL CHECK (type IN ('instant-win', 'order-redeem', 'admin-credit', 'order-refunded')),
  amount_pence  integer NOT NULL,
  description   text NOT NULL,
  order_id      integer REFERENCES orders (id) ON DELETE SET NULL,
  created_at    timestamptz NOT NULL
);
CREATE INDEX credit_logs_customer_idx ON credit_logs (customer_id, created_at DESC, id DESC);

CREATE TABLE coupons (
  id              serial PRIMARY KEY,
  customer_id     integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  code            text NOT NULL CHECK (code ~ '^[A-Za-z0-9_-]{3,40}$'),
  description     text NOT NULL DEFAULT 'CGG Coupon',
  amount_pence    integer NOT NULL CHECK (amount_pence > 0),
  expires_at      timestamptz,
  used_at         timestamptz,
  created_at      timestamptz NOT NULL
);
CREATE UNIQUE INDEX coupons_code_key ON coupons (lower(code));
CREATE INDEX coupons_customer_idx ON coupons (customer_id);
