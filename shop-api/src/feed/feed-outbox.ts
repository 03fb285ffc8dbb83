import type pg from 'pg';
import { feedWinnerName, type FeedRecord } from './feed-record.ts';

/** PostgreSQL channel the publisher LISTENs on; NOTIFY is delivered only when the checkout commits. */
export const FEED_CHANNEL = 'instant_win_feed';

/**
 * Called by the checkout (or postal entry) transaction for each instant win it awards:
 * the pending publication is written with the win, so it exists exactly when the win
 * commits, and a rolled-back transaction leaves nothing. Two small statements; no network.
 * A postal entrant without an account (`customerId` null) is named from the full name
 * written on the entry: first word and the last word's initial, as for customers.
 */
export async function enqueueFeedPublication(
  client: pg.PoolClient,
  win: { awardId: number | string; competitionId: number; customerId: number | null; entrantName?: string; prize: string },
): Promise<void> {
  let first = '';
  let last = '';
  if (win.customerId !== null) {
    const who = await client.query<{ first_name: string; last_name: string }>('SELECT first_name, last_name FROM customers WHERE id = $1', [win.customerId]);
    first = who.rows[0]?.first_name ?? '';
    last = who.rows[0]?.last_name ?? '';
  } else {
    const words = (win.entrantName ?? '').trim().split(/\s+/).filter(Boolean);
    first = words[0] ?? '';
    last = words.length > 1 ? words[words.length - 1]! : '';
  }
  const name = feedWinnerName(first, last);
  await client.query(
    `WITH row AS (
       INSERT INTO instant_win_feed_outbox (award_id, competition_id, title, image, prize, user_name)
       SELECT $1, c.id, c.title, c.image, $3, $4 FROM competitions c WHERE c.id = $2
       RETURNING id
     )
     SELECT pg_notify('${FEED_CHANNEL}', id::text) FROM row`,
    [win.awardId, win.competitionId, win.prize, name],
  );
}

export interface ClaimedPublication {
  id: number;
  attempts: number;
  record: FeedRecord;
}

/**
 * Claims up to `limit` due rows for `leaseMs` (FOR UPDATE SKIP LOCKED: several API
 * instances never take the same row; one that dies mid-publish loses its lease and
 * another retries). Oldest first, so the feed keeps the order of the wins.
 */
export async function claimDuePublications(pool: pg.Pool, limit: number, leaseMs: number): Promise<ClaimedPublication[]> {
  const { rows } = await pool.query<{
    id: string; attempts: number; competition_id: number; title: string; image: string; prize: string; user_name: string; created_at: Date;
  }>(
    `UPDATE instant_win_feed_outbox o SET next_attempt_at = now() + make_interval(secs => $2::float8 / 1000), attempts = o.attempts + 1
     WHERE o.id IN (
       SELECT id FROM instant_win_feed_outbox
       WHERE published_at IS NULL AND gave_up_at IS NULL AND next_attempt_at <= now()
       ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING o.id, o.attempts, o.competition_id, o.title, o.image, o.prize, o.user_name, o.created_at`,
    [limit, leaseMs],
  );
  return rows
    .sort((a, b) => Number(a.id) - Number(b.id))
    .map((r) => ({
      id: Number(r.id),
      attempts: r.attempts,
      record: { main_id: r.competition_id, title: r.title, image: r.image, prize: r.prize, user: r.user_name, won_at: r.created_at.getTime() },
    }));
}

export async function markPublished(pool: pg.Pool, id: number): Promise<void> {
  await pool.query('UPDATE instant_win_feed_outbox SET published_at = now(), last_error = NULL WHERE id = $1', [id]);
}

export async function markFailed(pool: pg.Pool, id: number, retryInMs: number, error: string): Promise<void> {
  await pool.query(
    'UPDATE instant_win_feed_outbox SET next_attempt_at = now() + make_interval(secs => $2::float8 / 1000), last_error = $3 WHERE id = $1',
    [id, retryInMs, error.slice(0, 500)],
  );
}

/** Unpublished rows older than `maxAgeMs` are no longer news: they are set aside (and counted for the log). */
export async function giveUpStale(pool: pg.Pool, maxAgeMs: number): Promise<number[]> {
  const { rows } = await pool.query<{ id: string }>(
    `UPDATE instant_win_feed_outbox SET gave_up_at = now()
     WHERE published_at IS NULL AND gave_up_at IS NULL AND created_at < now() - make_interval(secs => $1::float8 / 1000)
     RETURNING id`,
    [maxAgeMs],
  );
  return rows.map((r) => Number(r.id));
}
