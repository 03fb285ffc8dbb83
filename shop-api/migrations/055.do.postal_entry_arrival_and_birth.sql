-- A free postal entry now records when its envelope arrived and the date of birth written on it
-- (draws/postal-entry.ts). The site's postal route asks for both: an entry counts only if it
-- arrived before the competition closed (so one that arrived in time is still entered when it is
-- keyed in after the close, until the draw), and only adults take part (UK code 1.1).
-- Entries recorded before this have neither (NULL): they were keyed in while the competition was
-- open, and their dates of birth were never asked for.
ALTER TABLE postal_entries
  ADD COLUMN received_at timestamptz,
  ADD COLUMN date_of_birth date,
  ADD CONSTRAINT postal_entries_received_before_recorded CHECK (received_at IS NULL OR received_at <= recorded_at);
