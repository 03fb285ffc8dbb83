import type { Competition } from '@cgg/contracts';
import { COMPETITION_COLUMNS } from '../competitions/competition-sql.ts';
import { toCompetition, type CompetitionRow } from '../competitions/to-payload.ts';
import type { Queryable } from '../accounts/queryable.ts';
import { HOLDING_STATUSES } from './order-statuses.ts';
import { basketCouponsJsonSql, couponsFromJson, type CouponJson, type CouponRow } from './basket-coupons.ts';
import type { CartLine } from './cart-view.ts';

const BY_ID_SQL = `SELECT ${COMPETITION_COLUMNS} FROM competitions c JOIN categories cat ON cat.id = c.category_id WHERE c.id = ANY($1::int[])`;

/** Competition payloads by id (the cart's `competition` objects and its rules read them). */
export async function competitionsById(db: Queryable, ids: readonly number[]): Promise<Map<number, Competition>> {
  if (ids.length === 0) return new Map();
  // Named: each connection plans this wide statement once (planning it costs more than running it).
  const { rows } = await db.query<CompetitionRow>({ name: 'cgg_store_competitions_by_id', text: BY_ID_SQL, values: [ids] });
  return new Map(rows.map((r) => [r.id, toCompetition(r)]));
}

const PG_INT_MAX = 2_147_483_647;

/** Tickets held by customer $2 (orders in statuses $3, and postal entries) in the competitions `lines` (a CTE with competition_id) names. */
const heldIn = (lines: string) => `
  SELECT competition_id, sum(n)::int AS n FROM (
    SELECT i.competition_id, i.quantity AS n
    FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE o.customer_id = $2 AND o.status = ANY($3) AND i.competition_id IN (SELECT competition_id FROM ${lines})
    UNION ALL
    SELECT p.competition_id, 1 FROM postal_entries p WHERE p.customer_id = $2 AND p.competition_id IN (SELECT competition_id FROM ${lines})
  ) held GROUP BY competition_id`;

/**
 * A basket's lines with their competitions, what the customer already holds of each, and the
 * basket's coupons (on every row, read once), in ONE statement (it was four round trips, on every
 * cart read and every checkout).
 */
const BASKET_SQL = `
  WITH lines AS (SELECT id AS line_id, item_key, competition_id, quantity, answered_option_id FROM cart_items WHERE cart_id = $1),
  held AS (${heldIn('lines')})
  SELECT l.item_key, l.quantity AS line_quantity, l.answered_option_id, COALESCE(held.n, 0) AS line_purchased,
    (${basketCouponsJsonSql('$1')}) AS basket_coupons, ${COMPETITION_COLUMNS}
  FROM lines l JOIN competitions c ON c.id = l.competition_id JOIN categories cat ON cat.id = c.category_id
  LEFT JOIN held ON held.competition_id = l.competition_id
  ORDER BY l.line_id`;

export interface BasketContents {
  lines: Array<{ key: string; competitionId: number; quantity: number; answeredOptionId: number | null }>;
  competitions: Map<number, Competition>;
  purchased: Map<number, number>;
  /** The basket's coupons, usable or not (cart-store.ts decides); null for a basket without lines (read them apart). */
  coupons: CouponRow[] | null;
}

export async function readBasket(db: Queryable, cartId: string, customerId: number | null): Promise<BasketContents> {
  const { rows } = await db.query<CompetitionRow & { item_key: string; line_quantity: number; answered_option_id: number | null; line_purchased: number; basket_coupons: CouponJson[] }>(
    { name: 'cgg_store_basket', text: BASKET_SQL, values: [cartId, customerId, HOLDING_STATUSES] },
  );
  return {
    coupons: rows[0] ? couponsFromJson(rows[0].basket_coupons) : null,
    lines: rows.map((r) => ({ key: r.item_key, competitionId: r.id, quantity: r.line_quantity, answeredOptionId: r.answered_option_id })),
    competitions: new Map(rows.map((r) => [r.id, toCompetition(r)])),
    purchased: new Map(rows.map((r) => [r.id, r.line_purchased])),
  };
}

/**
 * Tickets a customer holds per competition (orders that count, as get_purchased_competition
 * counts them, plus their free postal entries: one per-person cap covers both routes).
 */
export async function purchasedCounts(db: Queryable, customerId: number | null, competitionIds: readonly number[]): Promise<Map<number, number>> {
  if (customerId === null || competitionIds.length === 0) return new Map();
  const { rows } = await db.query<{ competition_id: number; n: number }>(
    `WITH wanted AS (SELECT unnest($1::int[]) AS competition_id) ${heldIn('wanted')}`,
    [competitionIds, customerId, HOLDING_STATUSES],
  );
  return new Map(rows.map((r) => [r.competition_id, r.n]));
}

/**
 * What changing a basket reads, in one statement: the competition `wanted` names (a CTE with
 * competition_id: from the product id an add names, or the line an update names), the basket's line
 * of it (one at most: UNIQUE (cart_id, competition_id)) and what the customer already holds of it
 * (nothing for a visitor).
 */
const forBasketChangeSql = (wanted: string) => `
  WITH wanted AS (${wanted}),
  held AS (${heldIn('wanted')})
  SELECT ${COMPETITION_COLUMNS}, line.item_key AS line_key, line.quantity AS line_quantity,
    line.answered_option_id AS line_answered_option_id, COALESCE(held.n, 0) AS line_purchased
  FROM wanted w JOIN competitions c ON c.id = w.competition_id JOIN categories cat ON cat.id = c.category_id
  LEFT JOIN cart_items line ON line.cart_id = $4 AND line.competition_id = c.id
  LEFT JOIN held ON held.competition_id = c.id`;

/** A draft is not for sale: not found. */
const FOR_ADD_SQL = forBasketChangeSql(`SELECT id AS competition_id FROM competitions WHERE competition_product_id = $1 AND status <> 'draft'`);
const FOR_UPDATE_SQL = forBasketChangeSql('SELECT competition_id FROM cart_items WHERE cart_id = $4 AND item_key = $1');

/** What a basket change reads (forBasketChangeSql). */
export interface ForBasketChange {
  competition: Competition;
  line: CartLine | null;
  purchased: number;
}

type ForBasketChangeRow = CompetitionRow & { line_key: string | null; line_quantity: number | null; line_answered_option_id: number | null; line_purchased: number };

const toForBasketChange = (r: ForBasketChangeRow): ForBasketChange => ({
  competition: toCompetition(r),
  line: r.line_key === null ? null : { key: r.line_key, competitionId: r.id, quantity: r.line_quantity!, answeredOptionId: r.line_answered_option_id },
  purchased: r.line_purchased,
});

/** Null for an unknown product or a draft. */
export async function readForAdd(db: Queryable, productId: number, cartId: string, customerId: number | null): Promise<ForBasketChange | null> {
  if (productId > PG_INT_MAX) return null;
  const { rows } = await db.query<ForBasketChangeRow>(
    { name: 'cgg_store_read_for_add', text: FOR_ADD_SQL, values: [productId, customerId, HOLDING_STATUSES, cartId] },
  );
  return rows[0] ? toForBasketChange(rows[0]) : null;
}

/** The basket line `key` names, with its competition and holdings; null when the basket has no such line. */
export async function readForUpdate(db: Queryable, key: string, cartId: string, customerId: number | null): Promise<(ForBasketChange & { line: CartLine }) | null> {
  const { rows } = await db.query<ForBasketChangeRow>(
    { name: 'cgg_store_read_for_update', text: FOR_UPDATE_SQL, values: [key, customerId, HOLDING_STATUSES, cartId] },
  );
  const found = rows[0] ? toForBasketChange(rows[0]) : null;
  return found?.line ? { ...found, line: found.line } : null;
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
