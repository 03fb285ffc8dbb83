import { describe, expect, it } from 'vitest';
import { validateBilling } from './billing.ts';
import { computeDiscounts, spread } from './coupon-math.ts';
import { publicName } from './wins.ts';

describe('coupon maths', () => {
  it('spreads a discount over lines in whole pence, summing exactly', () => {
    expect(spread(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spread(0, [5, 5])).toEqual([0, 0]);
    const d = computeDiscounts([333, 667], [{ id: 1, code: 'P', discountType: 'percent', amountPence: null, percent: 10 }]);
    expect(d.total).toBe(100);
    expect(d.perLine.reduce((a, b) => a + b)).toBe(100);
  });

  it('never discounts more than the items total', () => {
    const d = computeDiscounts([300], [{ id: 1, code: 'F', discountType: 'fixed_cart', amountPence: 500, percent: null }, { id: 2, code: 'P', discountType: 'percent', amountPence: null, percent: 50 }]);
    expect(d).toMatchObject({ total: 300, perCoupon: [300, 0] });
  });
});

describe('billing', () => {
  const ok = { first_name: 'A', last_name: 'B', address_1: '1', address_2: 'Street', city: 'Town', postcode: 'M1 1AB', email: 'a@b.co', phone: '07700900000' };
  it('names the first failing field with the spec text and lists every one', () => {
    try {
      validateBilling({ ...ok, first_name: '', city: '' });
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).toBe('First Name is required.');
      expect((err as { extra: unknown }).extra).toEqual({ params: { first_name: 'First Name is required.', city: 'Town/City is required.' } });
    }
  });
  it('fixes the country to GB and keeps the county optional', () => {
    expect(validateBilling(ok)).toMatchObject({ country: 'GB', state: '' });
  });
});

describe('public winner name', () => {
  it("is the first name and the last name's initial", () => {
    expect(publicName('Jamie', 'taylor')).toBe('Jamie T.');
    expect(publicName('Jamie', '')).toBe('Jamie');
  });

  it('never publishes a whole name or an email typed as the first name', () => {
    expect(publicName('Jamie Taylor', 'Taylor')).toBe('Jamie T.');
    expect(publicName('jamie@example.com', 'Taylor')).toBe('T.');
  });
});
