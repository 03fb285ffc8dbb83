-- Issue 15, the sell-out bench: what every checkout costs PostgreSQL.

-- An order's instant wins, read with every answer of the order (checkout, the client's return, the
-- confirmation page): by index, not by a scan of every award (the partial index of 012 covers only
-- the awards whose winner has not been told yet).
CREATE INDEX instant_win_awards_order_idx ON instant_win_awards (order_id) WHERE order_id IS NOT NULL;

-- A sale counted on its competition (the allocator's `record`, src/store/ticket-allocation.ts):
-- never past the total, never unless open (015's trigger makes the UPDATE a no-op). Answers the
-- counter after the sale and whether a reward-win milestone is now due; a sale refused answers no
-- row, or, with p_refuse_loudly, raises SQLSTATE 'CGS01' so that a COMMIT sent in the same round
-- trip (the checkout's last sale: the competition row is then locked for no round trip of the
-- API's at all) never commits tickets whose sale was not counted.
CREATE FUNCTION record_ticket_sale(p_competition integer, p_count integer, p_at timestamptz, p_refuse_loudly boolean)
RETURNS TABLE (tickets_sold integer, total_tickets integer, reward_due boolean) LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
    UPDATE competitions c SET tickets_sold = c.tickets_sold + p_count, updated_at = p_at
    WHERE c.id = p_competition AND c.tickets_sold + p_count <= c.total_tickets
    RETURNING c.tickets_sold, c.total_tickets,
      c.enable_reward_wins AND EXISTS (SELECT 1 FROM reward_wins r WHERE r.competition_id = c.id AND r.won_at IS NULL
        AND r.percentage * c.total_tickets::bigint <= c.tickets_sold::bigint * 100);
  IF NOT FOUND AND p_refuse_loudly THEN
    RAISE EXCEPTION 'the sale of % tickets of competition % was refused (not enough left, or not open)', p_count, p_competition
      USING ERRCODE = 'CGS01';
  END IF;
END $$;
