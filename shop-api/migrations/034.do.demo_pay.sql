-- Issue 15: the demo payment provider (src/payments/demo-provider). Its own tables, as a real
-- provider's servers would keep them: nothing in the shop's order code reads them.
CREATE TABLE demo_pay_payment_methods (
  id          text PRIMARY KEY,
  brand       text NOT NULL,
  last4       text NOT NULL,
  funding     text NOT NULL,
  exp_month   integer NOT NULL,
  exp_year    integer NOT NULL,
  -- What the card does when charged: pays, asks for 3-D Secure, or is declined (a decline code).
  behaviour   text NOT NULL,
  created_at  timestamptz NOT NULL
);

CREATE TABLE demo_pay_intents (
  id               text PRIMARY KEY,
  client_secret    text NOT NULL,
  idempotency_key  text NOT NULL UNIQUE,
  amount           integer NOT NULL CHECK (amount > 0),
  currency         text NOT NULL,
  payment_method   text NOT NULL,
  status           text NOT NULL CHECK (status IN ('requires_payment_method', 'requires_action', 'processing', 'succeeded', 'canceled')),
  metadata         jsonb NOT NULL,
  last_error       jsonb,
  amount_refunded  integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL
);
CREATE INDEX demo_pay_intents_created_idx ON demo_pay_intents (created_at);

CREATE TABLE demo_pay_refunds (
  id               text PRIMARY KEY,
  intent_id        text NOT NULL REFERENCES demo_pay_intents (id),
  idempotency_key  text NOT NULL UNIQUE,
  amount           integer NOT NULL CHECK (amount > 0),
  created_at       timestamptz NOT NULL
);
