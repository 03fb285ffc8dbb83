import { staffDashboardResponseSchema } from '@cgg/contracts/staff';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../accounts/queryable.ts';
import { storeTestApp } from '../store/store-test-kit.ts';
import { flaggedCustomers } from './flagged-customers.ts';
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
/** A customer with the responsible-play columns given (SQL expressions, relative to now()). */
async function customer(last: string, play: Record<string, string> = {}): Promise<number> {
  seq++;
  const cols = Object.keys(play);
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO customers (email, password_hash, first_name, last_name, over_18_confirmed_at${cols.map((c) => `, ${c}`).join('')})
     VALUES ($1, 'scrypt$test', 'Flag', $2, now()${cols.map((c) => `, ${play[c]}`).join('')}) RETURNING id`,
    [`flag${seq}@cgg.test`, last],
  );
  return rows[0]!.id;
}
/** An order `ago` (an SQL interval) before now. */
async function order(customerId: number, pence: number, ago: string, status = 'completed') {
  await pool.query(`INSERT INTO orders (customer_id, status, created_at, subtotal_pence, total_pence) VALUES ($1, $2, now() - $3::interval, $4, $4)`, [customerId, status, ago, pence]);
}

describe('dashboard: customers to look at', () => {
  it('lists each customer with their reasons, newest first, and leaves out those with none', async () => {
    // Near their own limit: £45 of £50 a month (90%), the newest.
    const near = await customer('Near', { limit_duration: `'month'`, limit_value_pence: '5000' });
    await order(near, 4500, '1 minute');
    // Took a 7-day break 30 minutes ago.
    const onBreak = await customer('Break', { locking_period: `'7d'`, locked_until: `now() + interval '7 days' - interval '30 minutes'` });
    // £550 over the last 7 days, the latest order 10 minutes ago; a refunded order does not count.
    const big = await customer('Big', {});
    await order(big, 30_000, '3 days');
    await order(big, 25_000, '10 minutes');
    await order(big, 90_000, '5 minutes', 'refunded');
    // Both: £520 of a £550 monthly limit, also over £500 in 7 days.
    const both = await customer('Both', { limit_duration: `'month'`, limit_value_pence: '55000' });
    await order(both, 52_000, '20 minutes');

    // None of these is a reason.
    const under = await customer('Under', { limit_duration: `'month'`, limit_value_pence: '5000' });
    await order(under, 4400, '1 minute'); // 88%
    const raised = await customer('Raised', { limit_duration: `'month'`, limit_value_pence: '5000', pending_limit_duration: `'month'`, pending_limit_value_pence: '10000', pending_limit_from: `now() - interval '1 hour'` });
    await order(raised, 4500, '1 minute'); // 45% of the raised limit now in force
    const yesterday = await customer('Yesterday', { limit_duration: `'day'`, limit_value_pence: '5000' });
    await order(yesterday, 5000, '2 days'); // a past day's spending
    const zero = await customer('Zero', { limit_duration: `'month'`, limit_value_pence: '0' });
    await order(zero, 0, '1 minute'); // a £0 limit, nothing spent (an order paid wholly with points or site credit)
    const oldBreak = await customer('OldBreak', { locking_period: `'30d'`, locked_until: `now() + interval '22 days'` }); // started 8 days ago
    const forever = await customer('Forever', { locking_period: `'permanent'`, lock_permanent: 'true' }); // no start recorded
    const lastWeek = await customer('LastWeek');
    await order(lastWeek, 60_000, '8 days');
    const refunded = await customer('Refunded');
    await order(refunded, 40_000, '1 hour');
    await order(refunded, 20_000, '1 hour', 'cancelled');
    const quiet = await customer('Quiet');
    await order(quiet, 500, '1 minute');

    const list = await flagged();
    const mine = [near, onBreak, big, both];
    expect(list.filter((c) => mine.includes(c.customer_id)).map((c) => c.customer_id)).toEqual([near, big, both, onBreak]);
    const ids = list.map((c) => c.customer_id);
    for (const id of [under, raised, yesterday, zero, oldBreak, forever, lastWeek, refunded, quiet]) expect(ids).not.toContain(id);

    const byId = new Map(list.map((c) => [c.customer_id, c]));
    expect(byId.get(near)).toMatchObject({ name: 'Flag Near', reasons: [{ code: 'near_spend_limit', text: 'Spent £45.00 of their monthly limit of £50.00' }] });
    expect(byId.get(onBreak)!.reasons).toEqual([{ code: 'break_started', text: expect.stringMatching(/^Started a 7-day break on \d{1,2} \w{3} \d{4}, \d\d:\d\d, until \d{1,2} \w{3} \d{4}, \d\d:\d\d$/) }]);
    expect(byId.get(big)!.reasons).toEqual([{ code: 'high_spend', text: 'Spent £550.00 in the last 7 days' }]);
    expect(byId.get(both)!.reasons.map((r) => r.code)).toEqual(['near_spend_limit', 'high_spend']);
    // When the newest reason happened: the order 10 minutes ago, not the refunded one.
    const bigAt = new Date(byId.get(big)!.flagged_at).getTime();
    expect(Date.now() - bigAt).toBeGreaterThanOrEqual(10 * 60_000);
    expect(Date.now() - bigAt).toBeLessThan(11 * 60_000);
  });

  it('shows the 10 newest', async () => {
    const made: number[] = [];
    for (let i = 0; i < 12; i++) {
      const id = await customer(`Cap${i}`);
      await order(id, 50_001, `${12 - i} seconds`);
      made.push(id);
    }
    const list = await flagged();
    expect(list.map((c) => c.customer_id)).toEqual(made.slice(2).reverse());
  });

  it('counts a limit period in London days: spending before London midnight is yesterday', async () => {
    // Spent at 23:45 on 30 June in London (BST); at 00:30 on 1 July it is yesterday's, though UTC still says 30 June.
    const day = await customer('LondonDay', { limit_duration: `'day'`, limit_value_pence: '1000' });
    await pool.query(`INSERT INTO orders (customer_id, status, created_at, subtotal_pence, total_pence) VALUES ($1, 'completed', '2031-06-30T22:45:00Z', 1000, 1000)`, [day]);
    const at = async (iso: string) => (await flaggedCustomers(pool, new Date(iso))).map((c) => c.customer_id);
    expect(await at('2031-06-30T22:50:00Z')).toContain(day);
    expect(await at('2031-06-30T23:30:00Z')).not.toContain(day);
  });
});
