-- Issue 15 (part 2). Card payments confirmed by the provider: the basket's tickets are reserved
-- when checkout starts (the order is 'pending' until the provider confirms, for at most
-- reserved_until), then paid exactly once by the client's return or the signed webhook.

-- The reservation: until when the tickets are held, the basket to give back if the payment fails
-- or expires, the payment method the customer chose (to create the intent again with the same
-- idempotency key after a crash), and why a failed payment failed (answered to a repeat).
ALTER TABLE orders
  ADD COLUMN reserved_until timestamptz,
  ADD COLUMN reserved_cart_id uuid,
  ADD COLUMN reserved_basket jsonb,
  ADD COLUMN payment_method_ref text,
  ADD COLUMN payment_failure jsonb;
CREATE INDEX orders_reservations_idx ON orders (reserved_until) WHERE status = 'pending' AND reserved_until IS NOT NULL;

-- One provider payment intent per order, as last seen (the provider is the truth; reconciliation compares).
CREATE TABLE payment_intents (
  intent_id          text PRIMARY KEY,
  provider           text NOT NULL,
  order_id           integer NOT NULL UNIQUE REFERENCES orders (id),
  amount_pence       integer NOT NULL CHECK (amount_pence > 0),
  currency           text NOT NULL CHECK (currency = 'gbp'),
  status             text NOT NULL,
  funding            text NOT NULL CHECK (funding IN ('credit', 'debit', 'prepaid', 'unknown')),
  last4              text NOT NULL,
  client_secret      text,
  next_action        jsonb,
  created_at         timestamptz NOT NULL,
  updated_at         timestamptz NOT NULL
);
CREATE INDEX payment_intents_created_idx ON payment_intents (created_at);

-- Every verified webhook event, once: a duplicate delivery finds its row and changes nothing.
CREATE TABLE payment_webhook_events (
  provider      text NOT NULL,
  event_id      text NOT NULL,
  type          text NOT NULL,
  intent_id     text,
  received_at   timestamptz NOT NULL,
  processed_at  timestamptz,
  outcome       text,
  PRIMARY KEY (provider, event_id)
);

-- What reconciliation found and could not (or did) repair, for a person to look at.
CREATE TABLE payment_discrepancies (
  id          bigserial PRIMARY KEY,
  provider    text NOT NULL,
  intent_id   text NOT NULL,
  order_id    integer REFERENCES orders (id),
  kind        text NOT NULL,
  detail      text NOT NULL,
  repaired    boolean NOT NULL,
  found_at    timestamptz NOT NULL,
  UNIQUE (provider, intent_id, kind)
);
