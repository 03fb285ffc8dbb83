import dayjs from 'dayjs';
import '../lib/london-time.ts';
import { responsiblePlayResponseSchema } from '@cgg/contracts/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WpHttpError } from '../http/wp-error.ts';
import { accountTestApp, NEW, SAM } from './account-test-kit.ts';
import { assertCanSpend, isNoLooser, periodEnd, periodStart, PLAY_COLUMNS, type PlayRow } from './responsible-play.ts';

let t: Awaited<ReturnType<typeof accountTestApp>>;
let token: string;
let customerId: number;
beforeAll(async () => {
  t = await accountTestApp();
  token = await t.login(NEW);
  customerId = (await t.pool.query("SELECT id FROM customers WHERE email = 'new@cgg.test'")).rows[0].id;
});
afterAll(() => t.close());

const HOUR = 3600_000;
const update = async (change: object) => {
  const res = await t.post('update_responsible_play', { token, ...change });
  expect(res.statusCode, res.body).toBe(200);
  return responsiblePlayResponseSchema.parse(res.json()).data;
};
const read = async () => responsiblePlayResponseSchema.parse((await t.post('responsible_play', { token })).json()).data;

async function spend(pence: number): Promise<unknown> {
  const client = await t.pool.connect();
  try {
    await client.query('BEGIN');
    const row = (await client.query<PlayRow>(`SELECT ${PLAY_COLUMNS} FROM customers WHERE id = $1 FOR NO KEY UPDATE`, [customerId])).rows[0];
    await assertCanSpend(client, customerId, row, pence, t.clock.now());
    await client.query('COMMIT');
    return null;
  } catch (err) {
    await client.query('ROLLBACK');
    return err;
  } finally {
    client.release();
  }
}
async function placeOrder(pence: number): Promise<void> {
  await t.pool.query("INSERT INTO orders (customer_id, status, created_at, subtotal_pence, total_pence) VALUES ($1, 'completed', $2, $3, $3)", [
    customerId, t.clock.now(), pence,
  ]);
}

describe('spending limits', () => {
  it('a first limit applies at once (0 allowed)', async () => {
    const state = await update({ limit_duration: 'week', limit_value: '0' });
    expect(state).toMatchObject({ limit_duration: 'week', limit_value: '0.00', pending_limit_from: null, current_spending: '0.00' });
    const err = await spend(1);
    expect(err).toBeInstanceOf(WpHttpError);
    expect(err).toMatchObject({ status: 403, code: 'cgg_spending_limit_reached' });
    expect((err as Error).message).toBe('This order would take you over your weekly spending limit of £0.00. You can spend £0.00 more in this period.');
  });

  it('raising waits 24 hours, shown as pending; then applies', async () => {
    const state = await update({ limit_duration: 'week', limit_value: '50.00' });
    expect(state).toMatchObject({ limit_value: '0.00', pending_limit_duration: 'week', pending_limit_value: '50.00' });
    expect(new Date(state.pending_limit_from!).getTime()).toBe(t.clock.now().getTime() + 24 * HOUR);
    expect(await spend(100)).toMatchObject({ code: 'cgg_spending_limit_reached' });
    t.clock.advance(24 * HOUR);
    expect(await read()).toMatchObject({ limit_value: '50.00', pending_limit_from: null });
    expect(await spend(5_000)).toBeNull();
    expect(await spend(5_001)).toMatchObject({ code: 'cgg_spending_limit_reached' });
  });

  it('current_spending counts this period orders and the limit holds against them', async () => {
    await placeOrder(3_000);
    expect((await read()).current_spending).toBe('30.00');
    expect(await spend(2_000)).toBeNull();
    expect(await spend(2_001)).toMatchObject({ code: 'cgg_spending_limit_reached', extra: { spent: '30.00', limit: '50.00' } });
    const user = (await t.post('get_user_details', { token })).json().data;
    expect(user).toMatchObject({ limit_duration: 'week', limit_value: '50.00', current_spending: '30.00' });
  });

  it('lowering applies at once and cancels a pending raise', async () => {
    await update({ limit_duration: 'week', limit_value: '500' });
    const lowered = await update({ limit_duration: 'week', limit_value: '40' });
    expect(lowered).toMatchObject({ limit_value: '40.00', pending_limit_from: null });
    expect(await spend(1_001)).toMatchObject({ code: 'cgg_spending_limit_reached' });
  });

  it('a longer period with the same amount is lower; a shorter one is a raise', async () => {
    expect(await update({ limit_duration: 'month', limit_value: '40' })).toMatchObject({ limit_duration: 'month', pending_limit_from: null });
    expect(await update({ limit_duration: 'day', limit_value: '40' })).toMatchObject({ limit_duration: 'month', pending_limit_duration: 'day' });
  });

  it('removing a limit waits 24 hours too', async () => {
    const state = await update({ limit_duration: null, limit_value: null });
    expect(state).toMatchObject({ limit_duration: 'month', pending_limit_duration: null, pending_limit_value: null });
    expect(state.pending_limit_from).not.toBeNull();
    t.clock.advance(24 * HOUR);
    expect(await read()).toMatchObject({ limit_duration: null, limit_value: null, pending_limit_from: null });
    expect(await spend(1_000_000)).toBeNull();
  });

  it('refuses half a limit and bad amounts', async () => {
    expect((await t.post('update_responsible_play', { token, limit_duration: 'day' })).statusCode).toBe(400);
    expect((await t.post('update_responsible_play', { token, limit_duration: 'day', limit_value: '-5' })).statusCode).toBe(400);
    expect((await t.post('update_responsible_play', { token })).statusCode).toBe(400);
  });
});

describe('account lock', () => {
  it('locks for 7 days, cannot be shortened, blocks spending, ends on time', async () => {
    const locked = await update({ lock_period: '7d' });
    expect(locked.lock_account).toBe(true);
    const until = new Date(locked.locked_until!).getTime();
    expect(until).toBe(t.clock.now().getTime() + 7 * 24 * HOUR);
    expect(await spend(1)).toMatchObject({ code: 'cgg_account_locked', status: 403 });
    expect((await update({ lock_period: '24h' })).locked_until).toBe(locked.locked_until);
    const user = (await t.post('get_user_details', { token })).json().data;
    expect(user).toMatchObject({ lock_account: true, locking_period: '7d', lockout_period: locked.locked_until });
    t.clock.advance(7 * 24 * HOUR);
    expect((await read()).lock_account).toBe(false);
    expect(await spend(1)).toBeNull();
  });

  it('a permanent lock never ends', async () => {
    const samToken = await t.login(SAM);
    const res = await t.post('update_responsible_play', { token: samToken, lock_period: 'permanent' });
    expect(res.json().data).toMatchObject({ lock_account: true, locked_until: null });
    t.clock.advance(3 * 365 * 24 * HOUR);
    const again = await t.post('update_responsible_play', { token: await t.login(SAM), lock_period: '24h' });
    expect(again.json().data).toMatchObject({ lock_account: true, locked_until: null });
  });
});

describe('rules', () => {
  it('isNoLooser compares amount and period', () => {
    expect(isNoLooser({ duration: 'day', valuePence: 10 }, null)).toBe(true);
    expect(isNoLooser(null, { duration: 'day', valuePence: 10 })).toBe(false);
    expect(isNoLooser({ duration: 'week', valuePence: 10 }, { duration: 'day', valuePence: 10 })).toBe(true);
    expect(isNoLooser({ duration: 'day', valuePence: 10 }, { duration: 'week', valuePence: 10 })).toBe(false);
    expect(isNoLooser({ duration: 'day', valuePence: 11 }, { duration: 'day', valuePence: 10 })).toBe(false);
  });
  it('periods start at London midnight, Monday and the 1st', () => {
    const now = new Date('2026-07-15T10:00:00Z'); // a Wednesday, BST
    expect(periodStart('day', now).toISOString()).toBe('2026-07-14T23:00:00.000Z');
    expect(periodStart('week', now).toISOString()).toBe('2026-07-12T23:00:00.000Z');
    expect(periodStart('month', now).toISOString()).toBe('2026-06-30T23:00:00.000Z');
  });
  it('periods start and end as dayjs\' Europe/London reads them: every 7 hours of 2026, around every clock change and month start of 2024-2031', () => {
    const tz = 'Europe/London';
    const expected = (duration: 'day' | 'week' | 'month', at: Date) => {
      const local = dayjs(at).tz(tz);
      const first = duration === 'day' ? local.startOf('day') : duration === 'month' ? local.startOf('month') : local.subtract((local.day() + 6) % 7, 'day').startOf('day');
      const start = dayjs.tz(first.format('YYYY-MM-DD'), tz);
      const next = duration === 'day' ? first.add(1, 'day') : duration === 'month' ? first.add(1, 'month') : first.add(7, 'day');
      return [start.toISOString(), dayjs.tz(next.format('YYYY-MM-DD'), tz).toISOString()];
    };
    // dayjs' time zones cost ~0.1 ms a call: every 7 hours of eight years took 9-13 s, near the
    // test timeout on a busy CI machine. Every hour of the day and weekday is met in one year; the
    // instants where the rule can go wrong (clock changes, month starts) are met in all eight.
    const instants: number[] = [];
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 7 * HOUR) instants.push(t);
    const lastSunday = (year: number, month: number) => {
      const last = new Date(Date.UTC(year, month + 1, 0));
      return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1); // the change, 01:00 UTC
    };
    for (let year = 2024; year <= 2031; year++) {
      for (const change of [lastSunday(year, 2), lastSunday(year, 9)]) {
        for (let t = change - 48 * HOUR; t <= change + 48 * HOUR; t += HOUR) instants.push(t);
      }
      for (let month = 0; month < 12; month++) {
        const midnight = dayjs.tz(`${year}-${String(month + 1).padStart(2, '0')}-01`, tz).valueOf();
        instants.push(midnight - 1, midnight);
      }
    }
    for (const t of instants) {
      const at = new Date(t);
      for (const duration of ['day', 'week', 'month'] as const) {
        expect([periodStart(duration, at).toISOString(), periodEnd(duration, at).toISOString()], `${duration} at ${at.toISOString()}`).toEqual(expected(duration, at));
      }
    }
  });
  it('periods end where the next starts, across the clock changes', () => {
    const now = new Date('2026-07-15T10:00:00Z');
    expect(periodEnd('day', now).toISOString()).toBe('2026-07-15T23:00:00.000Z');
    expect(periodEnd('week', now).toISOString()).toBe('2026-07-19T23:00:00.000Z');
    expect(periodEnd('month', now).toISOString()).toBe('2026-07-31T23:00:00.000Z');
    // Saturday 24 October 2026 (BST): its day ends at midnight BST; the week (clocks go back on
    // Sunday the 25th) ends at midnight GMT; October ends at midnight GMT.
    const autumn = new Date('2026-10-24T12:00:00Z');
    expect(periodEnd('day', autumn).toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(periodEnd('week', autumn).toISOString()).toBe('2026-10-26T00:00:00.000Z');
    expect(periodEnd('month', autumn).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    // 29 March 2026, the spring change: the day is 23 hours long.
    expect(periodEnd('day', new Date('2026-03-29T12:00:00Z')).toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(periodEnd('month', new Date('2026-02-10T12:00:00Z')).toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});
