import type pg from 'pg';

/**
 * Releases the tickets of a refunded order (all its lines, or one competition's), inside the
 * refund's transaction: the ticket rows go (migration 014's trigger puts their numbers back in
 * `unsold_tickets`, so an open competition sells them again) and competitions.tickets_sold
 * drops by as many. The competition rows are locked first, in id order, as the draw and the
 * allocator's sale record lock them, so a draw either sees the tickets gone or has already
 * made the competition 'drawn' - and a drawn competition's tickets are never released (the
 * refund refused that before any money moved; this only closes the gap between the two).
 *
 * Tickets that have won an instant or reward prize stay: the win is done (the prize may be
 * claimed or even delivered), and a number that came back on sale would be won a second time.
 * They stay counted as sold; the refunded order no longer holds entries in the main draw
 * (run-draw counts only orders that hold tickets), so the number simply stays out of play.
 * Returns how many tickets were released.
 */
export async function releaseTickets(client: pg.PoolClient, orderId: number, competitionId: number | null, now: Date): Promise<number> {
  const { rows: comps } = await client.query<{ id: number; drawn: boolean }>(
    `SELECT c.id, (c.status = 'drawn' OR EXISTS (SELECT 1 FROM competition_draws d WHERE d.competition_id = c.id AND d.drawn_at IS NOT NULL)) AS drawn
     FROM competitions c
     WHERE c.id IN (SELECT competition_id FROM order_items WHERE order_id = $1 AND ($2::int IS NULL OR competition_id = $2))
     ORDER BY c.id FOR UPDATE OF c`,
    [orderId, competitionId],
  );
  const open = comps.filter((c) => !c.drawn).map((c) => c.id);
  if (open.length === 0) return 0;
  const { rows } = await client.query<{ n: number }>(
    `WITH gone AS (
       DELETE FROM tickets t USING order_items i
       WHERE t.order_item_id = i.id AND i.order_id = $1 AND t.competition_id = ANY($2::int[])
         AND NOT EXISTS (SELECT 1 FROM instant_win_awards a WHERE a.competition_id = t.competition_id AND a.ticket_number = t.ticket_number)
         AND NOT EXISTS (SELECT 1 FROM reward_win_awards r WHERE r.competition_id = t.competition_id AND r.ticket_number = t.ticket_number)
       RETURNING t.competition_id
     ), counted AS (SELECT competition_id, count(*)::int AS n FROM gone GROUP BY competition_id)
     UPDATE competitions c SET tickets_sold = greatest(c.tickets_sold - counted.n, 0), updated_at = $3
     FROM counted WHERE c.id = counted.competition_id
     RETURNING counted.n`,
    [orderId, open, now],
  );
  return rows.reduce((sum, r) => sum + r.n, 0);
}
