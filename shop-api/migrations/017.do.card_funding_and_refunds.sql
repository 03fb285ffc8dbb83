-- Issue 15 (part 1). The card's funding type on every card payment (the UK prize-draw
-- code limits credit-card spend), and refunds through the payment gateway.

-- NULL: paid before funding types were recorded, or no card in the payment.
ALTER TABLE orders ADD COLUMN card_funding text CHECK (card_funding IN ('credit', 'debit', 'prepaid', 'unknown'));

-- One row per refund asked for. The idempotency key makes a retry the same refund; the row is
-- written (pending) before the gateway is asked and settled after, so a crash in between is
-- retried with the same key and the gateway, which dedupes by it, refunds once.
CREATE TABLE order_refunds (
  id                 bigserial PRIMARY KEY,
  order_id           integer NOT NULL REFERENCES orders (id),
  idempotency_key    text NOT NULL UNIQUE CHECK (idempotency_key ~ '^[A-Za-z0-9_-]{8,128}$'),
  amount_pence       integer NOT NULL CHECK (amount_pence > 0),
  state              text NOT NULL CHECK (state IN ('pending', 'succeeded', 'failed')),
  gateway            text NOT NULL,
  gateway_reference  text,
  failure            text,
  reason             text NOT NULL,
  requested_by       text NOT NULL,
  created_at         timestamptz NOT NULL,
  settled_at         timestamptz
);
CREATE INDEX order_refunds_order_idx ON order_refunds (order_id);

-- The demo gateway's refund ledger (no money moves): one row per refund key.
CREATE TABLE demo_card_refunds (
  id               bigserial PRIMARY KEY,
  order_id         integer NOT NULL REFERENCES demo_card_charges (order_id),
  idempotency_key  text NOT NULL UNIQUE,
  amount_pence     integer NOT NULL CHECK (amount_pence > 0),
  created_at       timestamptz NOT NULL
);
