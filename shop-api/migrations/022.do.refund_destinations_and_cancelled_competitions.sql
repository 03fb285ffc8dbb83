-- Refunds (issue "Refunds"): to the card or to site credit, with the tickets released, and
-- competitions cancelled with every order of them refunded.

-- A cancelled competition is never sold again (migration 015's trigger sells only while
-- 'open'), never drawn, and shows as closed on the site (competition-sql.ts).
ALTER TABLE competitions DROP CONSTRAINT competitions_status_check;
ALTER TABLE competitions ADD CONSTRAINT competitions_status_check CHECK (status IN ('open', 'closed', 'drawn', 'cancelled'));

-- Where a refund's money went: back to the card (through the gateway) or into the
-- customer's site credit (credit_logs 'order-refunded', in the refund's own transaction).
ALTER TABLE order_refunds ADD COLUMN destination text NOT NULL DEFAULT 'card' CHECK (destination IN ('card', 'site_credit'));
-- Set: the refund is of this competition's lines of the order (a cancelled competition),
-- whose tickets it releases.
ALTER TABLE order_refunds ADD COLUMN competition_id integer REFERENCES competitions (id);
-- The refund gives back the whole order: its tickets are released and the site credit and
-- points it spent come back too (the two columns below).
ALTER TABLE order_refunds ADD COLUMN whole boolean NOT NULL DEFAULT false;
ALTER TABLE order_refunds ADD COLUMN credit_returned_pence integer NOT NULL DEFAULT 0 CHECK (credit_returned_pence >= 0);
ALTER TABLE order_refunds ADD COLUMN points_returned integer NOT NULL DEFAULT 0 CHECK (points_returned >= 0);
ALTER TABLE order_refunds ADD COLUMN tickets_released integer NOT NULL DEFAULT 0 CHECK (tickets_released >= 0);
-- An order paid with site credit or points alone has no card money: its refund gives back
-- the credit, points and tickets with an amount of 0.
ALTER TABLE order_refunds DROP CONSTRAINT order_refunds_amount_pence_check;
ALTER TABLE order_refunds ADD CONSTRAINT order_refunds_amount_pence_check CHECK (amount_pence >= 0);
ALTER TABLE order_refunds ADD CONSTRAINT order_refunds_something_back CHECK (
  amount_pence > 0 OR credit_returned_pence > 0 OR points_returned > 0 OR whole OR competition_id IS NOT NULL);
