-- An order's instant wins, read with every answer of the order (checkout, the client's return, the
-- confirmation page): by index, not by a scan of every award (the partial index of 012 covers only
-- the awards whose winner has not been told yet).
CREATE INDEX instant_win_awards_order_idx ON instant_win_awards (order_id) WHERE order_id IS NOT NULL;
