-- Winners and fulfilment: a postal win settled by hand keeps how it was handed over (the
-- back office asks for it), and each reminder mailed to a winner who has not claimed is
-- kept, one per win per London day at most (the key refuses a second one, even two
-- operators at once).
ALTER TABLE instant_win_awards ADD COLUMN settle_note text;
ALTER TABLE reward_win_awards ADD COLUMN settle_note text;
ALTER TABLE draw_wins ADD COLUMN settle_note text;

CREATE TABLE win_reminders (
  win_kind   text NOT NULL CHECK (win_kind IN ('draw', 'instant', 'reward')),
  win_id     bigint NOT NULL,
  london_day date NOT NULL,
  sent_at    timestamptz NOT NULL,
  sent_to    text NOT NULL,
  staff_id   integer REFERENCES staff (id),
  PRIMARY KEY (win_kind, win_id, london_day)
);
