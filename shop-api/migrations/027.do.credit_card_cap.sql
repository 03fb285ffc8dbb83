-- UK prize-draw code, clause 1.3 (credit cards): a cap on what one customer may pay by credit
-- card in a London calendar month, set by admins in the back office (default £250). The
-- spend is read from orders (card_funding, card_charged_pence of 017) under the customer lock.
ALTER TABLE settings ADD COLUMN credit_card_monthly_cap_pence integer NOT NULL DEFAULT 25000
  CHECK (credit_card_monthly_cap_pence >= 0);
