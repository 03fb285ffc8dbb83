-- Support staff's notes on a customer (issue 16): who wrote what, when. Kept as written: a
-- correction is a new note, as in the audit log that records each one.
CREATE TABLE customer_notes (
  id           bigserial PRIMARY KEY,
  customer_id  integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  staff_id     integer REFERENCES staff (id),
  author       text NOT NULL,
  text         text NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
  created_at   timestamptz NOT NULL
);
CREATE INDEX customer_notes_customer_idx ON customer_notes (customer_id, created_at DESC);
