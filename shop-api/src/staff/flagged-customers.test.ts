import { staffDashboardResponseSchema } from '@cgg/contracts/staff';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../accounts/queryable.ts';
import { storeTestApp } from '../store/store-test-kit.ts';
import { createStaff } from './staff-accounts.ts';
import { createStaffSession } from './staff-sessions.ts';

let app: FastifyInstance;
let pool: pg.Pool;
let close: () => Promise<void>;
let token: string;

beforeAll(async () => {
  const t = await storeTestApp();
  ({ app, pool, close } = t);
  const member = await inTransaction(pool, (client) =>
    createStaff(client, { email: 'olu@cgg.test', name: 'Olu Operator', role: 'operator', password: 'Staff!Pass-2026', by: { staffId: null, actor: 'test' }, now: new Date() }),
  );
  token = await createStaffSession(pool, member.id, 'signed-in', new Date());
}, 60_000);
afterAll(() => close());

const flagged = async () => {
  const res = await app.inject({ method: 'POST', url: '/?rest_route=/api/v1/staff/dashboard', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, payload: {} });
  expect(res.statusCode).toBe(200);
  return staffDashboardResponseSchema.parse(res.json()).data.flagged_customers;
};

let seq = 0;
async function customer(last: string): Promise<number> {
  seq++;
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO customers (email, password_hash, first_name, last_name, over_18_confirmed_at) VALUES ($1, 'scrypt$test', 'Flag', $2, now()) RETURNING id`,
    [`flag${seq}@cgg.test`, last],
  );
  return rows[0]!.id;
}
/** An open flag raised `ago` (an SQL interval) before now. */
async function flag(customerId: number, rule: string, figures: object, ago: string, closed = false) {
  await pool.query(
    `INSERT INTO harm_flags (customer_id, rule, raised_at, figures, closed_at, action, note)
     VALUES ($1, $2, now() - $3::interval, $4, CASE WHEN $5 THEN now() END, CASE WHEN $5 THEN 'no_action' END, CASE WHEN $5 THEN 'Fine' END)`,
    [customerId, rule, ago, JSON.stringify(figures), closed],
  );
}

describe('dashboard: customers to look at (the open review flags)', () => {
  it('lists each customer with an open flag, with every open reason, newest first; a reviewed flag is gone', async () => {
    const near = await customer('Near');
    await flag(near, 'near_spend_limit', { duration: 'month', limit_pence: 5000, spent_pence: 4500 }, '1 minute');
    const both = await customer('Both');
    await flag(both, 'high_spend', { spent_pence: 52_000, days: 7 }, '20 minutes');
    await flag(both, 'late_night', { orders: 5, days: 7, from_hour: 0, to_hour: 5, last_at: '2031-03-11T01:00:00Z' }, '30 minutes');
    const reviewed = await customer('Reviewed');
    await flag(reviewed, 'high_spend', { spent_pence: 60_000, days: 7 }, '5 minutes', true);

    const list = await flagged();
    expect(list.map((c) => c.customer_id)).toEqual([near, both]);
    expect(list[0]).toMatchObject({ name: 'Flag Near', reasons: [{ code: 'near_spend_limit', text: 'Spent £45.00 of their monthly limit of £50.00' }] });
    expect(list[1]!.reasons).toEqual([
      { code: 'high_spend', text: 'Spent £520.00 in the last 7 days' },
      { code: 'late_night', text: 'Placed 5 orders between 00:00 and 05:00 (London) in 7 days (latest 11 Mar 2031, 01:00)' },
    ]);
    // When the newest open flag was raised.
    expect(Date.now() - new Date(list[1]!.flagged_at).getTime()).toBeGreaterThanOrEqual(20 * 60_000);
  });

  it('shows the 10 newest', async () => {
    const made: number[] = [];
    for (let i = 0; i < 12; i++) {
      const id = await customer(`Cap${i}`);
      await flag(id, 'high_spend', { spent_pence: 50_001, days: 7 }, `${12 - i} seconds`);
      made.push(id);
    }
    expect((await flagged()).map((c) => c.customer_id)).toEqual(made.slice(2).reverse());
  });
});
