import { randomUUID } from 'node:crypto';
import { complaintPolicy, complaintResponseSchema } from '@cgg/contracts/complaints';
import { staffComplaintResponseSchema, staffComplaintsResponseSchema } from '@cgg/contracts/staff';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from '../accounts/queryable.ts';
import { createStaff } from '../staff/staff-accounts.ts';
import { createStaffSession } from '../staff/staff-sessions.ts';
import { createCustomer } from '../store/store-fixtures.ts';
import { createTestApp } from '../test/test-database.ts';
import { RATE_LIMITS } from '../http/rate-limits.ts';
import { answerDueAt, fileComplaint } from './complaints.ts';

const COMPLAINT_LIMIT = RATE_LIMITS.complaintAddress.points;

let app: FastifyInstance;
let pool: pg.Pool;
let close: () => Promise<void>;
const bearers: Record<'support' | 'admin' | 'operator', string> = { support: '', admin: '', operator: '' };

beforeAll(async () => {
  ({ app, pool, close } = await createTestApp());
  for (const role of ['support', 'admin', 'operator'] as const) {
    const member = await inTransaction(pool, (client) =>
      createStaff(client, { email: `${role}-complaints@cgg.test`, name: `Sam ${role}`, role, password: 'Staff!Pass-2026', by: { staffId: null, actor: 'test' }, now: new Date() }),
    );
    bearers[role] = await createStaffSession(pool, member.id, 'signed-in', new Date());
  }
}, 60_000);
afterAll(() => close());

beforeEach(async () => {
  await pool.query('DELETE FROM complaint_answers');
  await pool.query('DELETE FROM complaints');
  await pool.query('DELETE FROM email_outbox');
});

const valid = { name: 'Sam Jones', email: 'sam@example.co.uk', order_number: '#10016', category: 'prize', details: 'My prize has not arrived and it has been three weeks.' };
let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;
const file = (payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/?rest_route=/api/v1/file_complaint', payload: payload as object, headers: { 'x-forwarded-for': freshIp(), ...headers } });
const staffPost = (name: string, payload: object, role: keyof typeof bearers = 'support') =>
  app.inject({ method: 'POST', url: `/?rest_route=/api/v1/staff/${name}`, headers: { 'content-type': 'application/json', authorization: `Bearer ${bearers[role]}` }, payload });
const outbox = async () => (await pool.query<{ to_address: string; subject: string; text_body: string }>('SELECT to_address, subject, text_body FROM email_outbox ORDER BY id')).rows;
const auditOf = async (subject: string) =>
  (await pool.query<{ action: string; actor: string; before: unknown; after: unknown }>('SELECT action, actor, before, after FROM staff_audit_log WHERE subject = $1 ORDER BY id', [subject])).rows;

async function filed(payload: object = valid): Promise<{ id: number; reference: string }> {
  const res = await file(payload);
  expect(res.statusCode, res.body).toBe(200);
  const { reference } = complaintResponseSchema.parse(res.json());
  return { id: Number(reference.slice('CGG-C-'.length)), reference };
}

describe('when an answer is due', () => {
  it('is the policy\'s 14 days on London\'s calendar, also across a clock change', () => {
    const londonDay = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
    // Filed at 23:30 on 15 March (GMT); the clocks go forward on the 29th.
    expect(londonDay(answerDueAt(new Date('2026-03-15T23:30:00Z')))).toBe('2026-03-29');
    expect(answerDueAt(new Date('2026-03-15T23:30:00Z')).toISOString()).toBe('2026-03-29T22:30:00.000Z');
    expect(answerDueAt(new Date('2026-06-01T09:15:00Z')).toISOString()).toBe('2026-06-15T09:15:00.000Z');
  });
});

describe('filing a complaint', () => {
  it('stores it, answers with a CGG-C reference and the due day, and queues the acknowledgement email', async () => {
    const res = await file(valid);
    expect(res.statusCode, res.body).toBe(200);
    const body = complaintResponseSchema.parse(res.json());
    expect(body.reference).toMatch(/^CGG-C-\d{6}$/);
    expect(body.message).toContain('emailed an acknowledgement to sam@example.co.uk');
    const { rows } = await pool.query('SELECT id, name, email, order_number, category, details, customer_id, state, acknowledged_at FROM complaints');
    expect(rows).toEqual([{ id: expect.any(String), name: 'Sam Jones', email: 'sam@example.co.uk', order_number: 10016, category: 'prize', details: valid.details, customer_id: null, state: 'open', acknowledged_at: expect.any(Date) }]);
    expect(body.reference).toBe(`CGG-C-${String(rows[0].id).padStart(6, '0')}`);
    expect(body.answer_due).toBe(answerDueAt(new Date()).toLocaleDateString('en-CA', { timeZone: 'Europe/London' }));
    const [mail, ...more] = await outbox();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to_address: 'sam@example.co.uk', subject: `We have received your complaint (${body.reference})` });
    expect(mail!.text_body).toContain(body.reference);
    expect(mail!.text_body).toContain(`within ${complaintPolicy.answerWithinDays} days`);
    expect(mail!.text_body).toContain(complaintPolicy.adr.name);
  });

  it('a complaint sent again under its key (twice at once, then once more) is filed and acknowledged once, with the same reference', async () => {
    const keyed = { ...valid, email: 'kay@example.co.uk', idempotency_key: 'complaint-key-0001' };
    const answers = [...(await Promise.all([file(keyed), file(keyed)])), await file(keyed)];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((r) => complaintResponseSchema.parse(r.json()).reference)).size).toBe(1);
    expect((await pool.query("SELECT count(*)::int AS n FROM complaints WHERE email = 'kay@example.co.uk'")).rows[0].n).toBe(1);
    expect((await pool.query("SELECT count(*)::int AS n FROM email_outbox WHERE to_address = 'kay@example.co.uk'")).rows[0].n).toBe(1);
    const other = await file({ ...keyed, details: 'A different complaint altogether, told in other words.' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'cgg_idempotency_key_reused' });

    // The last complaint the address may file, its answer lost: sent again, it is answered, not refused by the limit.
    const ip = { 'x-forwarded-for': '198.51.100.77' };
    let last = await file(valid, ip);
    for (let i = 1; i < COMPLAINT_LIMIT; i++) last = await file({ ...valid, idempotency_key: `complaint-last-${i}` }, ip);
    expect((await file(valid, ip)).statusCode).toBe(429);
    const again = await file({ ...valid, idempotency_key: `complaint-last-${COMPLAINT_LIMIT - 1}` }, ip);
    expect(again.statusCode).toBe(200);
    expect(again.json().reference).toBe(last.json().reference);
  });

  it('ties a signed-in customer\'s complaint to their account, by payload token or bearer', async () => {
    const customer = await createCustomer(pool);
    await filed({ ...valid, token: customer.token });
    expect((await file(valid, { authorization: `Bearer ${customer.token}` })).statusCode).toBe(200);
    // A token that names no session files it as a visitor's: a complaint is never turned away.
    expect((await file({ ...valid, token: 'expired-token' })).statusCode).toBe(200);
    const { rows } = await pool.query<{ customer_id: number | null }>('SELECT customer_id FROM complaints ORDER BY id');
    expect(rows.map((r) => r.customer_id)).toEqual([customer.id, customer.id, null]);
  });

  it('refuses bad fields with a message naming each field, and stores and mails nothing', async () => {
    const res = await file({ name: ' ', email: 'not-an-email', order_number: 'ABC', category: 'weather', details: 'too short' });
    expect(res.statusCode).toBe(400);
    const { code, data } = res.json();
    expect(code).toBe('rest_invalid_param');
    expect(data.params).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter a valid email address, like name@example.co.uk.',
      order_number: 'An order number is made of digits, like 10016. Leave it empty if you do not have one.',
      category: expect.any(String),
      details: 'Please tell us what happened in at least 20 characters.',
    });
    expect((await pool.query('SELECT count(*)::int AS n FROM complaints')).rows[0].n).toBe(0);
    expect(await outbox()).toEqual([]);
  });

  it(`rate-limits per address like the contact form: ${COMPLAINT_LIMIT} in the window, then 429 saying why`, async () => {
    const ip = { 'x-forwarded-for': '198.51.100.20' };
    for (let i = 0; i < COMPLAINT_LIMIT; i++) expect((await file(valid, ip)).statusCode).toBe(200);
    const limited = await file(valid, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rest_complaint_rate_limited', message: expect.stringContaining('reply to the acknowledgement email') });
    expect((await file(valid, { 'x-forwarded-for': '198.51.100.21' })).statusCode).toBe(200);
  });

  it('keeps the complaint when the acknowledgement cannot be mailed, and leaves it unacknowledged', async () => {
    const failing = { send: async () => Promise.reject(new Error('SMTP down')), sendAll: async () => Promise.reject(new Error('SMTP down')) };
    const done = await fileComplaint({ pool, mailer: failing, siteUrl: 'http://shop.test' }, {
      name: 'Sam', email: 'sam@example.co.uk', orderNumber: null, category: 'other', details: valid.details, customerId: null, ipAddress: '192.0.2.99', at: new Date(),
    });
    expect(done).toMatchObject({ acknowledged: false });
    const { rows } = await pool.query('SELECT acknowledged_at FROM complaints');
    expect(rows).toEqual([{ acknowledged_at: null }]);
  });
});

describe('the complaints queue', () => {
  it('lists open complaints oldest first with how long each has been open, and filters by state', async () => {
    const newer = await filed();
    const older = await filed({ ...valid, name: 'Alex Older' });
    await pool.query("UPDATE complaints SET created_at = now() - interval '3 days 5 hours' WHERE id = $1", [older.id]);
    const res = await staffPost('complaints', {});
    expect(res.statusCode, res.body).toBe(200);
    const { data, total } = staffComplaintsResponseSchema.parse(res.json());
    expect(total).toBe(2);
    expect(data.map((c) => c.reference)).toEqual([older.reference, newer.reference]);
    expect(data[0]).toMatchObject({ state: 'open', name: 'Alex Older', open_hours: 77, order_number: 10016, category: 'prize' });
    expect(data[1]!.open_hours).toBe(0);
    const closed = staffComplaintsResponseSchema.parse((await staffPost('complaints', { state: 'closed' })).json());
    expect(closed.data).toEqual([]);
  });

  it('answers: the answer is emailed to the customer, recorded word for word and audit-logged; then closes as resolved', async () => {
    const c = await filed();
    await pool.query('DELETE FROM email_outbox');
    const opened = staffComplaintResponseSchema.parse((await staffPost('complaint', { id: c.id })).json());
    expect(opened.data).toMatchObject({ details: valid.details, answers: [], acknowledged_at: expect.any(String), state: 'open' });

    // Closing before any answer is refused: the customer must have had our answer.
    const early = await staffPost('complaint_close', { id: c.id });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('cgg_complaint_not_answered');

    const text = 'We are sorry for the wait. Your prize was sent today by tracked courier.';
    const answered = await staffPost('complaint_answer', { id: c.id, text });
    expect(answered.statusCode, answered.body).toBe(200);
    const after = staffComplaintResponseSchema.parse(answered.json()).data;
    expect(after.state).toBe('answered');
    expect(after.answers).toEqual([{ id: expect.any(Number), author: 'Sam support <support-complaints@cgg.test>', text, sent_to: 'sam@example.co.uk', created_at: expect.any(String) }]);
    const [mail] = await outbox();
    expect(mail).toMatchObject({ to_address: 'sam@example.co.uk', subject: `Our answer to your complaint (${c.reference})` });
    expect(mail!.text_body).toContain(text);
    expect(mail!.text_body).toContain(complaintPolicy.adr.name);

    const closed = await staffPost('complaint_close', { id: c.id, note: 'Prize sent; customer informed.' }, 'admin');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(staffComplaintResponseSchema.parse(closed.json()).data).toMatchObject({ state: 'closed', closed_by: 'Sam admin <admin-complaints@cgg.test>', close_note: 'Prize sent; customer informed.', closed_at: expect.any(String) });

    expect(await auditOf(`complaint ${c.reference}`)).toEqual([
      { action: 'complaint.answer', actor: 'Sam support <support-complaints@cgg.test>', before: { state: 'open' }, after: { state: 'answered', answer_id: after.answers[0]!.id, sent_to: 'sam@example.co.uk', text } },
      { action: 'complaint.close', actor: 'Sam admin <admin-complaints@cgg.test>', before: { state: 'answered' }, after: { state: 'closed', note: 'Prize sent; customer informed.' } },
    ]);

    // Closed: nothing more is sent or changed.
    const late = await staffPost('complaint_answer', { id: c.id, text: 'One more thing' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('cgg_complaint_closed');
    expect((await staffPost('complaint_close', { id: c.id })).statusCode).toBe(409);
    expect(await outbox()).toHaveLength(1);
  });

  it('an answer sent again under its key (twice at once, then once more) is recorded and mailed once; the key with other words is refused', async () => {
    const c = await filed();
    const other = await filed();
    await pool.query('DELETE FROM email_outbox');
    const answer = { id: c.id, text: 'Your prize was sent today.', idempotency_key: randomUUID() };
    const [first, twin] = await Promise.all([staffPost('complaint_answer', answer), staffPost('complaint_answer', answer)]);
    expect([first.statusCode, twin.statusCode]).toEqual([200, 200]);
    expect((await staffPost('complaint_answer', answer)).statusCode).toBe(200);
    const answers = staffComplaintResponseSchema.parse((await staffPost('complaint', { id: c.id })).json()).data.answers;
    expect(answers.map((a) => a.text)).toEqual(['Your prize was sent today.']);
    expect(await outbox()).toHaveLength(1);
    expect((await auditOf(`complaint ${c.reference}`)).map((a) => a.action)).toEqual(['complaint.answer']);
    for (const reused of [{ ...answer, text: 'Other words.' }, { ...answer, id: other.id }]) {
      const res = await staffPost('complaint_answer', reused);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'cgg_idempotency_key_reused', message: 'That key was already used for another answer; reload the complaint to see what the customer has.' });
    }
    expect(await outbox()).toHaveLength(1);
    // Closed since: the answer sent under the key is still the answer, not a refusal.
    expect((await staffPost('complaint_close', { id: c.id }, 'admin')).statusCode).toBe(200);
    expect((await staffPost('complaint_answer', answer)).statusCode).toBe(200);
    // A new key is a further answer.
    const further = await staffPost('complaint_answer', { id: other.id, text: 'Your prize was sent today.', idempotency_key: randomUUID() });
    expect(further.statusCode).toBe(200);
    expect(await outbox()).toHaveLength(2);
  });

  it('refuses an empty answer naming the field, and an unknown complaint, changing nothing', async () => {
    const c = await filed();
    const empty = await staffPost('complaint_answer', { id: c.id, text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.params).toEqual({ text: 'Write the answer: the customer receives it by email.' });
    expect((await staffPost('complaint', { id: 999999 })).json()).toMatchObject({ code: 'cgg_complaint_not_found', data: { status: 404 } });
    expect(await auditOf(`complaint ${c.reference}`)).toEqual([]);
    expect((await pool.query('SELECT state FROM complaints WHERE id = $1', [c.id])).rows[0].state).toBe('open');
  });

  it('is for admin and support only: an operator, a customer and a visitor are refused', async () => {
    const c = await filed();
    for (const name of ['complaints', 'complaint', 'complaint_answer', 'complaint_close']) {
      const res = await staffPost(name, { id: c.id, text: 'x' }, 'operator');
      expect(res.statusCode, name).toBe(403);
    }
    const customer = await createCustomer(pool);
    const asCustomer = await app.inject({ method: 'POST', url: '/?rest_route=/api/v1/staff/complaints', headers: { authorization: `Bearer ${customer.token}` }, payload: {} });
    expect(asCustomer.statusCode).toBe(401);
    const asVisitor = await app.inject({ method: 'POST', url: '/?rest_route=/api/v1/staff/complaints', payload: {} });
    expect(asVisitor.statusCode).toBe(401);
  });
});
