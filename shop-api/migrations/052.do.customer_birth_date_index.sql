-- A sign-up or a date of birth given later is checked against accounts on a break or closed with
-- the same name and date of birth (accounts/break-elsewhere.ts): found by the date first.
CREATE INDEX customers_date_of_birth_idx ON customers (date_of_birth) WHERE date_of_birth IS NOT NULL;
