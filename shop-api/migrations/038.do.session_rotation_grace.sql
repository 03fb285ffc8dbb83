-- check-auth rotates a customer's token at every page load. Requests the page's other parts sent
-- with the old token at the same moment, and other tabs opening at once (a restored browser),
-- were refused as signed out. The old session now stays usable for a short grace after it is
-- superseded (accounts/sessions.ts): superseded_at marks when, and its expiry is cut to the end of
-- the grace, never slid forward again.
ALTER TABLE customer_sessions ADD COLUMN superseded_at timestamptz;
