-- The unsold numbers of each competition, as rows, so that buyers take numbers with
-- `FOR UPDATE SKIP LOCKED` instead of queueing on the competition row: a number
-- another checkout is taking right now is skipped, never waited for. The pool is
-- exactly 1..total_tickets minus the numbers in `tickets`, kept so by the triggers
-- below whoever writes tickets (checkout, postal entries, seeds, tests).
-- competitions.tickets_sold stays the guard against selling more than exist (seeded
-- competitions count sales that have no ticket rows); it is now updated last, just
-- before COMMIT, so its row lock is held for one round trip (src/store/ticket-allocation.ts).
CREATE TABLE unsold_tickets (
  competition_id  integer NOT NULL REFERENCES competitions (id) ON DELETE CASCADE,
  ticket_number   integer NOT NULL,
  PRIMARY KEY (competition_id, ticket_number)
);

INSERT INTO unsold_tickets (competition_id, ticket_number)
SELECT c.id, n FROM competitions c CROSS JOIN LATERAL generate_series(1, c.total_tickets) AS n
WHERE NOT EXISTS (SELECT 1 FROM tickets t WHERE t.competition_id = c.id AND t.ticket_number = n);

CREATE FUNCTION unsold_tickets_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM unsold_tickets WHERE competition_id = NEW.id AND ticket_number > NEW.total_tickets;
  END IF;
  INSERT INTO unsold_tickets (competition_id, ticket_number)
  SELECT NEW.id, n FROM generate_series(1, NEW.total_tickets) AS n
  WHERE NOT EXISTS (SELECT 1 FROM tickets t WHERE t.competition_id = NEW.id AND t.ticket_number = n)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER competitions_fill_unsold_on_insert AFTER INSERT ON competitions
  FOR EACH ROW EXECUTE FUNCTION unsold_tickets_fill();
CREATE TRIGGER competitions_fill_unsold_on_resize AFTER UPDATE OF total_tickets ON competitions
  FOR EACH ROW WHEN (NEW.total_tickets IS DISTINCT FROM OLD.total_tickets) EXECUTE FUNCTION unsold_tickets_fill();

-- One statement-level trigger per direction: a checkout's 20 tickets cost one DELETE, not 20.
CREATE FUNCTION unsold_tickets_take() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM unsold_tickets u USING sold s WHERE u.competition_id = s.competition_id AND u.ticket_number = s.ticket_number;
  RETURN NULL;
END $$;
CREATE TRIGGER tickets_take_from_unsold AFTER INSERT ON tickets
  REFERENCING NEW TABLE AS sold FOR EACH STATEMENT EXECUTE FUNCTION unsold_tickets_take();

CREATE FUNCTION unsold_tickets_return() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO unsold_tickets (competition_id, ticket_number)
  SELECT r.competition_id, r.ticket_number FROM returned r JOIN competitions c ON c.id = r.competition_id
  WHERE r.ticket_number <= c.total_tickets
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER tickets_return_to_unsold AFTER DELETE ON tickets
  REFERENCING OLD TABLE AS returned FOR EACH STATEMENT EXECUTE FUNCTION unsold_tickets_return();
