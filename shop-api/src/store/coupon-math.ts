/*
 * Coupon discounts in pence: percentage coupons on the items total, fixed ones as
 * their amount; together never more than the items total. The discount is spread
 * over the lines in proportion to their subtotals (largest remainder), so each
 * line's `line_total` adds up to the cart's total.
 */

export interface CouponRule {
  id: number;
  code: string;
  discountType: 'fixed_cart' | 'percent';
  amountPence: number | null;
  percent: number | null;
}

export interface Discounts {
  perCoupon: number[];
  perLine: number[];
  total: number;
}

export function computeDiscounts(lineSubtotals: readonly number[], coupons: readonly CouponRule[]): Discounts {
  const itemsTotal = lineSubtotals.reduce((s, v) => s + v, 0);
  let remaining = itemsTotal;
  const perCoupon = coupons.map((c) => {
    const wanted = c.discountType === 'percent' ? Math.floor((itemsTotal * (c.percent ?? 0)) / 100) : (c.amountPence ?? 0);
    const granted = Math.max(0, Math.min(wanted, remaining));
    remaining -= granted;
    return granted;
  });
  const total = itemsTotal - remaining;
  return { perCoupon, perLine: spread(total, lineSubtotals), total };
}

/** Splits `amount` over `weights` proportionally, in whole pence, summing exactly to `amount`. */
export function spread(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, v) => s + v, 0);
  if (sum === 0 || amount === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / sum);
  const out = exact.map(Math.floor);
  let left = amount - out.reduce((s, v) => s + v, 0);
  const order = exact.map((v, i) => ({ i, r: v - Math.floor(v) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    out[i]! += 1;
    left -= 1;
  }
  return out;
}
