import { staffCustomerResponseSchema, staffCustomerSearchResponseSchema } from '@cgg/contracts/staff';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../accounts/queryable.ts';
import { instantWinner, type Winner } from '../claims/claims-test-kit.ts';
import { createCustomer } from '../store/store-fixtures.ts';
import { storeTestApp } from '../store/store-test-kit.ts';
import { createStaff } from './staff-accounts.ts';
import { createStaffSession } from './staff-sessions.ts';

let app: FastifyInstance;
let pool: pg.Pool;
let close: () => Promise<void>;
let support: string;
let w: Winner;

beforeAll(async () => {
  const t = await storeTestApp();
  ({ app, pool, close } = t);
  const base = await t.listen();
  const member = await inTransaction(pool, (client) =>
    createStaff(client, { email: 'sid@cgg.test', name: 'Sid Support', role: 'support', password: 'Staff!Pass-2026', by: { staffId: null, actor: 'test' }, now: new Date() }),
  );
  support = await createStaffSession(pool, member.id, 'signed-in', new Date());
  w = await instantWinner(pool, base, 2);
  await pool.query(`UPDATE customers SET first_name = 'Rosalind', last_name = 'Quarrington', billing_city = 'Bath' WHERE id = $1`, [w.buyer.customerId]);
}, 60_000);
afterAll(() => close());

const staffPost = (name: string, payload: object) =>
  app.inject({ method: 'POST', url: `/?rest_route=/api/v1/staff/${name}`, headers: { 'content-type': 'application/json', authorization: `Bearer ${support}` }, payload });
/** A balance change as the back office sends it: a key of its own unless one is given. */
const adjust = (change: { customer_id: number; kind: string; amount: string; reason: string; idempotency_key?: string }) =>
  staffPost('adjust_balance', { idempotency_key: randomUUID(), ...change });
const search = async (query: string) => {
  const res = await staffPost('customer_search', { query });
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return staffCustomerSearchResponseSchema.parse(res.json()).data.map((m) => m.id);
};
const audit = async () => (await pool.query<{ action: string; after: Record<string, unknown> }>('SELECT action, after FROM staff_audit_log WHERE subject = $1 ORDER BY id', [`customer #${w.buyer.customerId}`])).rows;

describe('customer look-up', () => {
  it('finds a customer by name, email, customer number, order number or competition:ticket', async () => {
    const id = w.buyer.customerId;
    const email = (await pool.query<{ email: string }>('SELECT email FROM customers WHERE id = $1', [id])).rows[0]!.email;
    expect(await search('quarring')).toEqual([id]);
    expect(await search('Rosalind Q')).toEqual([id]);
    expect(await search(email.toUpperCase())).toEqual([id]);
    expect(await search(String(id))).toContain(id);
    expect(await search(`#${w.orderId}`)).toContain(id);
    expect(await search(`${w.competitionId}:1`)).toEqual([id]);
    expect(await search(`${w.competitionId}:99`)).toEqual([]);
    expect(await search('%%')).toEqual([]);
    // Each result says what it matched on: a number may be one customer's number and another's order.
    const matchedOn = async (query: string) =>
      staffCustomerSearchResponseSchema.parse((await staffPost('customer_search', { query })).json()).data.find((m) => m.id === id)?.matched;
    expect(await matchedOn('quarring')).toEqual(['name_or_email']);
    expect(await matchedOn(`${w.competitionId}:1`)).toEqual(['ticket']);
    expect(await matchedOn(String(id))).toContain('customer_number');
    expect(await matchedOn(`#${w.orderId}`)).toContain('order_number');
    // An order numbered as another customer is: both come back, each saying which.
    let other = await createCustomer(pool, { first: 'Numbered', last: 'Namesake' });
    while ((await pool.query('SELECT 1 FROM orders WHERE id = $1', [other.id])).rowCount) other = await createCustomer(pool, { first: 'Numbered', last: 'Namesake' });
    await pool.query(`INSERT INTO orders (id, customer_id, status, created_at, subtotal_pence, total_pence) VALUES ($1, $2, 'completed', now(), 0, 0)`, [other.id, id]);
    const both = staffCustomerSearchResponseSchema.parse((await staffPost('customer_search', { query: String(other.id) })).json()).data;
    expect(both.map((m) => [m.id, m.matched])).toEqual([[id, ['order_number']], [other.id, ['customer_number']]].sort((x, y) => Number(x[0]) - Number(y[0])));
    await pool.query('DELETE FROM orders WHERE id = $1', [other.id]); // taken out again: the next tests count the buyer's orders
    const short = await staffPost('customer_search', { query: ' a ' });
    expect(short.statusCode).toBe(400);
    expect(short.json().data.params.query).toBe('Enter at least 2 characters: a name, email, order number or competition:ticket.');
  });

  it("shows a customer's orders, wins, balances and limits; an unknown one is 404", async () => {
    // A raised limit waiting its 24 hours, as support reads it out (London time, summer: BST).
    await pool.query(`UPDATE customers SET pending_limit_duration = 'month', pending_limit_value_pence = 5000, pending_limit_from = '2026-07-01T11:00:00Z' WHERE id = $1`, [w.buyer.customerId]);
    expect(staffCustomerResponseSchema.parse((await staffPost('customer', { id: w.buyer.customerId })).json()).data.pending_limit).toBe('£50.00 a month from 1 July 2026 at 12:00');
    await pool.query('UPDATE customers SET pending_limit_duration = NULL, pending_limit_value_pence = NULL, pending_limit_from = NULL WHERE id = $1', [w.buyer.customerId]);
    const c = staffCustomerResponseSchema.parse((await staffPost('customer', { id: w.buyer.customerId })).json()).data;
    expect(c).toMatchObject({ id: w.buyer.customerId, name: 'Rosalind Quarrington', town: 'Bath', limit: null, locked_until: null, lock_permanent: false });
    expect(c.orders).toEqual([expect.objectContaining({ id: w.orderId, status: 'completed', tickets: 2, refunded: '0.00' })]);
    // A part refund that went through is said beside the total; one still waiting for the provider is not.
    const refundRow = (key: string, state: string, pence: number, credit: number) => pool.query(
      `INSERT INTO order_refunds (order_id, idempotency_key, amount_pence, state, gateway, reason, requested_by, created_at, credit_returned_pence)
       VALUES ($1, $2, $3, $4, 'demo', 'test', 'test', now(), $5)`,
      [w.orderId, key, pence, state, credit],
    );
    await refundRow(`part-${randomUUID()}`, 'succeeded', 120, 30);
    await refundRow(`part-${randomUUID()}`, 'pending', 50, 0);
    expect(staffCustomerResponseSchema.parse((await staffPost('customer', { id: w.buyer.customerId })).json()).data.orders[0]!.refunded).toBe('1.50');
    await pool.query('DELETE FROM order_refunds WHERE order_id = $1', [w.orderId]);
    expect(c.wins).toHaveLength(2);
    expect(c.wins.every((x) => x.kind === 'instant' && x.competition_id === w.competitionId)).toBe(true);
    expect((await staffPost('customer', { id: 999_999 })).statusCode).toBe(404);
  });
});

describe('notes and balance adjustments', () => {
  it('adds a note, kept with its author and in the audit log', async () => {
    const c = staffCustomerResponseSchema.parse((await staffPost('customer_note', { customer_id: w.buyer.customerId, text: '  Called about a late prize.  ' })).json()).data;
    expect(c.notes[0]).toMatchObject({ author: 'Sid Support <sid@cgg.test>', text: 'Called about a late prize.' });
    expect(await audit()).toContainEqual({ action: 'customer.note', after: { note: 'Called about a late prize.' } });
    expect((await staffPost('customer_note', { customer_id: w.buyer.customerId, text: '   ' })).statusCode).toBe(400);
    expect((await staffPost('customer_note', { customer_id: 999_999, text: 'x' })).statusCode).toBe(404);
  });

  it('a note sent again with its key (at once or after a lost answer) is added once; the key with another text is refused', async () => {
    const id = w.buyer.customerId;
    const note = { customer_id: id, text: 'Asked for a call back.', idempotency_key: randomUUID() };
    const answers = await Promise.all([staffPost('customer_note', note), staffPost('customer_note', note)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const again = staffCustomerResponseSchema.parse((await staffPost('customer_note', { ...note, text: '  Asked for a call back. ' })).json()).data;
    expect(again.notes.filter((n) => n.text === 'Asked for a call back.')).toHaveLength(1);
    expect((await audit()).filter((a) => a.action === 'customer.note' && a.after.note === 'Asked for a call back.')).toHaveLength(1);
    for (const other of [{ text: 'Something else.' }, { customer_id: (await createCustomer(pool)).id }]) {
      const res = await staffPost('customer_note', { ...note, ...other });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'cgg_idempotency_key_reused', message: 'That key was already used for another note; reload the customer to see their notes.' });
    }
    expect((await pool.query('SELECT count(*)::int AS n FROM customer_notes WHERE idempotency_key = $1', [note.idempotency_key])).rows[0].n).toBe(1);
    expect((await staffPost('customer_note', { ...note, idempotency_key: 'short' })).statusCode).toBe(400);
  });

  it('adds and removes points and credit with a reason, never below zero, whole points only', async () => {
    const id = w.buyer.customerId;
    const start = staffCustomerResponseSchema.parse((await staffPost('customer', { id })).json()).data;
    // Without a key, as a back office built before keys sends it: made, once per request.
    const plus = staffCustomerResponseSchema.parse((await staffPost('adjust_balance', { customer_id: id, kind: 'points', amount: '+50', reason: 'Sorry for the wait' })).json()).data;
    expect(plus.points).toBe(start.points + 50);
    const credit = staffCustomerResponseSchema.parse((await adjust({ customer_id: id, kind: 'credit', amount: '4.50', reason: 'Goodwill' })).json()).data;
    expect(Number(credit.credit)).toBeCloseTo(Number(start.credit) + 4.5);
    const tooMuch = await adjust({ customer_id: id, kind: 'credit', amount: '-10000', reason: 'Mistake' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toMatch(/^Not changed: the customer has £\d+\.\d\d site credit; removing £10000\.00 site credit would go below 0\.$/);
    const half = await adjust({ customer_id: id, kind: 'points', amount: '1.5', reason: 'x' });
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toBe('Points are whole numbers, like 50 or -50.');
    expect((await adjust({ customer_id: id, kind: 'points', amount: '0', reason: 'x' })).statusCode).toBe(400);
    const end = staffCustomerResponseSchema.parse((await staffPost('customer', { id })).json()).data;
    expect(end.points).toBe(start.points + 50);
    expect((await audit()).filter((a) => a.action !== 'customer.note')).toEqual([
      { action: 'points.adjust', after: { balance: start.points + 50, change: 50, reason: 'Sorry for the wait' } },
      { action: 'credit.adjust', after: expect.objectContaining({ change: 450, reason: 'Goodwill' }) },
    ]);
  });

  it('a change retried with its key is made once; the key with other details is refused and changes nothing', async () => {
    const id = w.buyer.customerId;
    const points = async () => staffCustomerResponseSchema.parse((await staffPost('customer', { id })).json()).data.points;
    const start = await points();
    const change = { customer_id: id, kind: 'points', amount: '25', reason: 'Late prize', idempotency_key: randomUUID() };
    // The answer to the first submit was lost; the second and a third racing it are the same change.
    const answers = await Promise.all([adjust(change), adjust(change), adjust(change)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => staffCustomerResponseSchema.parse(a.json()).data.points)).toEqual([start + 25, start + 25, start + 25]);
    expect(await points()).toBe(start + 25);
    expect((await audit()).filter((a) => a.action === 'points.adjust' && a.after.reason === 'Late prize')).toHaveLength(1);
    for (const other of [{ amount: '26' }, { reason: 'Something else' }, { kind: 'credit' }]) {
      const res = await adjust({ ...change, ...other });
      expect(res.statusCode, JSON.stringify(other)).toBe(409);
      expect(res.json()).toMatchObject({ code: 'cgg_idempotency_key_reused', message: 'That change was already made with other details; check the balance, then save it again.' });
    }
    expect(await points()).toBe(start + 25);
    const bad = await adjust({ ...change, idempotency_key: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(await points()).toBe(start + 25);
  });

  it('one key for two customers at once: one change is made, the other refused', async () => {
    const other = (await createCustomer(pool)).id;
    const key = randomUUID();
    const answers = await Promise.all([w.buyer.customerId, other].map((customerId) => adjust({ customer_id: customerId, kind: 'credit', amount: '1', reason: 'Key race', idempotency_key: key })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await pool.query('SELECT count(*)::int AS n FROM credit_logs WHERE idempotency_key = $1', [key])).rows[0].n).toBe(1);
  });

  it('two removals racing for one balance: one is made, the other refused', async () => {
    const id = w.buyer.customerId;
    const points = staffCustomerResponseSchema.parse((await staffPost('customer', { id })).json()).data.points;
    const take = () => adjust({ customer_id: id, kind: 'points', amount: String(-points), reason: 'Race' });
    const answers = await Promise.all([take(), take()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(staffCustomerResponseSchema.parse((await staffPost('customer', { id })).json()).data.points).toBe(0);
  });
});
