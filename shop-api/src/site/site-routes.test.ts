import { contactMessages, contactResponseSchema, faqsResponseSchema, legalTermsResponseSchema, postalRouteResponseSchema } from '@cgg/contracts';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-database.ts';
import { CONTACT_CONFIRMATION, CONTACT_LIMIT } from './contact-routes.ts';

let app: FastifyInstance;
let pool: pg.Pool;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, pool, close } = await createTestApp());
});
afterAll(() => close());

const get = async (name: string) => {
  const res = await app.inject({ method: 'GET', url: `/?rest_route=/api/v1/${name}`, headers: { authorization: 'Bearer cgg-storefront' } });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('site content calls', () => {
  it('get_faqs lists the seeded FAQs in order, covering entry, odds, postal entry, draws, payment, 18+ and responsible play', async () => {
    const { data } = faqsResponseSchema.parse(await get('get_faqs'));
    expect(data.length).toBeGreaterThanOrEqual(12);
    const all = data.map((f) => `${f.question} ${f.answer}`).join(' ');
    for (const topic of [/enter/i, /odds/i, /free by post/i, /draw/i, /pay/i, /18 or over/i, /spending limit/i]) expect(all).toMatch(topic);
  });

  it('an operator edit shows on the next read (content is rows, not code)', async () => {
    await pool.query("UPDATE faqs SET published = false WHERE position = 1");
    const { data } = faqsResponseSchema.parse(await get('get_faqs'));
    expect(data.find((f) => f.question === 'How do I enter a competition?')).toBeUndefined();
    await pool.query("UPDATE faqs SET published = true WHERE position = 1");
  });

  it('get_legal_terms has five tabs; tab 3 is the privacy policy', async () => {
    const { data } = legalTermsResponseSchema.parse(await get('get_legal_terms'));
    expect(data.map((t) => [t.tab, t.title])).toEqual([
      [1, 'Terms & Conditions'],
      [2, 'Competition Rules'],
      [3, 'Privacy Policy'],
      [4, 'Acceptable Use'],
      [5, 'Cookies'],
    ]);
    expect(data[0]!.updated_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('get_free_postal_route gives the address, what to write, fairness and closing rules', async () => {
    const { data } = postalRouteResponseSchema.parse(await get('get_free_postal_route'));
    expect(data.address_lines.at(-1)).toMatch(/^[A-Z]{1,2}\d/);
    expect(data.what_to_write.join(' ')).toMatch(/answer/i);
    expect(data.fairness).toMatch(/same odds/i);
    expect(data.closing_rules.join(' ')).toMatch(/closing date/i);
  });
});

describe('contact_us', () => {
  const valid = { name: 'Sam Jones', email: 'sam@example.co.uk', subject: 'My prize', message: 'When will my prize be delivered?' };
  const post = (payload: unknown, ip = '203.0.113.9') =>
    app.inject({ method: 'POST', url: '/?rest_route=/api/v1/contact_us', payload: payload as object, headers: { 'x-forwarded-for': ip } });

  beforeEach(async () => {
    await pool.query('DELETE FROM contact_messages');
    await pool.query('DELETE FROM email_outbox');
  });

  it('stores the message, mails the operator (outbox) and confirms', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(200);
    const body = contactResponseSchema.parse(res.json());
    expect(body.message).toBe(CONTACT_CONFIRMATION);
    const { rows } = await pool.query('SELECT name, email, subject, message, ip_address FROM contact_messages');
    expect(rows).toEqual([{ ...valid, ip_address: '203.0.113.9' }]);
    const mail = await pool.query('SELECT to_address, subject, text_body FROM email_outbox');
    expect(mail.rows[0].to_address).toBe('support@cggcompetitions.co.uk');
    expect(mail.rows[0].subject).toBe(`[Contact #${body.reference.slice(4)}] My prize`);
    expect(mail.rows[0].text_body).toContain('Reply to: sam@example.co.uk');
  });

  it('a message sent again under its key (twice at once, then once more) is stored and mailed once; the key with other words is refused', async () => {
    const keyed = { ...valid, idempotency_key: 'contact-key-0001' };
    const [a, b] = await Promise.all([post(keyed, '192.0.2.81'), post(keyed, '192.0.2.81')]);
    const c = await post(keyed, '192.0.2.81');
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
    expect(new Set([a.json().reference, b.json().reference, c.json().reference]).size).toBe(1);
    expect((await pool.query('SELECT count(*)::int AS n FROM contact_messages')).rows[0].n).toBe(1);
    expect((await pool.query('SELECT count(*)::int AS n FROM email_outbox')).rows[0].n).toBe(1);
    // The repeats did not use up the address's limit: a new message still goes.
    expect((await post(valid, '192.0.2.81')).statusCode).toBe(200);
    const other = await post({ ...keyed, message: 'Something else entirely, with its own words.' }, '192.0.2.82');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'cgg_idempotency_key_reused' });

    // The last message the address may send, its answer lost: sent again, it is answered, not refused by the limit.
    let last = await post(valid, '192.0.2.83');
    for (let i = 1; i < CONTACT_LIMIT; i++) last = await post({ ...valid, idempotency_key: `contact-key-last-${i}` }, '192.0.2.83');
    expect((await post(valid, '192.0.2.83')).statusCode).toBe(429);
    const again = await post({ ...valid, idempotency_key: `contact-key-last-${CONTACT_LIMIT - 1}` }, '192.0.2.83');
    expect(again.statusCode).toBe(200);
    expect(again.json().reference).toBe(last.json().reference);
  });

  it('refuses invalid fields with a message per field and stores nothing', async () => {
    const res = await post({ name: ' ', email: 'not-an-email', subject: 'Hi', message: 'short' });
    expect(res.statusCode).toBe(400);
    // In the contact page's own words (contracts' contactMessages), which it shows under each field.
    expect(res.json()).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, params: {
      name: contactMessages.nameRequired, email: contactMessages.emailInvalid, message: contactMessages.messageTooShort,
    } } });
    // Nothing that would read as two addresses in the mail's Reply-To.
    for (const email of ['x@evil.com>,<y@example.co.uk', 'a,b@example.co.uk']) {
      const odd = await post({ name: 'Al', email, subject: 'Hi', message: 'A message long enough to send.' });
      expect([odd.statusCode, odd.json().data.params], email).toEqual([400, { email: contactMessages.emailInvalid }]);
    }
    expect((await pool.query('SELECT count(*)::int AS n FROM contact_messages')).rows[0].n).toBe(0);
  });

  it(`rate-limits per address: ${CONTACT_LIMIT} per window, then 429, other addresses unaffected`, async () => {
    for (let i = 0; i < CONTACT_LIMIT; i++) expect((await post(valid, '192.0.2.60')).statusCode).toBe(200);
    const limited = await post(valid, '192.0.2.60');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rest_contact_rate_limited', data: { status: 429 } });
    expect(limited.json().message).toBe('You have sent 3 messages in the last 10 minutes. Please wait a few minutes before sending another.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(valid, '198.51.100.7')).statusCode).toBe(200);
    expect((await pool.query('SELECT count(*)::int AS n FROM contact_messages')).rows[0].n).toBe(CONTACT_LIMIT + 1);
  });

  it('holds the limit under concurrent posts from one address', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => post(valid, '192.0.2.50')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(CONTACT_LIMIT);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(8 - CONTACT_LIMIT);
  });

  it('counts the address the shell appended, not one the browser forged', async () => {
    for (let i = 0; i < CONTACT_LIMIT; i++) await post(valid, `10.0.0.${i}, 192.0.2.77`);
    expect((await post(valid, '10.9.9.9, 192.0.2.77')).statusCode).toBe(429);
  });
});
