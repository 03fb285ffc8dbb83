import { drawEntriesPath, type DrawProof, type DrawResult, type WinnerEntry } from '@cgg/contracts';
import type pg from 'pg';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { penceToPounds } from '../lib/money.ts';
import { DRAW_ALGORITHM } from './draw-function.ts';
import { publicWinnerName, WINNER_NAME_COLUMNS, winnerNameJoins, type WinnerNameRow } from './winner-names.ts';

interface ProofRow {
  competition_id: number;
  commitment: string;
  committed_at: Date;
  /** Null until drawn: till then only the sealed copy exists (sealed-seeds.ts). */
  seed: Buffer | null;
  drawn_at: Date | null;
  entry_count: number | null;
  entry_list_sha256: string | null;
  winning_index: number | null;
  winning_ticket_number: number | null;
  rounds: number | null;
}

const PROOF_COLUMNS = `d.competition_id, d.commitment, d.committed_at, d.seed, d.drawn_at, d.entry_count, d.entry_list_sha256,
  d.winning_index, d.winning_ticket_number, d.rounds`;

/** The public proof: the seed only once the draw has happened. */
export function toProof(r: ProofRow): DrawProof {
  const drawn = r.drawn_at !== null;
  return {
    competition_id: r.competition_id,
    state: !drawn ? 'pending' : r.winning_ticket_number === null ? 'no_entries' : 'drawn',
    commitment: r.commitment,
    committed_at: r.committed_at.toISOString(),
    seed: drawn ? r.seed!.toString('hex') : null,
    drawn_at: r.drawn_at?.toISOString() ?? null,
    entry_count: drawn ? r.entry_count : null,
    entry_list_sha256: drawn ? r.entry_list_sha256 : null,
    entry_list_url: drawn ? drawEntriesPath(r.competition_id) : null,
    winning_index: r.winning_index,
    winning_ticket_number: r.winning_ticket_number,
    rounds: r.rounds,
    algorithm: DRAW_ALGORITHM,
  };
}

const page = (p: number | undefined, l: number | undefined, fallback: number) => {
  const limit = l ?? fallback;
  const current = p ?? 1;
  return { limit, current, offset: (current - 1) * limit };
};

/** Results, proofs, the entry list download and the winners list: public calls; winners named by first name, surname initial (whole only with consent) and county. */
export function drawRoutes(pool: pg.Pool): DeclaredRoute[] {
  return [
    declaredRoute(routeTable.drawResults, {
      summary: 'One page of drawn competitions with their winning tickets, winners (first name, surname initial, county) and proofs.',
      description: '`limit` 1-100, default 12; newest draw first, closures without entries included with `winner: null`. Winners: first name, surname initial (the whole surname only when they consented at claim) and county (src/draws/winner-names.ts).',
      handler: async ({ input }) => {
        const { limit, current, offset } = page(input.page, input.limit, 12);
        const { rows } = await pool.query<ProofRow & Omit<WinnerNameRow, 'first_name'> & { title: string; image: string; prize_value_pence: number; draw_date: string; draw_time: string; live_draw: boolean; first_name: string | null; total: number }>(
          `SELECT ${PROOF_COLUMNS}, c.title, c.image, c.prize_value_pence, c.live_draw,
                  to_char(c.draw_at AT TIME ZONE 'Europe/London', 'YYYY-MM-DD') AS draw_date,
                  to_char(c.draw_at AT TIME ZONE 'Europe/London', 'HH24:MI') AS draw_time,
                  w.winner_first_name AS first_name, ${WINNER_NAME_COLUMNS}, count(*) OVER ()::int AS total
           FROM competition_draws d JOIN competitions c ON c.id = d.competition_id
           LEFT JOIN draw_wins w ON w.competition_id = d.competition_id ${winnerNameJoins('w', 'draw')}
           WHERE d.drawn_at IS NOT NULL
           ORDER BY d.drawn_at DESC, d.competition_id DESC LIMIT $1 OFFSET $2`,
          [limit, offset],
        );
        const total = rows[0]?.total ?? (current > 1 ? await countDrawn(pool) : 0);
        const data: DrawResult[] = rows.map((r) => ({
          competition_id: r.competition_id,
          title: r.title,
          image: r.image,
          prize_value: penceToPounds(r.prize_value_pence),
          draw_date: r.draw_date,
          draw_time: r.draw_time,
          live_draw: r.live_draw,
          winning_ticket_number: r.winning_ticket_number,
          winner: r.first_name === null ? null : publicWinnerName({ ...r, first_name: r.first_name }),
          proof: toProof(r),
        }));
        return { success: true, data, page: current, total, total_pages: Math.ceil(total / limit) };
      },
    }),
    declaredRoute(routeTable.drawProof, {
      summary: 'A drawn competition\'s proof: the committed hash, the seed, the entry-list hash, so anyone can recompute the draw.',
      description: 'For any competition: `state` pending, drawn or no_entries; the seed, entry count, entry-list hash and URL, winning index and ticket are null until the draw. 404 `rest_competition_invalid_id`.',
      handler: async ({ input }) => {
        const { rows } = await pool.query<ProofRow>(`SELECT ${PROOF_COLUMNS} FROM competition_draws d WHERE d.competition_id = $1`, [input.id]);
        if (!rows[0]) throw new WpHttpError(404, 'rest_competition_invalid_id', 'Invalid competition ID.');
        return { success: true, data: toProof(rows[0]) };
      },
    }),
    declaredRoute(routeTable.drawEntries, {
      summary: "A drawn competition's entry list as CSV: the exact bytes whose hash the proof commits to (404 until drawn).",
      description: 'Query `id`. A `text/csv` attachment, cached for a day. 404 `rest_draw_not_found` before the draw.',
      handler: async ({ input, reply }) => {
        const { rows } = await pool.query<{ entry_list_csv: string | null }>(
          'SELECT entry_list_csv FROM competition_draws WHERE competition_id = $1 AND drawn_at IS NOT NULL',
          [Number(input.id)],
        );
        if (!rows[0]?.entry_list_csv) throw new WpHttpError(404, 'rest_draw_not_found', 'This competition has not been drawn yet.');
        // The exact bytes that were hashed: served as-is, never re-encoded.
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="competition-${input.id}-entries.csv"`)
          .header('Cache-Control', 'public, max-age=86400, immutable')
          .send(Buffer.from(rows[0].entry_list_csv, 'utf8'));
      },
    }),
    declaredRoute(routeTable.winnersList, {
      summary: 'One page of winners: draw wins and instant wins.',
      description: '`limit` 1-100, default 20; draw and instant wins, newest first; first name, surname initial (the whole surname only when the winner consented at claim) and county.',
      handler: async ({ input }) => {
        const { limit, current, offset } = page(input.page, input.limit, 20);
        const { rows } = await pool.query<Omit<WinnerEntry, 'prize_value' | 'won_at' | 'surname' | 'county'> & WinnerNameRow & { pence: number; won_at: Date; total: number }>(
          `${WINS_SQL} SELECT *, count(*) OVER ()::int AS total FROM wins ORDER BY won_at DESC, kind, ticket_number LIMIT $1 OFFSET $2`,
          [limit, offset],
        );
        const total = rows[0]?.total ?? (current > 1 ? (await pool.query<{ n: number }>(`${WINS_SQL} SELECT count(*)::int AS n FROM wins`)).rows[0]!.n : 0);
        const data: WinnerEntry[] = rows.map(({ pence, won_at, total: _t, surname, county, surname_consent, ...w }) => ({
          ...w, ...publicWinnerName({ first_name: w.first_name, surname, county, surname_consent }), prize_value: penceToPounds(pence), won_at: won_at.toISOString(),
        }));
        return { success: true, data, page: current, total, total_pages: Math.ceil(total / limit) };
      },
    }),
  ];
}

async function countDrawn(pool: pg.Pool): Promise<number> {
  return (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM competition_draws WHERE drawn_at IS NOT NULL')).rows[0]!.n;
}

/**
 * Every real win: main-draw wins and instant wins as awarded at checkout or to a free
 * postal entry, with the parts of the winner's public name (winner-names.ts: the surname
 * is read here but answered as its initial unless the winner consented). The winners
 * summary sums the same rows.
 */
export const WINS_SQL = `WITH wins AS (
  SELECT 'draw'::text AS kind, w.competition_id, c.title AS competition_title, c.image, w.prize_title, w.prize_value_pence AS pence,
         w.ticket_number, w.winner_first_name AS first_name, ${WINNER_NAME_COLUMNS}, w.won_at
  FROM draw_wins w JOIN competitions c ON c.id = w.competition_id ${winnerNameJoins('w', 'draw')}
  UNION ALL
  SELECT 'instant', a.competition_id, c.title, p.image, p.title, p.prize_value_pence, a.ticket_number,
         COALESCE(NULLIF(cu.first_name, ''), o.billing_first_name, split_part(btrim(pe.full_name), ' ', 1), ''),
         ${WINNER_NAME_COLUMNS}, a.won_at
  FROM instant_win_awards a JOIN competitions c ON c.id = a.competition_id JOIN instant_win_prizes p ON p.id = a.instant_win_prize_id
  ${winnerNameJoins('a', 'instant')}
)`;
