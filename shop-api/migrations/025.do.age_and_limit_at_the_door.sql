-- UK prize-draw code, clauses 1.1 (age) and 1.4 (limits at the door).
-- date_of_birth: asked at sign-up; customers from before it are asked at their next purchase
-- (null until then, and the checkout refuses until it is given). Nobody under 18 is stored.
-- limit_choice_*: the monthly spending limit the customer chose when asked (at sign-up, or at
-- the first purchase for customers from before), and when: a null amount with a time is an
-- explicit "no limit". The limit itself lives in the responsible-play columns (002).
ALTER TABLE customers
  ADD COLUMN date_of_birth      date,
  ADD COLUMN limit_choice_at    timestamptz,
  ADD COLUMN limit_choice_pence integer CHECK (limit_choice_pence >= 0),
  ADD CONSTRAINT customers_limit_choice_has_time CHECK (limit_choice_pence IS NULL OR limit_choice_at IS NOT NULL);
