import type { CouponRule } from './coupon-math.ts';

/** A coupon as stored; whether it is usable now is `usableCoupons`' call. */
export interface CouponRow {
  id: number;
  code: string;
  discount_type: 'fixed_cart' | 'percent';
  amount_pence: number | null;
  percent: number | null;
  customer_id: number | null;
  expires_at: Date | null;
  used_at: Date | null;
}

export const toRule = (r: CouponRow): CouponRule => ({ id: r.id, code: r.code, discountType: r.discount_type, amountPence: r.amount_pence, percent: r.percent });

/**
 * A basket's coupons in the order they were added, as one JSON array: a scalar subquery, so the
 * basket read (store-competitions.ts) carries them in the same round trip as its lines.
 * `cartParam` is the statement's parameter holding the basket's id, e.g. `$1`.
 */
export const basketCouponsJsonSql = (cartParam: string): string => `
  SELECT COALESCE(json_agg(json_build_object(
    'id', c.id, 'code', c.code, 'discount_type', c.discount_type, 'amount_pence', c.amount_pence, 'percent', c.percent,
    'customer_id', c.customer_id, 'expires_at', c.expires_at, 'used_at', c.used_at) ORDER BY cc.added_at, c.id), '[]'::json)
  FROM cart_coupons cc JOIN coupons c ON c.id = cc.coupon_id WHERE cc.cart_id = ${cartParam}`;

/** JSON carries the two times as ISO text. */
export type CouponJson = Omit<CouponRow, 'expires_at' | 'used_at'> & { expires_at: string | null; used_at: string | null };

export const couponsFromJson = (rows: CouponJson[]): CouponRow[] =>
  rows.map((r) => ({ ...r, expires_at: r.expires_at === null ? null : new Date(r.expires_at), used_at: r.used_at === null ? null : new Date(r.used_at) }));

/** Usable by this customer now: not used, not expired, and site-wide or their own. */
export const isUsableCoupon = (r: CouponRow, customerId: number | null, now: Date): boolean =>
  !r.used_at && (!r.expires_at || r.expires_at > now) && (r.customer_id === null || r.customer_id === customerId);

/** The coupons still usable (an expired or used one, or another customer's, silently drops out of the totals). */
export const usableCoupons = (rows: CouponRow[], customerId: number | null, now: Date): CouponRule[] =>
  rows.filter((r) => isUsableCoupon(r, customerId, now)).map(toRule);
