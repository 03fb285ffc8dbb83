-- Free postal entries carry the same chances as paid ones (UK prize-draw practice): an
-- instant-win number drawn for a postal ticket wins, and a reward win can land on a
-- postal ticket. Such an award points at the postal entry instead of an order; exactly
-- one of the two is set. The entrant may have no account (customer_id NULL): the
-- operator then handles the prize (cli postal-wins) and records who settled it.
ALTER TABLE instant_win_awards ALTER COLUMN order_id DROP NOT NULL;
ALTER TABLE instant_win_awards ADD COLUMN postal_entry_id bigint REFERENCES postal_entries (id);
ALTER TABLE instant_win_awards ADD CONSTRAINT instant_win_awards_one_source CHECK ((order_id IS NULL) <> (postal_entry_id IS NULL));
CREATE INDEX instant_win_awards_postal_idx ON instant_win_awards (postal_entry_id) WHERE postal_entry_id IS NOT NULL;

ALTER TABLE reward_win_awards ALTER COLUMN order_id DROP NOT NULL;
ALTER TABLE reward_win_awards ADD COLUMN postal_entry_id bigint REFERENCES postal_entries (id);
ALTER TABLE reward_win_awards ADD CONSTRAINT reward_win_awards_one_source CHECK ((order_id IS NULL) <> (postal_entry_id IS NULL));
CREATE INDEX reward_win_awards_postal_idx ON reward_win_awards (postal_entry_id) WHERE postal_entry_id IS NOT NULL;

-- A win without an account cannot go through /claim/prize: the operator settles it by
-- hand (post, bank transfer) and the row records who did.
ALTER TABLE instant_win_awards ADD COLUMN settled_by text;
ALTER TABLE reward_win_awards ADD COLUMN settled_by text;
ALTER TABLE draw_wins ADD COLUMN settled_by text;
