-- A checkout inserts one ticket row per number sold (20 in a typical basket), and PostgreSQL checks
-- each row's foreign keys one by one. The competition's key was the dearest: every buyer of a
-- competition share-locks its one row, 20 times per checkout, while the sale's counter update waits
-- on that row (bench:checkout, issue 15). A ticket's order item already names its competition, so
-- one key on both columns replaces the two: a paid ticket's competition is its order item's (which
-- was never checked before), and the competition exists because the order item references it.
-- A free postal entry's ticket has no order item (the key is not checked): it is taken from the
-- competition's unsold numbers (unsold_tickets references the competition) and its postal entry
-- references the competition and the ticket, so a competition with tickets still cannot be deleted.
ALTER TABLE order_items ADD CONSTRAINT order_items_id_competition_key UNIQUE (id, competition_id);
ALTER TABLE tickets ADD CONSTRAINT tickets_order_item_competition_fkey
  FOREIGN KEY (order_item_id, competition_id) REFERENCES order_items (id, competition_id) ON DELETE CASCADE;
ALTER TABLE tickets DROP CONSTRAINT tickets_order_item_id_fkey;
ALTER TABLE tickets DROP CONSTRAINT tickets_competition_id_fkey;

-- Holdings per (customer, competition) are counted from order items and postal entries now
-- (store-competitions.ts), not from tickets: nothing reads this index, and every ticket row wrote it.
-- tickets_customer_idx (customer_id, competition_id) stays for a customer's own tickets.
DROP INDEX tickets_competition_customer_idx;
