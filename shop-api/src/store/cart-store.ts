import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Queryable } from '../accounts/queryable.ts';
import type { CouponRule } from './coupon-math.ts';
import { basketCouponsJsonSql, couponsFromJson, isUsableCoupon, toRule, usableCoupons, type CouponJson, type CouponRow } from './basket-coupons.ts';
import { priceCart, type CartLine, type PricedCart } from './cart-view.ts';
import { readBasket } from './store-competitions.ts';

/** A cart line key: 32 hex characters, like WooCommerce's md5 keys. */
export const newItemKey = (): string => randomBytes(16).toString('hex');

/**
 * Makes the basket row if it does not exist yet (visitor baskets start on their first write),
 * marks it written now and locks it, in one statement: the write's transaction holds the row
 * until it commits, so writes to one basket run one at a time (two tabs adding at once cannot
 * both pass the caps), and a write that fails rolls the mark back with the rest.
 */
export async function lockCart(client: pg.PoolClient, cartId: string, customerId: number | null, now: Date): Promise<void> {
  await client.query(
    'INSERT INTO carts (id, customer_id, created_at, updated_at) VALUES ($1, $2, $3, $3) ON CONFLICT (id) DO UPDATE SET updated_at = EXCLUDED.updated_at',
    [cartId, customerId, now],
  );
}

export async function touchCart(db: Queryable, cartId: string, now: Date): Promise<void> {
  await db.query('UPDATE carts SET updated_at = $2 WHERE id = $1', [cartId, now]);
}

export async function readLines(db: Queryable, cartId: string): Promise<CartLine[]> {
  const { rows } = await db.query<{ item_key: string; competition_id: number; quantity: number; answered_option_id: number | null }>(
    'SELECT item_key, competition_id, quantity, answered_option_id FROM cart_items WHERE cart_id = $1 ORDER BY id',
    [cartId],
  );
  return rows.map((r) => ({ key: r.item_key, competitionId: r.competition_id, quantity: r.quantity, answeredOptionId: r.answered_option_id }));
}

/**
 * A coupon usable by this basket's owner: site-wide ones by anyone, a customer's own
 * only by them; not expired, not used. Unknown and unusable look the same to callers.
 */
export async function findUsableCoupon(db: Queryable, code: string, customerId: number | null, now: Date, lock = false): Promise<CouponRule | null> {
  const { rows } = await db.query<CouponRow>(
    `SELECT id, code, discount_type, amount_pence, percent, customer_id, expires_at, used_at FROM coupons
     WHERE lower(code) = lower($1) ${lock ? 'FOR UPDATE' : ''}`,
    [code],
  );
  const r = rows[0];
  return r && isUsableCoupon(r, customerId, now) ? toRule(r) : null;
}

/** The basket's coupons (for a basket without lines; readBasket carries them otherwise). */
async function readCoupons(db: Queryable, cartId: string): Promise<CouponRow[]> {
  const { rows } = await db.query<{ coupons: CouponJson[] }>(`SELECT (${basketCouponsJsonSql('$1')}) AS coupons`, [cartId]);
  return couponsFromJson(rows[0]!.coupons);
}

/** Reads and prices a basket with its competitions as they are now. */
export async function loadPricedCart(db: Queryable, cartId: string, customerId: number | null, now: Date): Promise<PricedCart> {
  // The coupons come with the lines; a basket without lines reads them apart.
  const { lines, competitions, purchased, coupons } = await readBasket(db, cartId, customerId);
  const usable = usableCoupons(coupons ?? (await readCoupons(db, cartId)), customerId, now);
  return priceCart(lines, competitions, purchased, usable, now);
}
