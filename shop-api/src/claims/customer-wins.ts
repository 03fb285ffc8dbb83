import { type PrizeWin, type WinKind } from '@cgg/contracts/account';
import { claimOptionsFor, prizeNature, type ClaimOptionRule } from '@cgg/contracts/forms';
import type { Queryable } from '../accounts/queryable.ts';
import { penceToPounds } from '../lib/money.ts';

/** One win of any kind, as the claim code needs it. */
export interface WinRow {
  win_kind: WinKind;
  win_id: string;
  competition_id: number;
  competition_title: string;
  image: string;
  category: string | null;
  prize_title: string;
  prize_value_pence: number;
  cash_alternative_pence: number | null;
  ticket_number: number;
  won_at: Date;
  claimed: boolean;
  claim_state: PrizeWin['claim_state'];
  /** The customer is on a break or closed their account (UK code 1.5): site credit they could not spend is not offered. */
  customer_locked: boolean;
}

/*
 * The three win tables seen as one. Only a draw win carries the competition's cash
 * alternative: it is the main prize's alternative, not an instant or reward prize's.
 */
const WINS_SQL = `
  SELECT 'draw' AS win_kind, d.id::text AS win_id, d.customer_id, c.id AS competition_id, c.title AS competition_title, c.image,
         cat.slug AS category, d.prize_title, d.prize_value_pence, c.cash_alternative_pence, d.ticket_number, d.won_at, d.claimed
  FROM draw_wins d JOIN competitions c ON c.id = d.competition_id JOIN categories cat ON cat.id = c.category_id
  UNION ALL
  SELECT 'instant', a.id::text, a.customer_id, c.id, c.title, COALESCE(NULLIF(p.image, ''), c.image),
         NULL, p.title, p.prize_value_pence, NULL, a.ticket_number, a.won_at, a.claimed
  FROM instant_win_awards a JOIN instant_win_prizes p ON p.id = a.instant_win_prize_id JOIN competitions c ON c.id = a.competition_id
  UNION ALL
  SELECT 'reward', ra.id::text, ra.customer_id, c.id, c.title, c.image,
         NULL, r.title, r.prize_value_pence, NULL, ra.ticket_number, ra.won_at, ra.claimed
  FROM reward_win_awards ra JOIN reward_wins r ON r.id = ra.reward_win_id JOIN competitions c ON c.id = ra.competition_id`;

const SELECT_WINS = `
  SELECT w.*, pc.state AS claim_state,
         (SELECT cu.lock_permanent OR COALESCE(cu.locked_until > now(), false) FROM customers cu WHERE cu.id = w.customer_id) AS customer_locked
  FROM (${WINS_SQL}) w
  LEFT JOIN prize_claims pc ON pc.win_kind = w.win_kind AND pc.win_id = w.win_id::bigint`;

/** Every win of the customer: unclaimed first, newest first. */
export async function customerWins(db: Queryable, customerId: number): Promise<WinRow[]> {
  const { rows } = await db.query<WinRow>(`${SELECT_WINS} WHERE w.customer_id = $1 ORDER BY w.claimed, w.won_at DESC, w.win_kind, w.win_id::bigint DESC`, [customerId]);
  return rows;
}

/** One win, only when it is this customer's (another's is as absent as a missing one). */
export async function customerWin(db: Queryable, customerId: number, kind: WinKind, winId: number): Promise<WinRow | null> {
  const { rows } = await db.query<WinRow>(`${SELECT_WINS} WHERE w.customer_id = $1 AND w.win_kind = $2 AND w.win_id::bigint = $3`, [customerId, kind, winId]);
  return rows[0] ?? null;
}

/**
 * How the customer may take a win. On a break or with the account closed, site credit is not
 * offered (it could only be spent by playing, or never): a prize that is only site credit is paid
 * as cash to their bank instead, at its value.
 */
export function winOptions(w: WinRow): ClaimOptionRule[] {
  const options = claimOptionsFor({ nature: prizeNature(w.prize_title, w.category), prizeValuePence: w.prize_value_pence, cashAlternativePence: w.cash_alternative_pence });
  if (!w.customer_locked) return options;
  const others = options.filter((o) => o.choice !== 'credit');
  return others.length > 0 ? others : options.map((o) => ({ choice: 'cash', amountPence: o.amountPence, needs: 'bank' }));
}

export function toPrizeWin(w: WinRow): PrizeWin {
  return {
    win_kind: w.win_kind,
    win_id: Number(w.win_id),
    competition_id: w.competition_id,
    competition_title: w.competition_title,
    image: w.image,
    prize_title: w.prize_title,
    prize_value: penceToPounds(w.prize_value_pence),
    nature: prizeNature(w.prize_title, w.category),
    ticket_number: w.ticket_number,
    won_at: w.won_at.toISOString(),
    options: winOptions(w).map((o) => ({ choice: o.choice, amount: penceToPounds(o.amountPence), needs: o.needs })),
    claimed: w.claimed,
    claim_state: w.claim_state ?? null,
  };
}

/** The win table behind each kind (for the conditional `claimed` update). */
export const WIN_TABLE: Record<WinKind, string> = { draw: 'draw_wins', instant: 'instant_win_awards', reward: 'reward_win_awards' };
