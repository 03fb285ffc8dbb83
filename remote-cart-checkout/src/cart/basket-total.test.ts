import { describe, expect, it } from 'vitest';
import { basketTotalPence, FALLBACK_BASKET_TOTAL_PENCE } from './cart-item-view.ts';

describe('basketTotalPence', () => {
  it('sums the line totals', () => {
    expect(basketTotalPence([{ totals: { line_total: '199' } }, { totals: { line_total: '300' } }])).toBe(499);
  });

  it("prefers the server's total (coupons included)", () => {
    expect(basketTotalPence([{ totals: { line_total: '500' } }], '400')).toBe(400);
  });

  it('falls back to 999999999 when an item has no totals (spec section 9)', () => {
    expect(FALLBACK_BASKET_TOTAL_PENCE).toBe(999999999);
    expect(basketTotalPence([{ totals: { line_total: '199' } }, {}], '199')).toBe(999999999);
    expect(basketTotalPence([{ totals: null }])).toBe(999999999);
  });

  it('is 0 for an empty basket', () => {
    expect(basketTotalPence([])).toBe(0);
  });
});
