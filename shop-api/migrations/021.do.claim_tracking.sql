-- A prize sent by post or courier carries its tracking reference (issue 16: "sent with
-- tracking"); the winner sees it in their account.
ALTER TABLE prize_claims ADD COLUMN tracking_reference text CHECK (tracking_reference IS NULL OR length(tracking_reference) BETWEEN 1 AND 100);
