-- A refund the provider refused (no money moved) may be asked again under its key; each such
-- attempt goes to the provider under a key of its own (`<key>-a<attempt>`), since a provider
-- replays a refused request's answer for its key (Stripe: for 24 hours).
ALTER TABLE order_refunds ADD COLUMN attempt integer NOT NULL DEFAULT 1;
