import { randomInt } from 'node:crypto';
import type { StoreInstantWinWon } from '@cgg/contracts/store';
import type pg from 'pg';
import { HOLDING_STATUSES } from './order-statuses.ts';
import { enqueueFeedPublication } from '../feed/feed-outbox.ts';
import { feedWinnerName } from '../feed/feed-record.ts';
import { penceToPounds } from '../lib/money.ts';

/** The winner's public name: 'Jamie T.', by the feed's rule (first word of the first name, the surname's initial). */
export const publicName = (first: string, last: string): string => feedWinnerName(first, last);

/** A full name as written on a postal entry, as first and last name: first word, last word ('Mary Ann Smith' -> Mary, Smith). */
export function splitFullName(fullName: string): { first: string; last: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  return { first: words[0] ?? '', last: words.length > 1 ? words[words.length - 1]! : '' };
}

/**
 * Where a winning ticket came from: an order (checkout) or a free postal entry
 * (src/draws/postal-entry.ts). Exactly one is set; the award row records it.
 */
export type WinSource = { orderId: number; postalEntryId?: undefined } | { postalEntryId: number; orderId?: undefined };

/**
 * Awards each instant-win number among `numbers` (just allocated, so held by nobody
 * else): the guarded `won_at IS NULL` update and UNIQUE (competition_id,
 * ticket_number) on the awards table make each award happen at most once. Paid and
 * postal tickets go through here alike; a postal entrant without an account has
 * `customerId` null and is named from `entrantName` (the feed shows first name and
 * last initial only).
 */
export async function awardInstantWins(
  client: pg.PoolClient,
  a: { competitionId: number; numbers: number[]; customerId: number | null; winnerName: string; now: Date; entrantName?: string } & WinSource,
): Promise<StoreInstantWinWon[]> {
  // Named (prepared): run for every paid order with instant wins on offer, planned once per connection.
  const { rows } = await client.query<{ ticket_number: number; prize_id: number; title: string; pence: number; image: string }>({
    name: 'cgg_award_instant_wins',
    text: `WITH won AS (
       UPDATE instant_win_tickets t SET won_at = $3, won_by_name = $4
       WHERE t.competition_id = $1 AND t.ticket_number = ANY($2::int[]) AND t.won_at IS NULL
       RETURNING t.ticket_number, t.instant_win_prize_id
     )
     SELECT won.ticket_number, p.id AS prize_id, p.title, p.prize_value_pence AS pence, p.image
     FROM won JOIN instant_win_prizes p ON p.id = won.instant_win_prize_id ORDER BY won.ticket_number`,
    values: [a.competitionId, a.numbers, a.now, a.winnerName],
  });
  const out: StoreInstantWinWon[] = [];
  for (const r of rows) {
    const award = await client.query<{ id: string }>(
      `INSERT INTO instant_win_awards (competition_id, ticket_number, instant_win_prize_id, customer_id, order_id, postal_entry_id, won_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [a.competitionId, r.ticket_number, r.prize_id, a.customerId, a.orderId ?? null, a.postalEntryId ?? null, a.now],
    );
    // The live feed's pending record, in this transaction: published only once the order (or postal entry) commits.
    await enqueueFeedPublication(client, {
      awardId: award.rows[0]!.id, competitionId: a.competitionId, customerId: a.customerId, entrantName: a.entrantName, prize: r.title,
    });
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
 * Reward wins whose share of tickets is now sold fire once, under the competition row's lock
 * (exactly one caller crosses each milestone): a sale paid at once or a postal entry (the sale's
 * transaction), or the payment of a reserved order (order-payment.ts; a reservation itself fires
 * none). Milestones count `tickets_sold`, which counts postal tickets too (they come from the
 * same pool), reserved ones included: they are sold unless released. The winning ticket is
 * drawn at random from the PAID entries (processing, completed, admin-comp-win) and every free
 * postal entry: never a ticket whose card payment is still pending, which could be released and
 * leave an unpaid prize. With no such entry yet, the milestone stays due and the next paid sale
 * fires it.
 */
export async function fireRewardWins(client: pg.PoolClient, a: { competitionId: number; soldAfter: number; total: number; now: Date }): Promise<number> {
  const due = await client.query<{ id: number }>(
    `SELECT id FROM reward_wins WHERE competition_id = $1 AND won_at IS NULL AND percentage * $3::bigint <= $2::bigint * 100
     ORDER BY percentage FOR UPDATE`,
    [a.competitionId, a.soldAfter, a.total],
  );
  let fired = 0;
  for (const reward of due.rows) {
    const count = await client.query<{ n: number }>(`${REWARD_ENTRIES} SELECT count(*)::int AS n FROM entries`, [a.competitionId, PAID_ENTRY_STATUSES]);
    const n = count.rows[0]!.n;
    if (n === 0) continue;
    const pick = await client.query<{
      ticket_number: number; customer_id: number | null; order_id: number | null; postal_entry_id: string | null;
      first_name: string | null; last_name: string | null; full_name: string | null;
    }>(
      `${REWARD_ENTRIES} SELECT * FROM entries ORDER BY ticket_number OFFSET $3 LIMIT 1`,
      [a.competitionId, PAID_ENTRY_STATUSES, randomInt(0, n)],
    );
    const w = pick.rows[0]!;
    const name = w.first_name !== null ? publicName(w.first_name, w.last_name ?? '') : publicName(splitFullName(w.full_name ?? '').first, splitFullName(w.full_name ?? '').last);
    await client.query('UPDATE reward_wins SET won_at = $2, won_by_name = $3 WHERE id = $1', [reward.id, a.now, name]);
    await client.query(
      `INSERT INTO reward_win_awards (reward_win_id, competition_id, ticket_number, customer_id, order_id, postal_entry_id, won_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [reward.id, a.competitionId, w.ticket_number, w.customer_id, w.order_id, w.postal_entry_id, a.now],
    );
    fired++;
  }
  return fired;
}

/** Order statuses whose tickets are paid entries: those that hold tickets, less a reservation. */
const PAID_ENTRY_STATUSES = HOLDING_STATUSES.filter((s) => s !== 'pending');

/** The entries of competition $1 ($2: the order statuses that count), with who holds each. */
const REWARD_ENTRIES = `WITH entries AS (
  SELECT t.ticket_number, t.customer_id, i.order_id, pe.id::text AS postal_entry_id, cu.first_name, cu.last_name, pe.full_name
  FROM tickets t
  LEFT JOIN order_items i ON i.id = t.order_item_id LEFT JOIN orders o ON o.id = i.order_id
  LEFT JOIN postal_entries pe ON t.order_item_id IS NULL AND pe.competition_id = t.competition_id AND pe.ticket_number = t.ticket_number
  LEFT JOIN customers cu ON cu.id = t.customer_id
  WHERE t.competition_id = $1 AND (o.status = ANY($2) OR pe.id IS NOT NULL)
)`;
