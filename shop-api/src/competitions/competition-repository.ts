import type { Competition, CompetitionCategory } from '@cgg/contracts';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { COMPETITION_COLUMNS, PUBLIC_SQL, statusFilters, type StatusFilter } from './competition-sql.ts';
import { toCompetition, type CompetitionRow } from './to-payload.ts';

/** Lists without paging (home sections) are capped so a big catalogue stays cheap. */
export const UNPAGED_LIST_CAP = 100;

const ORDER = {
  drawSoonest: 'c.draw_at ASC, c.id ASC',
  drawNewest: 'c.draw_at DESC, c.id DESC',
} as const;

/**
 * Named (prepared) statements: planning the list query costs more than running it,
 * so each connection plans each distinct statement once.
 */
const prepared = (text: string, values: unknown[]): pg.QueryConfig => ({
  name: `cgg_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`,
  text,
  values,
});

interface Select {
  where: string[];
  params: unknown[];
  order: keyof typeof ORDER;
  limit: number;
  offset?: number;
}

/**
 * One statement per list: the page is cut in a CTE (with the filtered total as a
 * window count), then the payload columns and parts are read for that page only.
 */
async function select(pool: pg.Pool, q: Select): Promise<{ competitions: Competition[]; total: number; featured: boolean[] }> {
  const params = [...q.params, q.limit, q.offset ?? 0];
  const sql = `
    WITH page AS (
      SELECT c.*, count(*) OVER () AS total_count
      FROM competitions c
      WHERE ${[PUBLIC_SQL, ...q.where].join(' AND ')}
      ORDER BY ${ORDER[q.order]}
      LIMIT $${params.length - 1} OFFSET $${params.length}
    )
    SELECT ${COMPETITION_COLUMNS}, c.total_count
    FROM page c JOIN categories cat ON cat.id = c.category_id
    ORDER BY ${ORDER[q.order]}`;
  const { rows } = await pool.query<CompetitionRow & { total_count: string }>(prepared(sql, params));
  return {
    competitions: rows.map(toCompetition),
    total: rows.length ? Number(rows[0]!.total_count) : 0,
    featured: rows.map((r) => r.featured),
  };
}

export interface ListFilter {
  category?: string;
  status: StatusFilter;
  instantWin?: boolean;
  page: number;
  limit: number;
}

export async function listCompetitions(pool: pg.Pool, f: ListFilter): Promise<{ competitions: Competition[]; total: number }> {
  const where: string[] = [statusFilters[f.status]];
  const params: unknown[] = [];
  if (f.category !== undefined) {
    params.push(f.category);
    where.push(`c.category_id = (SELECT id FROM categories WHERE slug = $${params.length})`);
  }
  if (f.instantWin !== undefined) {
    params.push(f.instantWin);
    where.push(`c.enable_instant_wins = $${params.length}`);
  }
  const order = f.status === 'open' ? 'drawSoonest' : 'drawNewest';
  const result = await select(pool, { where, params, order, limit: f.limit, offset: (f.page - 1) * f.limit });
  if (result.competitions.length === 0 && f.page > 1) {
    // Past the last page the window count has no row to ride on.
    const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM competitions c WHERE ${[PUBLIC_SQL, ...where].join(' AND ')}`, params);
    result.total = rows[0]?.n ?? 0;
  }
  return result;
}

/** Open competitions, soonest draw first; `featured` flags ride along for the featured call. */
export async function listOpen(pool: pg.Pool, opts: { excludeId?: number; limit?: number } = {}): Promise<{ competitions: Competition[]; featured: boolean[] }> {
  const where: string[] = [statusFilters.open];
  const params: unknown[] = [];
  if (opts.excludeId !== undefined && opts.excludeId <= PG_INT_MAX) {
    params.push(opts.excludeId);
    where.push(`c.id <> $${params.length}`);
  }
  return select(pool, { where, params, order: 'drawSoonest', limit: opts.limit ?? UNPAGED_LIST_CAP });
}

/** Drawn or closed competitions and sold-out ones, newest draw first; not cancelled ones (never drawn). */
export async function listFinishedOrSoldOut(pool: pg.Pool, limit = UNPAGED_LIST_CAP): Promise<Competition[]> {
  const where = [`c.status <> 'cancelled'`, `(${statusFilters.finished} OR c.tickets_sold >= c.total_tickets)`];
  return (await select(pool, { where, params: [], order: 'drawNewest', limit })).competitions;
}

/** Ids are PostgreSQL integers; a larger number from a client cannot exist (and must not reach SQL). */
const PG_INT_MAX = 2_147_483_647;

export async function findCompetition(pool: pg.Pool, id: number): Promise<Competition | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > PG_INT_MAX) return null;
  const { competitions } = await select(pool, { where: ['c.id = $1'], params: [id], order: 'drawSoonest', limit: 1 });
  return competitions[0] ?? null;
}

const CATEGORY_COUNTS_SQL = `
  SELECT cat.slug, cat.name, count(c.id)::int AS count
  FROM categories cat
  LEFT JOIN competitions c ON c.category_id = cat.id AND ${statusFilters.open}
  GROUP BY cat.id
  ORDER BY cat.position, cat.name`;

export async function categoriesWithOpenCounts(pool: pg.Pool): Promise<CompetitionCategory[]> {
  const { rows } = await pool.query<CompetitionCategory>(prepared(CATEGORY_COUNTS_SQL, []));
  return rows;
}
