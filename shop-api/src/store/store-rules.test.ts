import { describe, expect, it } from 'vitest';
import { validateBilling } from './billing.ts';
import { computeDiscounts, spread } from './coupon-math.ts';
import type pg from 'pg';
import { createDemoGateway } from '../payments/demo-gateway.ts';
import { publicName } from './wins.ts';

const now = new Date('2026-11-21T12:00:00Z');

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

describe('demo card', () => {
  // Charging reads nothing from the database (the charge is written with the order).
  const gateway = createDemoGateway({} as pg.Pool);
  const card = (number: string, expiry = '12/30', cvc = '123') => () => gateway.chargeCard({ number, expiry, cvc }, now);
  it('accepts 4242 4242 4242 4242 and declines the test decline numbers', () => {
    expect(card('4242 4242 4242 4242')()).toEqual({ last4: '4242', funding: 'credit' });
    expect(card('4000 0000 0000 0002')).toThrow('Your card was declined.');
    expect(card('4000000000009995')).toThrow('Your card has insufficient funds.');
  });
  it('says what each test card is: credit, debit or prepaid (any other good number: debit)', () => {
    expect(card('4000 0566 5566 5556')().funding).toBe('debit');
    expect(card('5105 1051 0510 5100')().funding).toBe('prepaid');
    expect(card('5555 5555 5555 4444')()).toEqual({ last4: '4444', funding: 'debit' });
  });
  it('checks number, expiry and CVC', () => {
    expect(card('1234')).toThrow('Your card number is incorrect.');
    expect(card('4242424242424242', '13/30')).toThrow("Your card's expiration date is incorrect.");
    expect(card('4242424242424242', '10/26')).toThrow('Your card has expired.');
    expect(card('4242424242424242', '11/26')()).toEqual({ last4: '4242', funding: 'credit' });
    expect(card('4242424242424242', '12/30', '12a')).toThrow("Your card's security code is incorrect.");
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
});
