-- No sale once a competition is closed or drawn, enforced where the sale happens: the
-- allocator's guarded UPDATE of tickets_sold becomes a no-op (0 rows, so it answers
-- "not enough tickets"). This closes the window where a checkout checked the status
-- just before a draw committed and reached the sale just after.
--
-- This first shipped as an edit to 007 after 007 had been applied in places, so some
-- databases already have it and some do not: written to end the same on both.
CREATE OR REPLACE FUNCTION competitions_no_sale_unless_open() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.tickets_sold > OLD.tickets_sold AND OLD.status <> 'open' THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS competitions_no_sale_unless_open ON competitions;
CREATE TRIGGER competitions_no_sale_unless_open BEFORE UPDATE OF tickets_sold ON competitions
  FOR EACH ROW EXECUTE FUNCTION competitions_no_sale_unless_open();
