import { staffCouponCreateResponseSchema, staffCouponsResponseSchema } from '@cgg/contracts/staff';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../accounts/queryable.ts';
import { createCompetition, createCustomer } from '../store/store-fixtures.ts';
import { storeInject, storeTestApp, type StoreClientState } from '../store/store-test-kit.ts';
import { createStaff } from './staff-accounts.ts';
import { createStaffSession } from './staff-sessions.ts';

let app: FastifyInstance;
let pool: pg.Pool;
let close: () => Promise<void>;
const bearers: Record<'admin' | 'operator' | 'support', string> = { admin: '', operator: '', support: '' };

beforeAll(async () => {
  ({ app, pool, close } = await storeTestApp());
  for (const role of ['admin', 'operator', 'support'] as const) {
    const member = await inTransaction(pool, (client) =>
      createStaff(client, { email: `coupons-${role}@cgg.test`, name: `Coupon ${role}`, role, password: 'Staff!Pass-2026', by: { staffId: null, actor: 'test' }, now: new Date() }),
    );
    bearers[role] = await createStaffSession(pool, member.id, 'signed-in', new Date());
  }
});
afterAll(() => close());

const staffPost = (name: string, payload: object, as: 'admin' | 'operator' | 'support' = 'operator') =>
  app.inject({ method: 'POST', url: `/?rest_route=/api/v1/staff/${name}`, headers: { 'content-type': 'application/json', authorization: `Bearer ${bearers[as]}` }, payload });

describe('coupons from the back office', () => {
  it('an operator issues a site-wide coupon a shopper then uses; it is listed with its use, and audited as them', async () => {
    // The whole of the last London day: in summer (BST) it ends at 22:59:59.999 UTC.
    const summer = staffCouponCreateResponseSchema.parse((await staffPost('coupon_create', { code: 'SUMMER5', percent: 5, expires_on: '2099-07-31' })).json()).data;
    expect(summer.expires_at).toBe('2099-07-31T22:59:59.999Z');
    const made = await staffPost('coupon_create', { code: 'WINTER10', percent: 10, description: 'Winter sale', expires_on: '2099-12-31' });
    expect(made.statusCode).toBe(200);
    const coupon = staffCouponCreateResponseSchema.parse(made.json()).data;
    // The whole of the last London day (GMT in December).
    expect(coupon).toMatchObject({ code: 'WINTER10', percent: 10, amount: null, customer_id: null, description: 'Winter sale', expires_at: '2099-12-31T23:59:59.999Z', orders: 0 });

    const c = await createCompetition(pool, { pricePence: 100 });
    const shopper: StoreClientState = {};
    await storeInject(app, shopper, 'GET', '/cart');
    await storeInject(app, shopper, 'POST', '/cart/add-item', { id: c.productId, quantity: 10 });
    expect((await storeInject(app, shopper, 'POST', '/cart/apply-coupon', { code: 'winter10' })).body.totals.total_price).toBe('900');

    const audit = await pool.query("SELECT actor, after->>'code' AS code FROM staff_audit_log WHERE action = 'coupon.create' AND subject = $1", [`coupon #${coupon.id}`]);
    expect(audit.rows).toEqual([{ actor: 'Coupon operator <coupons-operator@cgg.test>', code: 'WINTER10' }]);
    const listed = staffCouponsResponseSchema.parse((await staffPost('coupons', {})).json()).data;
    expect(listed[0]).toMatchObject({ id: coupon.id, code: 'WINTER10' });
  });

  it('a customer\'s own coupon names them; each wrong field is refused by name and nothing is made', async () => {
    const customer = await createCustomer(pool, { first: 'Kept', last: 'Loyal' });
    const own = staffCouponCreateResponseSchema.parse((await staffPost('coupon_create', { code: 'SORRY5', amount: '5', customer_id: customer.id })).json()).data;
    // Operators see whose it is by number only; an admin sees the email too.
    expect(own).toMatchObject({ amount: '5.00', percent: null, customer_id: customer.id, customer_email: null, expires_at: null, description: 'CGG Coupon' });
    const asAdmin = staffCouponsResponseSchema.parse((await staffPost('coupons', {}, 'admin')).json()).data.find((k) => k.id === own.id);
    expect(asAdmin).toMatchObject({ customer_id: customer.id, customer_email: customer.email });

    const before = (await pool.query('SELECT count(*)::int AS n FROM coupons')).rows[0].n;
    const refusal = async (payload: object) => {
      const res = await staffPost('coupon_create', payload);
      return [res.statusCode, res.json().code, res.json().data?.params ?? res.json().message];
    };
    expect(await refusal({ code: 'sorry5', percent: 5 })).toEqual([409, 'cgg_coupon_exists', 'A coupon with the code sorry5 already exists.']);
    expect(await refusal({ code: 'BOTH', percent: 5, amount: '1' })).toEqual([400, 'rest_invalid_param', { amount: 'Give an amount off or a percentage off, not both.' }]);
    expect(await refusal({ code: 'NEITHER' })).toEqual([400, 'rest_invalid_param', { amount: 'Give an amount off or a percentage off, not both.' }]);
    expect((await staffPost('coupon_create', { code: 'HUGE', amount: '1001' })).json().data.params).toEqual({ amount: 'The amount off is from £0.01 to £1,000.' });
    expect(await refusal({ code: 'PAST', percent: 5, expires_on: '2020-01-01' })).toEqual([400, 'rest_invalid_param', { expires_on: 'The last day cannot be in the past.' }]);
    expect(await refusal({ code: 'BADDAY', percent: 5, expires_on: '2099-02-30' })).toEqual([400, 'rest_invalid_param', { expires_on: 'Give the last day as a date, e.g. 2026-12-31.' }]);
    expect(await refusal({ code: 'NOBODY', percent: 5, customer_id: 2_000_000_000 })).toEqual([400, 'rest_invalid_param', { customer_id: 'There is no customer #2000000000.' }]);
    expect((await staffPost('coupon_create', { code: 'no spaces', percent: 5 })).statusCode).toBe(400);
    expect((await pool.query('SELECT count(*)::int AS n FROM coupons')).rows[0].n).toBe(before);

    // Support answer customers; issuing money off is for operators and admins.
    expect((await staffPost('coupon_create', { code: 'SUPPORT5', percent: 5 }, 'support')).statusCode).toBe(403);
    expect((await staffPost('coupons', {}, 'support')).statusCode).toBe(403);
  });
});
