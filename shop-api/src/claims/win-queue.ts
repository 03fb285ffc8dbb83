import type { WinKind } from '@cgg/contracts/account';
import type { WinStatus } from '@cgg/contracts/staff';
import type { Queryable } from '../accounts/queryable.ts';
import { claimsByIds, type QueuedClaim } from './claim-queue.ts';
import { containsPattern } from '../lib/like-pattern.ts';

/*
 * Every win as the people who fulfil them see it, from the moment it is won: not claimed
 * yet (who won, whether they have an account to claim with, when they were last
 * reminded), claimed and being sent or paid, or done. A postal win settled by hand is
 * done too. Its status is worked out here and only here (the contracts' winStatuses say
 * what each means), so the filter and the label never disagree.
 */

/** The three win tables as one, with who won each: the account holder, else the postal entrant. */
const WINS = `
  SELECT 'draw' AS win_kind, d.id AS win_id, d.competition_id, d.prize_title, d.prize_value_pence, d.ticket_number, d.won_at,
         d.customer_id, d.postal_entry_id, d.claimed, d.settled_by, d.settle_note
  FROM draw_wins d
  UNION ALL
  SELECT 'instant', a.id, a.competition_id, p.title, p.prize_value_pence, a.ticket_number, a.won_at, a.customer_id, a.postal_entry_id, a.claimed, a.settled_by, a.settle_note
  FROM instant_win_awards a JOIN instant_win_prizes p ON p.id = a.instant_win_prize_id
  UNION ALL
  SELECT 'reward', ra.id, ra.competition_id, r.title, r.prize_value_pence, ra.ticket_number, ra.won_at, ra.customer_id, ra.postal_entry_id, ra.claimed, ra.settled_by, ra.settle_note
  FROM reward_win_awards ra JOIN reward_wins r ON r.id = ra.reward_win_id`;

/** A claim's state and choice in the words. Site credit is credited by the claim itself (claim-prize.ts). */
const STATUS = `
  CASE WHEN pc.id IS NULL AND NOT w.claimed THEN 'awaiting_claim'
       WHEN pc.id IS NULL THEN 'done'
       WHEN pc.choice = 'credit' THEN 'credited'
       WHEN pc.state <> 'fulfilled' THEN 'to_send'
       WHEN pc.choice = 'cash' THEN 'paid'
       WHEN pc.tracking_reference IS NOT NULL THEN 'sent'
       ELSE 'done' END`;

const QUEUE_SQL = `
  WITH q AS (
    SELECT w.*, pc.id AS claim_id, pc.created_at AS claimed_at, ${STATUS} AS status
    FROM (${WINS}) w LEFT JOIN prize_claims pc ON pc.win_kind = w.win_kind AND pc.win_id = w.win_id
    -- A claimed win is fulfilled through its claim, or was settled by hand; anything else claimed is not the queue's.
    WHERE pc.id IS NOT NULL OR NOT w.claimed OR w.settled_by IS NOT NULL
  )
  SELECT q.win_kind, q.win_id::text, q.competition_id, c.title AS competition_title, q.prize_title, q.prize_value_pence, q.ticket_number, q.won_at,
         q.customer_id, q.postal_entry_id::text, q.settled_by, q.settle_note, q.claim_id::text, q.status,
         COALESCE(NULLIF(trim(concat_ws(' ', cu.first_name, cu.last_name)), ''), pe.full_name, cu.email, '') AS winner_name,
         COALESCE(cu.email, pe.email, '') AS winner_email,
         ($1::timestamptz AT TIME ZONE 'Europe/London')::date - (q.won_at AT TIME ZONE 'Europe/London')::date AS days_since_win,
         (SELECT max(r.sent_at) FROM win_reminders r WHERE r.win_kind = q.win_kind AND r.win_id = q.win_id) AS reminded_at,
         count(*) OVER ()::int AS total
  FROM q JOIN competitions c ON c.id = q.competition_id
  LEFT JOIN customers cu ON cu.id = q.customer_id LEFT JOIN postal_entries pe ON pe.id = q.postal_entry_id
  WHERE ($2::text IS NULL OR q.status = $2) AND ($5::text IS NULL OR q.win_kind = $5) AND ($6::bigint IS NULL OR q.win_id = $6)
    AND ($7::text IS NULL OR c.title ILIKE $7 OR q.prize_title ILIKE $7 OR concat_ws(' ', cu.first_name, cu.last_name, cu.email, pe.full_name, pe.email) ILIKE $7)
  ORDER BY COALESCE(q.claimed_at, q.won_at), q.win_kind, q.win_id
  LIMIT $3 OFFSET $4`;

interface QueueRow {
  win_kind: WinKind;
  win_id: string;
  competition_id: number;
  competition_title: string;
  prize_title: string;
  prize_value_pence: number;
  ticket_number: number;
  won_at: Date;
  customer_id: number | null;
  postal_entry_id: string | null;
  settled_by: string | null;
  settle_note: string | null;
  claim_id: string | null;
  status: WinStatus;
  winner_name: string;
  winner_email: string;
  days_since_win: number;
  reminded_at: Date | null;
  total: number;
}

export interface QueuedWin extends Omit<QueueRow, 'claim_id' | 'total'> {
  claim: QueuedClaim | null;
}

/** Wins oldest first (a claimed one by its claim's date), optionally with one status or just one win: a page of them and how many in all. */
/** `search`: part of the competition's title, the prize, or the winner's name or email. */
export async function winQueue(
  db: Queryable, o: { status?: WinStatus | null; win?: { kind?: WinKind | undefined; id?: number | undefined }; search?: string; now: Date; limit: number; offset?: number },
): Promise<{ wins: QueuedWin[]; total: number }> {
  const search = containsPattern(o.search);
  const { rows } = await db.query<QueueRow>(QUEUE_SQL, [o.now, o.status ?? null, o.limit, o.offset ?? 0, o.win?.kind ?? null, o.win?.id ?? null, search]);
  const claims = await claimsByIds(db, rows.flatMap((r) => (r.claim_id ? [Number(r.claim_id)] : [])));
  const wins = rows.map(({ claim_id, total: _total, ...r }) => ({ ...r, claim: claim_id ? (claims.get(Number(claim_id)) ?? null) : null }));
  return { wins, total: rows[0]?.total ?? 0 };
}
