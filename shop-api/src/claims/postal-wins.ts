import type { WinKind } from '@cgg/contracts/account';
import type pg from 'pg';
import { inTransaction, type Queryable } from '../accounts/queryable.ts';
import { recordStaffAction } from '../staff/audit-log.ts';
import { WIN_TABLE } from './customer-wins.ts';

/*
 * Wins of free postal entries. An entrant with an account claims online like any winner;
 * one without an account cannot, so the operator contacts them, hands the prize over and
 * records it as settled. The CLI's `postal-wins` and the back office's postal-wins panel
 * both list and settle through here.
 */

/** Every win whose ticket came from a free postal entry, with the entrant as written on the entry. */
const POSTAL_WINS = `
  WITH w AS (
    SELECT 'instant' AS kind, a.id, a.competition_id, a.ticket_number, a.customer_id, a.postal_entry_id, a.claimed, a.settled_by, a.settle_note,
           p.title AS prize, p.prize_value_pence AS pence, a.won_at
    FROM instant_win_awards a JOIN instant_win_prizes p ON p.id = a.instant_win_prize_id WHERE a.postal_entry_id IS NOT NULL
    UNION ALL
    SELECT 'reward', ra.id, ra.competition_id, ra.ticket_number, ra.customer_id, ra.postal_entry_id, ra.claimed, ra.settled_by, ra.settle_note,
           r.title, r.prize_value_pence, ra.won_at
    FROM reward_win_awards ra JOIN reward_wins r ON r.id = ra.reward_win_id WHERE ra.postal_entry_id IS NOT NULL
    UNION ALL
    SELECT 'draw', d.id, d.competition_id, d.ticket_number, d.customer_id, d.postal_entry_id, d.claimed, d.settled_by, d.settle_note,
           d.prize_title, d.prize_value_pence, d.won_at
    FROM draw_wins d WHERE d.postal_entry_id IS NOT NULL
  )
  SELECT w.*, w.id::text AS id, w.postal_entry_id::text AS postal_entry_id, pe.full_name, pe.email, pe.town, c.title AS competition_title, pc.state AS claim_state
  FROM w JOIN postal_entries pe ON pe.id = w.postal_entry_id JOIN competitions c ON c.id = w.competition_id
  LEFT JOIN prize_claims pc ON pc.win_kind = w.kind AND pc.win_id = w.id
  WHERE ($1::int IS NULL OR w.competition_id = $1) AND (NOT $2 OR NOT w.claimed) AND ($3::text IS NULL OR (w.kind = $3 AND w.id = $4))
  ORDER BY w.won_at DESC, w.kind, w.id DESC`;

export interface PostalWin {
  kind: WinKind;
  id: string;
  competition_id: number;
  competition_title: string;
  ticket_number: number;
  customer_id: number | null;
  postal_entry_id: string;
  claimed: boolean;
  settled_by: string | null;
  settle_note: string | null;
  prize: string;
  pence: number;
  won_at: Date;
  full_name: string;
  email: string;
  town: string;
  claim_state: string | null;
}

/** Postal-entry wins, newest first: of one competition, and only those nobody has claimed or settled (`open`). */
export async function postalWins(db: Queryable, o: { competitionId?: number | null; open?: boolean }): Promise<PostalWin[]> {
  const { rows } = await db.query<PostalWin>(POSTAL_WINS, [o.competitionId ?? null, o.open === true, null, null]);
  return rows;
}

/** One postal-entry win, or null when there is no such win of a postal entry. */
export async function postalWin(db: Queryable, kind: WinKind, id: number | string): Promise<PostalWin | null> {
  const { rows } = await db.query<PostalWin>(POSTAL_WINS, [null, false, kind, id]);
  return rows[0] ?? null;
}

export type SettleOutcome =
  | { settled: true }
  /** not-postal: no such win of a postal entry; has-account: its entrant claims online; already: settled (or claimed) before. */
  | { settled: false; why: 'not-postal' }
  | { settled: false; why: 'has-account'; customerId: number }
  | { settled: false; why: 'already' };

/**
 * Records a postal win as handed over by `by` (how: `note`), with its audit entry in the
 * same transaction. Only a win without an account: one with an account is claimed online.
 * Conditional, like an online claim: settled once, even if two operators try at once.
 */
export async function settlePostalWin(
  pool: pg.Pool,
  o: { kind: WinKind; id: number | string; by: string; /** How it was handed over (required: staffSettlePostalWinRequestSchema's rule). */ note: string; at: Date; audit: { staffId: number | null; actor: string } },
): Promise<SettleOutcome> {
  const table = WIN_TABLE[o.kind];
  const { rows } = await pool.query<{ customer_id: number | null; postal: boolean }>(
    `SELECT customer_id, postal_entry_id IS NOT NULL AS postal FROM ${table} WHERE id = $1`,
    [o.id],
  );
  const win = rows[0];
  if (!win || !win.postal) return { settled: false, why: 'not-postal' };
  if (win.customer_id !== null) return { settled: false, why: 'has-account', customerId: win.customer_id };
  return inTransaction(pool, async (client) => {
    const settled = await client.query(
      `UPDATE ${table} SET claimed = true, claimed_at = $2, settled_by = $3, settle_note = $4 WHERE id = $1 AND NOT claimed AND customer_id IS NULL`,
      [o.id, o.at, o.by, o.note],
    );
    if (settled.rowCount !== 1) return { settled: false, why: 'already' } as const;
    await recordStaffAction(client, {
      staffId: o.audit.staffId, actor: o.audit.actor, action: 'postal-win.settle', subject: `${o.kind} win #${o.id}`,
      before: { claimed: false }, after: { claimed: true, settled_by: o.by, note: o.note }, at: o.at,
    });
    return { settled: true } as const;
  });
}
