import { randomInt } from 'node:crypto';
import type pg from 'pg';

/*
 * Selling tickets of one competition inside the checkout transaction:
 * 1. secure the count with a guarded UPDATE (never past the total, READ COMMITTED
 *    re-checks the row after waiting for a concurrent buyer's lock);
 * 2. draw the numbers uniformly at random from the unsold ones (crypto randomness),
 *    inserted under UNIQUE (competition_id, ticket_number).
 * The row lock taken in 1 is held until commit, so buyers of one competition draw
 * one after another and a number can only clash with a committed one.
 */

export interface AllocationRequest {
  competitionId: number;
  count: number;
  /** null: the ticket of a free postal entry (src/draws/postal-entry.ts), which has no order. */
  orderItemId: number | null;
  /** null: a postal entry from someone without an account. */
  customerId: number | null;
  now: Date;
  /** The competition's size and sales as last read (sizes the first draw; the guard decides). */
  hint?: { total: number; sold: number };
}

export interface Allocation {
  numbers: number[];
  /** tickets_sold after this sale, and the total (reward-win milestones read them). */
  soldAfter: number;
  total: number;
}

/** What checkout calls to sell tickets; tests swap in a deliberately unguarded one for the control run. */
export type TicketAllocator = (client: pg.PoolClient, req: AllocationRequest) => Promise<Allocation | null>;

/** Below this share of free numbers, listing the free ones beats guessing. */
const SPARSE_SHARE = 0.2;

/**
 * Returns null when fewer than `count` tickets are left (nothing changed).
 * While most numbers are free, the guarded UPDATE and the first draw travel as ONE
 * statement (a data-modifying CTE), because the competition row stays locked from
 * that UPDATE to COMMIT: every round trip saved there is throughput for a popular
 * competition. Numbers the statement's snapshot could not see as taken (committed
 * while it waited for the lock) are skipped by ON CONFLICT and drawn again after.
 */
export const guardedAllocator: TicketAllocator = async (client, req) => {
  const hint = req.hint;
  if (hint && (hint.total - hint.sold) / hint.total >= SPARSE_SHARE) {
    const candidates = distinctRandom(candidateCount(req.count, (hint.total - hint.sold) / hint.total, hint.total), hint.total, new Set());
    const { rows } = await client.query<{ tickets_sold: number; total_tickets: number; numbers: number[] }>(
      `WITH upd AS (
         UPDATE competitions SET tickets_sold = tickets_sold + $2, updated_at = $3
         WHERE id = $1 AND tickets_sold + $2 <= total_tickets
         RETURNING tickets_sold, total_tickets
       ), ins AS (
         INSERT INTO tickets (competition_id, ticket_number, order_item_id, customer_id, created_at)
         SELECT $1, u.n, $5, $6, $3 FROM unnest($4::int[]) WITH ORDINALITY AS u(n, i)
         WHERE EXISTS (SELECT 1 FROM upd)
           AND u.n NOT IN (SELECT ticket_number FROM tickets WHERE competition_id = $1 AND ticket_number = ANY($4::int[]))
         ORDER BY u.i LIMIT $2
         ON CONFLICT (competition_id, ticket_number) DO NOTHING RETURNING ticket_number
       )
       SELECT upd.tickets_sold, upd.total_tickets, COALESCE((SELECT array_agg(ticket_number) FROM ins), '{}') AS numbers FROM upd`,
      [req.competitionId, req.count, req.now, candidates, req.orderItemId, req.customerId],
    );
    const row = rows[0];
    if (!row) return null;
    const numbers = await drawTicketNumbers(client, req, row.total_tickets, row.tickets_sold - req.count, row.numbers);
    return { numbers, soldAfter: row.tickets_sold, total: row.total_tickets };
  }
  const { rows } = await client.query<{ tickets_sold: number; total_tickets: number }>(
    `UPDATE competitions SET tickets_sold = tickets_sold + $2, updated_at = $3
     WHERE id = $1 AND tickets_sold + $2 <= total_tickets
     RETURNING tickets_sold, total_tickets`,
    [req.competitionId, req.count, req.now],
  );
  const row = rows[0];
  if (!row) return null;
  const numbers = await drawTicketNumbers(client, req, row.total_tickets, row.tickets_sold - req.count);
  return { numbers, soldAfter: row.tickets_sold, total: row.total_tickets };
};

/** Enough random candidates that `need` of them are very likely free. */
const candidateCount = (need: number, freeShare: number, total: number): number => Math.min(total, Math.ceil((need / freeShare) * 1.5) + 8);

/**
 * Inserts `req.count` tickets with numbers drawn uniformly from the free ones.
 * Dense case: draw random candidates from 1..total, drop the taken ones and keep the
 * first `need` (a uniform sample of the free numbers), all in one INSERT ... SELECT. Sparse case
 * (or after two rounds): list the free numbers with generate_series EXCEPT and pick
 * with a partial Fisher-Yates shuffle.
 */
export async function drawTicketNumbers(
  client: pg.PoolClient,
  req: AllocationRequest,
  total: number,
  soldBefore: number,
  already: readonly number[] = [],
): Promise<number[]> {
  const got: number[] = [...already];
  for (let round = 0; got.length < req.count; round++) {
    const need = req.count - got.length;
    const freeShare = Math.max(0, total - soldBefore) / total;
    let inserted: pg.QueryResult<{ ticket_number: number }>;
    if (round < 2 && freeShare >= SPARSE_SHARE) {
      // One statement: the first `need` random candidates nobody holds.
      const candidates = distinctRandom(candidateCount(need, freeShare, total), total, new Set(got));
      inserted = await client.query<{ ticket_number: number }>(
        // `taken` is an index lookup of the candidates only (an anti-join could scan every ticket).
        `WITH taken AS (SELECT ticket_number FROM tickets WHERE competition_id = $1 AND ticket_number = ANY($2::int[]))
         INSERT INTO tickets (competition_id, ticket_number, order_item_id, customer_id, created_at)
         SELECT $1, u.n, $3, $4, $5 FROM unnest($2::int[]) WITH ORDINALITY AS u(n, i)
         WHERE u.n NOT IN (SELECT ticket_number FROM taken)
         ORDER BY u.i LIMIT $6
         ON CONFLICT (competition_id, ticket_number) DO NOTHING RETURNING ticket_number`,
        [req.competitionId, candidates, req.orderItemId, req.customerId, req.now, need],
      );
    } else {
      const free = await client.query<{ n: number }>(
        `SELECT n FROM generate_series(1, $2::int) AS n
         EXCEPT SELECT ticket_number FROM tickets WHERE competition_id = $1`,
        [req.competitionId, total],
      );
      const pool = free.rows.map((r) => r.n).filter((n) => !got.includes(n));
      if (pool.length < need) throw new Error(`competition ${req.competitionId}: ${need} tickets secured but only ${pool.length} numbers free`);
      inserted = await client.query<{ ticket_number: number }>(
        `INSERT INTO tickets (competition_id, ticket_number, order_item_id, customer_id, created_at)
         SELECT $1, n, $3, $4, $5 FROM unnest($2::int[]) AS n
         ON CONFLICT (competition_id, ticket_number) DO NOTHING RETURNING ticket_number`,
        [req.competitionId, sample(pool, need), req.orderItemId, req.customerId, req.now],
      );
    }
    got.push(...inserted.rows.map((r) => r.ticket_number));
  }
  return got.sort((a, b) => a - b);
}

/** `k` distinct numbers from 1..total not in `exclude`, uniformly (crypto randomness). */
function distinctRandom(k: number, total: number, exclude: ReadonlySet<number>): number[] {
  const out = new Set<number>();
  const limit = Math.min(k, total - exclude.size);
  while (out.size < limit) {
    const n = randomInt(1, total + 1);
    if (!exclude.has(n)) out.add(n);
  }
  return [...out];
}

/** `k` items of `pool` uniformly at random (partial Fisher-Yates; shuffles `pool` in place). */
function sample(pool: number[], k: number): number[] {
  for (let i = 0; i < k; i++) {
    const j = randomInt(i, pool.length);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, k);
}
