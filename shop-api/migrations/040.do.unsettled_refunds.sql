-- Card refunds whose outcome is not known (the provider timed out or failed mid-call) stay
-- 'pending' until asked again with their key; the retry job finds them by this index.
CREATE INDEX order_refunds_pending_idx ON order_refunds (created_at) WHERE state = 'pending';
