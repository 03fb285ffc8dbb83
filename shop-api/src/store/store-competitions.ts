import type { Competition } from '@cgg/contracts';
import { COMPETITION_COLUMNS } from '../competitions/competition-sql.ts';
import { toCompetition, type CompetitionRow } from '../competitions/to-payload.ts';
import type { Queryable } from '../accounts/queryable.ts';
import { HOLDING_STATUSES } from '../accounts/order-routes.ts';

const BY_ID_SQL = `SELECT ${COMPETITION_COLUMNS} FROM competitions c JOIN categories cat ON cat.id = c.category_id WHERE c.id = ANY($1::int[])`;

/** Competition payloads by id (the cart's `competition` objects and its rules read them). */
export async function competitionsById(db: Queryable, ids: readonly number[]): Promise<Map<number, Competition>> {
  if (ids.length === 0) return new Map();
  // Named: each connection plans this wide statement once (planning it costs more than running it).
  const { rows } = await db.query<CompetitionRow>({ name: 'cgg_store_competitions_by_id', text: BY_ID_SQL, values: [ids] });
  return new Map(rows.map((r) => [r.id, toCompetition(r)]));
}

const PG_INT_MAX = 2_147_483_647;

export async function competitionIdForProduct(db: Queryable, productId: number): Promise<number | null> {
  if (productId > PG_INT_MAX) return null;
  const { rows } = await db.query<{ id: number }>('SELECT id FROM competitions WHERE competition_product_id = $1', [productId]);
  return rows[0]?.id ?? null;
}

/**
 * Tickets a customer holds per competition (orders that count, as get_purchased_competition
 * counts them, plus their free postal entries: one per-person cap covers both routes).
 */
export async function purchasedCounts(db: Queryable, customerId: number | null, competitionIds: readonly number[]): Promise<Map<number, number>> {
  if (customerId === null || competitionIds.length === 0) return new Map();
  const { rows } = await db.query<{ competition_id: number; n: number }>(
    `SELECT competition_id, sum(n)::int AS n FROM (
       SELECT i.competition_id, i.quantity AS n
       FROM order_items i JOIN orders o ON o.id = i.order_id
       WHERE o.customer_id = $1 AND o.status = ANY($2) AND i.competition_id = ANY($3::int[])
       UNION ALL
       SELECT p.competition_id, 1 FROM postal_entries p WHERE p.customer_id = $1 AND p.competition_id = ANY($3::int[])
     ) held GROUP BY competition_id`,
    [customerId, HOLDING_STATUSES, competitionIds],
  );
  return new Map(rows.map((r) => [r.competition_id, r.n]));
}

/** The site-wide switch of spec section 5: when 0 the question is not asked. */
export async function questionsAsked(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ show_question: number }>('SELECT show_question FROM settings LIMIT 1');
  return (rows[0]?.show_question ?? 1) === 1;
}

/** Whether `optionId` is the correct answer of the competition's question. */
export async function isCorrectAnswer(db: Queryable, competitionId: number, optionId: number): Promise<boolean> {
  if (optionId > PG_INT_MAX) return false;
  const { rows } = await db.query<{ is_correct: boolean }>(
    'SELECT is_correct FROM competition_question_options WHERE id = $1 AND competition_id = $2',
    [optionId, competitionId],
  );
  return rows[0]?.is_correct === true;
}
