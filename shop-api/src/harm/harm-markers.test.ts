import { staffCustomerResponseSchema, staffDashboardResponseSchema, staffHarmSettingsResponseSchema, staffReviewsResponseSchema } from '@cgg/contracts/staff';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../accounts/queryable.ts';
import { createMailer } from '../mail/mailer.ts';
import { addToBasket, checkoutOnce, newBuyer } from '../store/race-harness.ts';
import { createCompetition } from '../store/store-fixtures.ts';
import { storeTestApp } from '../store/store-test-kit.ts';
import { createStaff } from '../staff/staff-accounts.ts';
import { createStaffSession } from '../staff/staff-sessions.ts';
import { evaluateHarmMarkers, sweepHarmMarkers } from './evaluate.ts';

let app: FastifyInstance;
let pool: pg.Pool;
let close: () => Promise<void>;
let settled: () => Promise<void>;
let base: string;
let productId: number;
const bearer: Record<'admin' | 'support' | 'operator', string> = { admin: '', support: '', operator: '' };

beforeAll(async () => {
  const t = await storeTestApp();
  ({ app, pool, close, settled } = t);
  base = await t.listen();
  for (const role of ['admin', 'support', 'operator'] as const) {
    const member = await inTransaction(pool, (client) =>
      createStaff(client, { email: `harm-${role}@cgg.test`, name: `Test ${role}`, role, password: 'Staff!Pass-2026', by: { staffId: null, actor: 'test' }, now: new Date() }),
    );
    bearer[role] = await createStaffSession(pool, member.id, 'signed-in', new Date());
  }
  productId = (await createCompetition(pool, { pricePence: 100, total: 1000 })).productId;
}, 60_000);
afterAll(() => close());

const staffPost = (role: keyof typeof bearer, name: string, payload: object) =>
  app.inject({ method: 'POST', url: `/?rest_route=/api/v1/staff/${name}`, headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer[role]}` }, payload });
const accountPost = (name: string, payload: object) => app.inject({ method: 'POST', url: `/?rest_route=/api/v1/${name}`, headers: { 'content-type': 'application/json' }, payload });

// A Wednesday in March 2031: London is on GMT, so London hours are UTC hours.
const NOW = new Date('2031-03-12T12:00:00Z');
const ago = (ms: number, from = NOW) => new Date(from.getTime() - ms);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let seq = 0;
/** A customer with the responsible-play columns given (SQL expressions). */
async function customer(play: Record<string, string> = {}): Promise<number> {
  seq++;
  const cols = Object.keys(play);
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO customers (email, password_hash, first_name, last_name, over_18_confirmed_at${cols.map((c) => `, ${c}`).join('')})
     VALUES ($1, 'scrypt$test', 'Harm', $2, now()${cols.map((c) => `, ${play[c]}`).join('')}) RETURNING id`,
    [`harm${seq}@cgg.test`, `Case${seq}`],
  );
  return rows[0]!.id;
}
async function order(customerId: number, pence: number, at: Date, status = 'completed'): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    'INSERT INTO orders (customer_id, status, created_at, subtotal_pence, total_pence) VALUES ($1, $2, $3, $4, $4) RETURNING id',
    [customerId, status, at, pence],
  );
  return rows[0]!.id;
}
const raise = (customerId: number, askedAt: Date, effectiveAt: Date | null = null) =>
  pool.query('INSERT INTO limit_raises (customer_id, asked_at, effective_at) VALUES ($1, $2, $3)', [customerId, askedAt, effectiveAt]);
const flagsOf = async (customerId: number) =>
  (await pool.query<{ id: string; rule: string; figures: Record<string, unknown>; closed_at: Date | null }>('SELECT id, rule, figures, closed_at FROM harm_flags WHERE customer_id = $1 ORDER BY id', [customerId])).rows;
const fires = async (customerId: number, at = NOW) => evaluateHarmMarkers(pool, customerId, at);

describe('the rules, each at its boundary (default thresholds)', () => {
  /** £50 a week for the 8 weeks before this one: a weekly average of £50. */
  const history = async (id: number) => {
    for (let week = 0; week < 8; week++) await order(id, 5000, ago(8 * DAY + week * 7 * DAY));
  };

  it('spend spike: more than 3x their own weekly average and above the £100 floor', async () => {
    const exactly = await customer();
    await history(exactly);
    await order(exactly, 15_000, ago(HOUR));
    expect(await fires(exactly)).not.toContain('spend_spike');
    const over = await customer();
    await history(over);
    await order(over, 15_001, ago(HOUR));
    expect(await fires(over)).toContain('spend_spike');
    expect((await flagsOf(over))[0]!.figures).toEqual({ week_pence: 15_001, weekly_average_pence: 5000, multiplier: 3, weeks: 8, floor_pence: 10_000 });
    // No history at all: the floor decides.
    const atFloor = await customer();
    await order(atFloor, 10_000, ago(HOUR));
    expect(await fires(atFloor)).not.toContain('spend_spike');
    const aboveFloor = await customer();
    await order(aboveFloor, 10_001, ago(HOUR));
    expect(await fires(aboveFloor)).toContain('spend_spike');
  });

  it('limit raises: 3 asked for within 30 days', async () => {
    const two = await customer();
    await raise(two, ago(30 * DAY)); // exactly 30 days ago: outside
    await raise(two, ago(29 * DAY));
    await raise(two, ago(HOUR));
    expect(await fires(two)).not.toContain('limit_raises');
    await raise(two, ago(2 * HOUR));
    expect(await fires(two)).toEqual(['limit_raises']);
    expect((await flagsOf(two))[0]!.figures).toMatchObject({ raises: 3, days: 30 });
  });

  it('late night: 5 orders from 00:00 to before 05:00 London time within 7 days', async () => {
    const id = await customer();
    for (const at of ['2031-03-11T00:00:00Z', '2031-03-10T04:59:00Z', '2031-03-09T02:00:00Z', '2031-03-08T03:00:00Z']) await order(id, 100, new Date(at));
    // Not late night, or too long ago: 05:00, 23:59, and 01:00 eight days back.
    for (const at of ['2031-03-07T05:00:00Z', '2031-03-06T23:59:00Z', '2031-03-05T01:00:00Z']) await order(id, 100, new Date(at));
    expect(await fires(id)).not.toContain('late_night');
    await order(id, 100, new Date('2031-03-06T01:00:00Z'));
    expect(await fires(id)).toEqual(['late_night']);
  });

  it('late night is London time: 00:30 in British Summer Time is 23:30 UTC', async () => {
    const id = await customer();
    const summer = new Date('2031-07-10T12:00:00Z');
    for (let d = 1; d <= 5; d++) await order(id, 100, new Date(`2031-07-0${d + 3}T23:30:00Z`));
    expect(await fires(id, summer)).toEqual(['late_night']);
  });

  it('after a limit or break ended: an order within the hour after, not at the hour', async () => {
    const inTime = await customer({ locking_period: `'24h'`, locked_until: `'${ago(2 * HOUR).toISOString()}'` });
    const orderId = await order(inTime, 100, ago(2 * HOUR - 59 * 60_000));
    expect(await fires(inTime)).toEqual(['after_limit_or_break']);
    expect((await flagsOf(inTime))[0]!.figures).toMatchObject({ ended: 'break', order_id: orderId, minutes_after: 59 });
    const late = await customer({ locking_period: `'24h'`, locked_until: `'${ago(2 * HOUR).toISOString()}'` });
    await order(late, 100, ago(HOUR));
    expect(await fires(late)).toEqual([]);
    const limit = await customer();
    await raise(limit, ago(2 * DAY), ago(DAY));
    await order(limit, 100, ago(DAY - 30 * 60_000));
    expect(await fires(limit)).toEqual(['after_limit_or_break']);
    expect((await flagsOf(limit))[0]!.figures).toMatchObject({ ended: 'limit', minutes_after: 30 });
    // A raise replaced before it applied (effective_at null) ended nothing.
    const replaced = await customer();
    await raise(replaced, ago(2 * DAY), null);
    await order(replaced, 100, ago(DAY - 30 * 60_000));
    expect(await fires(replaced)).toEqual([]);
  });

  it('the dashboard\'s older reasons: near their limit (90%), a break they chose, over £500 in 7 days', async () => {
    const near = await customer({ limit_duration: `'month'`, limit_value_pence: '5000' });
    await order(near, 4400, ago(HOUR)); // 88%
    expect(await fires(near)).toEqual([]);
    await order(near, 100, ago(HOUR)); // 90%
    expect(await fires(near)).toEqual(['near_spend_limit']);
    const chose = await customer({ locking_period: `'7d'`, locked_until: `'${new Date(NOW.getTime() + 6 * DAY).toISOString()}'`, lock_started_at: `'${ago(DAY).toISOString()}'` });
    expect(await fires(chose)).toEqual(['break_started']);
    const byStaff = await customer({ locking_period: `'7d'`, locked_until: `'${new Date(NOW.getTime() + 6 * DAY).toISOString()}'`, lock_started_at: `'${ago(DAY).toISOString()}'`, lock_by_staff: 'true' });
    expect(await fires(byStaff)).toEqual([]);
    const big = await customer();
    await order(big, 50_000, ago(DAY));
    await order(big, 90_000, ago(DAY), 'refunded');
    expect(await fires(big)).not.toContain('high_spend');
    await order(big, 1, ago(HOUR));
    expect(await fires(big)).toContain('high_spend');
  });
});

describe('flags', () => {
  it('one open flag per customer per rule; after a review only new orders raise another', async () => {
    const id = await customer();
    await order(id, 50_001, ago(HOUR));
    expect(await fires(id)).toEqual(['spend_spike', 'high_spend']);
    expect(await fires(id)).toEqual([]);
    // The sweep (its count covers every customer in the database) raises nothing more for this one.
    await sweepHarmMarkers(pool, NOW);
    expect((await flagsOf(id)).map((f) => f.rule)).toEqual(['spend_spike', 'high_spend']);
    // Two evaluations at once still store one.
    const twice = await customer();
    await order(twice, 50_001, ago(HOUR));
    await Promise.all([fires(twice), fires(twice), fires(twice)]);
    expect((await flagsOf(twice)).filter((f) => f.rule === 'high_spend')).toHaveLength(1);

    const high = (await flagsOf(id)).find((f) => f.rule === 'high_spend')!;
    expect((await staffPost('support', 'review_close', { flag_id: Number(high.id), action: 'contacted', note: 'Phoned; they are fine.' })).statusCode).toBe(200);
    expect(await fires(id, new Date(NOW.getTime() + 60_000))).toEqual([]);
    await order(id, 50_001, new Date(NOW.getTime() + 2 * 60_000));
    expect(await fires(id, new Date(NOW.getTime() + 3 * 60_000))).toEqual(['high_spend']);
  });

  it('the sweep flags what no order set off (a break just taken)', async () => {
    const id = await customer({ locking_period: `'30d'`, locked_until: `'${new Date(NOW.getTime() + 29 * DAY).toISOString()}'`, lock_started_at: `'${ago(DAY).toISOString()}'` });
    await sweepHarmMarkers(pool, NOW);
    expect((await flagsOf(id)).map((f) => f.rule)).toEqual(['break_started']);
  });
});

describe('the review queue', () => {
  it('lists open flags with their figures in words; the dashboard shows the same customers', async () => {
    const id = await customer();
    await raise(id, ago(HOUR));
    await raise(id, ago(2 * HOUR));
    await raise(id, ago(3 * HOUR));
    await fires(id);
    const queue = staffReviewsResponseSchema.parse((await staffPost('support', 'reviews', {})).json()).data;
    const mine = queue.filter((f) => f.customer_id === id);
    expect(mine).toEqual([expect.objectContaining({ rule: 'limit_raises', name: `Harm Case${seq}`, text: 'Asked to raise or remove their spending limit 3 times in 30 days (latest 12 Mar 2031, 11:00)' })]);
    const dashboard = staffDashboardResponseSchema.parse((await staffPost('operator', 'dashboard', {})).json()).data;
    expect(dashboard.flagged_customers.find((c) => c.customer_id === id)).toEqual({
      customer_id: id, name: `Harm Case${seq}`, flagged_at: NOW.toISOString(), reasons: [{ code: 'limit_raises', text: mine[0]!.text }],
    });
  });

  it('records the action and note, closing the flag, in the audit log; refuses a bad note, a closed flag and operators', async () => {
    const id = await customer();
    await order(id, 60_000, ago(HOUR));
    await fires(id);
    const flag = (await flagsOf(id)).find((f) => f.rule === 'high_spend')!;
    const empty = await staffPost('support', 'review_close', { flag_id: Number(flag.id), action: 'no_action', note: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.params.note).toBe('Write a note: what was done or why nothing was needed.');
    expect((await staffPost('support', 'review_close', { flag_id: Number(flag.id), action: 'shrugged', note: 'x' })).statusCode).toBe(400);
    expect((await staffPost('operator', 'review_close', { flag_id: Number(flag.id), action: 'no_action', note: 'x' })).statusCode).toBe(403);
    expect((await flagsOf(id)).find((f) => f.id === flag.id)!.closed_at).toBeNull();

    const closed = await staffPost('support', 'review_close', { flag_id: Number(flag.id), action: 'limit_suggested', note: 'Suggested a £100 monthly limit.' });
    expect(closed.statusCode).toBe(200);
    expect(staffReviewsResponseSchema.parse(closed.json()).data.map((f) => f.id)).not.toContain(Number(flag.id));
    const row = (await pool.query('SELECT action, note, closed_by IS NOT NULL AS by_staff FROM harm_flags WHERE id = $1', [flag.id])).rows[0];
    expect(row).toEqual({ action: 'limit_suggested', note: 'Suggested a £100 monthly limit.', by_staff: true });
    const audit = (await pool.query('SELECT actor, action, before, after FROM staff_audit_log WHERE subject = $1', [`customer #${id}`])).rows;
    expect(audit).toEqual([{ actor: 'Test support <harm-support@cgg.test>', action: 'review.close', before: expect.objectContaining({ flag: Number(flag.id), rule: 'high_spend' }), after: { action: 'limit_suggested', note: 'Suggested a £100 monthly limit.' } }]);
    const again = await staffPost('admin', 'review_close', { flag_id: Number(flag.id), action: 'no_action', note: 'x' });
    expect(again.statusCode).toBe(409);
    expect((await staffPost('admin', 'review_close', { flag_id: 999_999, action: 'no_action', note: 'x' })).statusCode).toBe(404);
  });
});

describe('through the real paths', () => {
  it('a paid order is looked at after it commits: the flag is raised, the checkout answered as usual', async () => {
    const buyer = await newBuyer(pool, base);
    for (const h of [1, 2, 3]) await raise(buyer.customerId, new Date(Date.now() - h * HOUR));
    await addToBasket(base, buyer, productId, 1);
    const paid = await checkoutOnce(base, buyer);
    expect(paid.ok).toBe(true);
    await settled();
    expect((await flagsOf(buyer.customerId)).map((f) => f.rule)).toEqual(['limit_raises']);
    // The account page's field: support links while the flag is open, none once it is reviewed.
    const user = async () => (await accountPost('get_user_details', { token: buyer.token })).json().data.show_support_links;
    expect(await user()).toBe(true);
    const flag = (await flagsOf(buyer.customerId))[0]!;
    await staffPost('support', 'review_close', { flag_id: Number(flag.id), action: 'contacted', note: 'Talked it through.' });
    expect(await user()).toBe(false);
  });

  it('raising a limit three times through the account raises the flag', async () => {
    const buyer = await newBuyer(pool, base);
    const play = (body: object) => accountPost('update_responsible_play', { token: buyer.token, ...body });
    expect((await play({ limit_duration: 'month', limit_value: '10' })).statusCode).toBe(200);
    for (const value of ['20', '30']) expect((await play({ limit_duration: 'month', limit_value: value })).statusCode).toBe(200);
    await settled();
    expect(await flagsOf(buyer.customerId)).toEqual([]);
    expect((await play({ limit_duration: null, limit_value: null })).statusCode).toBe(200);
    await settled();
    expect((await flagsOf(buyer.customerId)).map((f) => f.rule)).toEqual(['limit_raises']);
    // Each raise replaced the one still waiting: only the last can apply.
    const raises = (await pool.query('SELECT effective_at IS NOT NULL AS applies FROM limit_raises WHERE customer_id = $1 ORDER BY id', [buyer.customerId])).rows;
    expect(raises).toEqual([{ applies: false }, { applies: false }, { applies: true }]);
  });

  it('a taken break records when it started; extending it keeps the start', async () => {
    const buyer = await newBuyer(pool, base);
    expect((await accountPost('update_responsible_play', { token: buyer.token, lock_period: '24h' })).statusCode).toBe(200);
    const first = (await pool.query<{ lock_started_at: Date; lock_by_staff: boolean }>('SELECT lock_started_at, lock_by_staff FROM customers WHERE id = $1', [buyer.customerId])).rows[0]!;
    expect(Date.now() - first.lock_started_at.getTime()).toBeLessThan(60_000);
    expect(first.lock_by_staff).toBe(false);
    expect((await accountPost('update_responsible_play', { token: buyer.token, lock_period: '7d' })).statusCode).toBe(200);
    const extended = (await pool.query<{ lock_started_at: Date; locking_period: string }>('SELECT lock_started_at, locking_period FROM customers WHERE id = $1', [buyer.customerId])).rows[0]!;
    expect(extended).toEqual({ lock_started_at: first.lock_started_at, locking_period: '7d' });
    await settled();
    expect((await flagsOf(buyer.customerId)).map((f) => f.rule)).toEqual(['break_started']);
  });
});

describe('a break applied by support', () => {
  it('takes effect at once: the next checkout is refused as for their own break; audited with the reason', async () => {
    const buyer = await newBuyer(pool, base);
    await addToBasket(base, buyer, productId, 1);
    const res = await staffPost('support', 'customer_break', { customer_id: buyer.customerId, period: '7d', reason: 'Asked on the phone for a week off.' });
    expect(res.statusCode, res.body).toBe(200);
    const c = staffCustomerResponseSchema.parse(res.json()).data;
    expect(c.lock_permanent).toBe(false);
    // Seven days on (a clock change in between moves it by an hour).
    expect(Math.abs(new Date(c.locked_until!).getTime() - new Date(c.lock_started_at!).getTime() - 7 * DAY)).toBeLessThanOrEqual(HOUR);
    const refused = await checkoutOnce(base, buyer);
    expect(refused).toMatchObject({ ok: false, status: 403, code: 'cgg_account_locked' });
    const audit = (await pool.query('SELECT action, before, after FROM staff_audit_log WHERE subject = $1', [`customer #${buyer.customerId}`])).rows;
    expect(audit).toEqual([{ action: 'customer.break', before: { locked_until: null, permanent: false, period: null }, after: { locked_until: c.locked_until, permanent: false, period: '7d', reason: 'Asked on the phone for a week off.' } }]);
    // Staff's own break is not a sign from the customer: no break_started flag.
    await fires(buyer.customerId, new Date());
    expect((await flagsOf(buyer.customerId)).map((f) => f.rule)).not.toContain('break_started');
  });

  it('never shortens a break (409, nothing changes); closes an account permanently; refuses operators and a missing reason', async () => {
    const buyer = await newBuyer(pool, base);
    expect((await staffPost('admin', 'customer_break', { customer_id: buyer.customerId, period: '30d', reason: 'Request' })).statusCode).toBe(200);
    const shorter = await staffPost('support', 'customer_break', { customer_id: buyer.customerId, period: '24h', reason: 'Request' });
    expect(shorter.statusCode).toBe(409);
    expect(shorter.json().message).toMatch(/^Not changed: the customer is already on a break until \d{1,2} \w+ \d{4} at \d\d:\d\d, which is longer\.$/);
    expect((await staffPost('operator', 'customer_break', { customer_id: buyer.customerId, period: 'permanent', reason: 'x' })).statusCode).toBe(403);
    const noReason = await staffPost('support', 'customer_break', { customer_id: buyer.customerId, period: 'permanent', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().data.params.reason).toBe('Say why: it is kept in the audit log.');
    const forever = staffCustomerResponseSchema.parse((await staffPost('support', 'customer_break', { customer_id: buyer.customerId, period: 'permanent', reason: 'Self-exclusion by phone' })).json()).data;
    expect(forever).toMatchObject({ lock_permanent: true, locked_until: null });
    expect((await staffPost('support', 'customer_break', { customer_id: 999_999, period: '24h', reason: 'x' })).statusCode).toBe(404);
  });
});

describe('thresholds', () => {
  it('admins read and change them, audited; a window that ends before it starts is refused; support may not', async () => {
    const read = staffHarmSettingsResponseSchema.parse((await staffPost('admin', 'harm_settings', {})).json()).data;
    expect(read).toMatchObject({ spend_spike_multiplier: 3, spend_spike_weeks: 8, spend_spike_floor: '100.00', raises_count: 3, raises_days: 30, late_night_orders: 5, late_night_from_hour: 0, late_night_to_hour: 5, after_end_minutes: 60 });
    const bad = await staffPost('admin', 'harm_settings_update', { late_night_from_hour: 6 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.params.late_night_from_hour).toBe('The late-night window must end after it starts (e.g. from 0 to 5).');
    expect((await staffPost('admin', 'harm_settings_update', { raises_count: 0 })).json().data.params.raises_count).toBe('Between 1 and 100.');
    expect((await staffPost('support', 'harm_settings_update', { raises_count: 2 })).statusCode).toBe(403);
    expect((await staffPost('support', 'harm_settings', {})).statusCode).toBe(403);

    const changed = await staffPost('admin', 'harm_settings_update', { raises_count: 4, spend_spike_floor: '150' });
    expect(staffHarmSettingsResponseSchema.parse(changed.json()).data).toMatchObject({ raises_count: 4, spend_spike_floor: '150.00', late_night_from_hour: 0 });
    const audit = (await pool.query(`SELECT before, after FROM staff_audit_log WHERE action = 'harm-settings.update'`)).rows;
    expect(audit).toEqual([{ before: { raises_count: 3, spend_spike_floor_pence: 10_000 }, after: { raises_count: 4, spend_spike_floor_pence: 15_000 } }]);
    // The rules read them: 3 raises no longer flag.
    const id = await customer();
    for (const h of [1, 2, 3]) await raise(id, ago(h * HOUR));
    expect(await fires(id)).toEqual([]);
    await staffPost('admin', 'harm_settings_update', { raises_count: 3, spend_spike_floor: '100' });
  });
});

describe('marketing mail', () => {
  it('is not sent to a customer on a break or permanently closed; service mail still is', async () => {
    const onBreak = await customer({ locking_period: `'7d'`, locked_until: `now() + interval '3 days'` });
    const closed = await customer({ locking_period: `'permanent'`, lock_permanent: 'true' });
    const free = await customer();
    const mailer = createMailer(pool, undefined);
    const emailOf = async (id: number) => (await pool.query<{ email: string }>('SELECT email FROM customers WHERE id = $1', [id])).rows[0]!.email;
    const subject = `Offer ${seq}`;
    for (const id of [onBreak, closed, free]) await mailer.send({ to: await emailOf(id), subject, text: 'New competitions this week', marketing: true });
    await mailer.send({ to: 'stranger@example.co.uk', subject, text: 'Not a customer', marketing: true });
    await mailer.send({ to: await emailOf(onBreak), subject: `Service ${seq}`, text: 'Your password was changed' });
    const sent = (await pool.query<{ to_address: string; subject: string }>('SELECT to_address, subject FROM email_outbox WHERE subject IN ($1, $2) ORDER BY id', [subject, `Service ${seq}`])).rows;
    expect(sent).toEqual([
      { to_address: await emailOf(free), subject },
      { to_address: await emailOf(onBreak), subject: `Service ${seq}` },
    ]);
  });
});
