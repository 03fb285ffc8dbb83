-- Complaints (UK prize-draw code, clause 1.2): each complaint as filed, who it came from (the
-- account when signed in), where it is (open, answered, closed), and every answer staff sent,
-- word for word, to whom and by whom. The reference a customer quotes is CGG-C-<id, 6 digits>.
CREATE TABLE complaints (
  id               bigserial PRIMARY KEY,
  customer_id      integer REFERENCES customers (id) ON DELETE SET NULL,
  name             text NOT NULL,
  email            text NOT NULL,
  order_number     integer,
  category         text NOT NULL CHECK (category IN ('entry', 'draw', 'prize', 'payment', 'account', 'other')),
  details          text NOT NULL,
  -- The client address the rate limit counts by.
  ip_address       text NOT NULL,
  state            text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'answered', 'closed')),
  created_at       timestamptz NOT NULL,
  -- When the acknowledgement email went; null: it could not be sent (staff see it).
  acknowledged_at  timestamptz,
  closed_at        timestamptz,
  closed_by        integer REFERENCES staff (id),
  close_note       text,
  CHECK ((state = 'closed') = (closed_at IS NOT NULL))
);
CREATE INDEX complaints_queue_idx ON complaints (state, created_at, id);
CREATE INDEX complaints_ip_time_idx ON complaints (ip_address, created_at DESC);
CREATE INDEX complaints_customer_idx ON complaints (customer_id) WHERE customer_id IS NOT NULL;

CREATE TABLE complaint_answers (
  id            bigserial PRIMARY KEY,
  complaint_id  bigint NOT NULL REFERENCES complaints (id),
  staff_id      integer REFERENCES staff (id),
  author        text NOT NULL,
  body          text NOT NULL,
  sent_to       text NOT NULL,
  created_at    timestamptz NOT NULL
);
CREATE INDEX complaint_answers_complaint_idx ON complaint_answers (complaint_id, id);
