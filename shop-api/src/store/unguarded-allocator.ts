import { COMMIT_THEN_FLUSH } from '../db/durable-commit.ts';
import type { TicketAllocator } from './ticket-allocation.ts';

/**
 * TEST ONLY (the race tests' control run): the allocation done wrong, read-then-write
 * with no guard, the way an ORM "load, check, save" would do it: read the counter, check
 * it, pause (widening the window so the race shows up every run), write it back and take
 * the next numbers in line. Never wired into the app outside the control test.
 */
export const unguardedAllocator: TicketAllocator = {
  async take(client, req) {
    const { rows } = await client.query<{ tickets_sold: number; total_tickets: number }>(
      'SELECT tickets_sold, total_tickets FROM competitions WHERE id = $1',
      [req.competitionId],
    );
    const { tickets_sold: sold, total_tickets: total } = rows[0]!;
    if (sold + req.count > total) return null;
    await client.query('SELECT pg_sleep(0.02)');
    await client.query('UPDATE competitions SET tickets_sold = $2 WHERE id = $1', [req.competitionId, sold + req.count]);
    const wanted = Array.from({ length: req.count }, (_, i) => sold + 1 + i);
    const inserted = await client.query<{ ticket_number: number }>(
      `INSERT INTO tickets (competition_id, ticket_number, order_item_id, customer_id, created_at)
       SELECT $1, n, $3, $4, $5 FROM unnest($2::int[]) AS n ON CONFLICT DO NOTHING RETURNING ticket_number`,
      [req.competitionId, wanted, req.orderItemId, req.customerId, req.now],
    );
    return inserted.rows.map((r) => r.ticket_number);
  },
  // The counter was already written back by take, unguarded.
  async record(client, sale) {
    const { rows } = await client.query<{ tickets_sold: number; total_tickets: number }>('SELECT tickets_sold, total_tickets FROM competitions WHERE id = $1', [sale.competitionId]);
    return { soldAfter: rows[0]!.tickets_sold, total: rows[0]!.total_tickets, rewardDue: false };
  },
  async recordAndCommit(client, sale) {
    const recorded = await this.record(client, sale);
    await client.query(COMMIT_THEN_FLUSH);
    return recorded!;
  },
};
