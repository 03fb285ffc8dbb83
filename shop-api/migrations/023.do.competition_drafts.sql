-- Issue 16: a competition made in the back office starts as a draft: invisible to the shop,
-- not for sale, never drawn by the scheduler, until an operator publishes it ('open').
-- 'cancelled' (a competition refunded as a whole) is listed too, so this constraint names
-- every status whichever of the two changes lands first.
ALTER TABLE competitions DROP CONSTRAINT IF EXISTS competitions_status_check;
ALTER TABLE competitions ADD CONSTRAINT competitions_status_check
  CHECK (status IN ('draft', 'open', 'closed', 'drawn', 'cancelled'));
