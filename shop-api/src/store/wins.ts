import { randomInt } from 'node:crypto';
import type { StoreInstantWinWon } from '@cgg/contracts';
import type pg from 'pg';
import { enqueueFeedPublication } from '../feed/feed-outbox.ts';
import { penceToPounds } from '../lib/money.ts';

/** The winner's public name: 'Jamie T.' */
export const publicName = (first: string, last: string): string => `${first.trim()}${last.trim() ? ` ${last.trim()[0]!.toUpperCase()}.` : ''}`.trim() || 'A customer';

/**
 * Awards each instant-win number among `numbers` (just bought, so held by nobody
 * else): the guarded `won_at IS NULL` update and UNIQUE (competition_id,
 * ticket_number) on the awards table make each award happen at most once.
 */
export async function awardInstantWins(
  client: pg.PoolClient,
  a: { competitionId: number; numbers: number[]; customerId: number; orderId: number; winnerName: string; now: Date },
): Promise<StoreInstantWinWon[]> {
  const { rows } = await client.query<{ ticket_number: number; prize_id: number; title: string; pence: number; image: string }>(
    `WITH won AS (
       UPDATE instant_win_tickets t SET won_at = $3, won_by_name = $4
       WHERE t.competition_id = $1 AND t.ticket_number = ANY($2::int[]) AND t.won_at IS NULL
       RETURNING t.ticket_number, t.instant_win_prize_id
     )
     SELECT won.ticket_number, p.id AS prize_id, p.title, p.prize_value_pence AS pence, p.image
     FROM won JOIN instant_win_prizes p ON p.id = won.instant_win_prize_id ORDER BY won.ticket_number`,
    [a.competitionId, a.numbers, a.now, a.winnerName],
  );
  const out: StoreInstantWinWon[] = [];
  for (const r of rows) {
    const award = await client.query<{ id: string }>(
      `INSERT INTO instant_win_awards (competition_id, ticket_number, instant_win_prize_id, customer_id, order_id, won_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [a.competitionId, r.ticket_number, r.prize_id, a.customerId, a.orderId, a.now],
    );
    // The live feed's pending record, in this transaction: published only once the order commits.
    await enqueueFeedPublication(client, { awardId: award.rows[0]!.id, competitionId: a.competitionId, customerId: a.customerId, prize: r.title });
    await client.query(
      `INSERT INTO winners (competition_id, winner_name, prize_title, prize_value_pence, kind, ticket_number, won_at)
       VALUES ($1, $2, $3, $4, 'instant', $5, $6)`,
      [a.competitionId, a.winnerName, r.title, r.pence, r.ticket_number, a.now],
    );
    out.push({
      win_id: Number(award.rows[0]!.id),
      competition_id: a.competitionId,
      ticket_number: r.ticket_number,
      prize_id: r.prize_id,
      prize_title: r.title,
      prize_value: penceToPounds(r.pence),
      image: r.image,
    });
  }
  return out;
}

/**
 * Reward wins whose share of tickets is now sold fire once (the competition row is
 * locked by the sale, so exactly one sale crosses each milestone): a ticket drawn at
 * random from those sold so far wins it.
 */
export async function fireRewardWins(client: pg.PoolClient, a: { competitionId: number; soldAfter: number; total: number; now: Date }): Promise<number> {
  const due = await client.query<{ id: number }>(
    `SELECT id FROM reward_wins WHERE competition_id = $1 AND won_at IS NULL AND percentage * $3::bigint <= $2::bigint * 100
     ORDER BY percentage FOR UPDATE`,
    [a.competitionId, a.soldAfter, a.total],
  );
  let fired = 0;
  for (const reward of due.rows) {
    const count = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM tickets WHERE competition_id = $1', [a.competitionId]);
    const n = count.rows[0]!.n;
    if (n === 0) continue;
    const pick = await client.query<{ ticket_number: number; customer_id: number | null; order_id: number; first_name: string | null; last_name: string | null }>(
      `SELECT t.ticket_number, t.customer_id, i.order_id, cu.first_name, cu.last_name
       FROM tickets t JOIN order_items i ON i.id = t.order_item_id LEFT JOIN customers cu ON cu.id = t.customer_id
       WHERE t.competition_id = $1 ORDER BY t.ticket_number OFFSET $2 LIMIT 1`,
      [a.competitionId, randomInt(0, n)],
    );
    const w = pick.rows[0]!;
    const name = publicName(w.first_name ?? '', w.last_name ?? '');
    await client.query('UPDATE reward_wins SET won_at = $2, won_by_name = $3 WHERE id = $1', [reward.id, a.now, name]);
    await client.query(
      `INSERT INTO reward_win_awards (reward_win_id, competition_id, ticket_number, customer_id, order_id, won_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [reward.id, a.competitionId, w.ticket_number, w.customer_id, w.order_id, a.now],
    );
    fired++;
  }
  return fired;
}
