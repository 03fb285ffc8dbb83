import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, BODY_LIMIT_BYTES } from '../app.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { createLogger } from '../lib/logger.ts';
import { CONTACT_LIMIT } from '../site/contact-routes.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';

type Line = Record<string, unknown> & { msg?: string; reqId?: string };

/** A logger made exactly as main.ts makes it, writing into an array. */
function capturedLogger(level: 'info' | 'debug' = 'info') {
  const raw: string[] = [];
  const log = createLogger({ level, stream: { write: (line: string) => void raw.push(line) } });
  return { log, raw, lines: (): Line[] => raw.map((l) => JSON.parse(l) as Line) };
}

describe('the logger (issue 18): nothing secret in a line', () => {
  const secrets = {
    token: 'tok_3f9a8b7c6d5e',
    email: 'jo.bloggs@example.co.uk',
    account: '31926819',
    sortCode: '60-16-13',
    card: '4242 4242 4242 4242',
    code: '845921',
    password: 'correct horse battery',
  };

  it('masks secret keys anywhere in an object, and emails, bearer values, codes, card and bank numbers inside any string', () => {
    const { log, raw, lines } = capturedLogger();
    log.info(
      {
        headers: { authorization: `Bearer ${secrets.token}`, cookie: `session=${secrets.token}`, 'cart-token': secrets.token },
        input: { token: secrets.token, email: secrets.email, password_1: secrets.password, bank: { account_number: secrets.account, sort_code: '601613' } },
        claim: { code: secrets.code, reset_key: secrets.token },
        payment_data: [{ key: 'card_number', value: secrets.card }],
        to: secrets.email,
      },
      `mail to ${secrets.email} failed; paid with ${secrets.card}, account ${secrets.account} sort code ${secrets.sortCode}, /reset?key=${secrets.token}&code=${secrets.code}, Authorization: Bearer ${secrets.token}`,
    );
    // A pg error quotes the row it refused; the error serializer cleans its text and stack.
    log.error({ err: Object.assign(new Error(`duplicate key: Key (email)=(${secrets.email}) already exists`), { code: '23505' }) }, 'insert failed');
    const text = raw.join('\n');
    for (const [what, value] of Object.entries(secrets)) expect(text, what).not.toContain(value);
    const [first, second] = lines();
    expect(first).toMatchObject({
      headers: { authorization: '[redacted]', cookie: '[redacted]', 'cart-token': '[redacted]' },
      input: { token: '[redacted]', email: '[redacted]', password_1: '[redacted]', bank: { account_number: '[redacted]', sort_code: '[redacted]' } },
      claim: { code: '[redacted]' },
      to: '[redacted]',
    });
    expect(first!.msg).toBe(
      'mail to [redacted email] failed; paid with [redacted card], account [redacted account number] sort code [redacted sort code], /reset?key=[redacted]&code=[redacted], Authorization: Bearer [redacted]',
    );
    // An error's own code is what an operator needs, and is kept.
    expect(second).toMatchObject({ msg: 'insert failed', err: { code: '23505', message: 'duplicate key: Key (email)=([redacted email]) already exists' } });
  });

  it('keeps what is not secret: ids, amounts, times, error codes', () => {
    const { log, lines } = capturedLogger();
    log.info({ order: 1234, competition_id: 77, amount: 12.5, currency_code: 'GBP', postcode_area: 'SW1A' }, 'order 1234 paid at 2026-11-26T12:00:00Z');
    expect(lines()[0]).toMatchObject({ order: 1234, competition_id: 77, amount: 12.5, currency_code: 'GBP', msg: 'order 1234 paid at 2026-11-26T12:00:00Z' });
  });
});

describe('the API with its logger, helmet and body limit', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  const captured = capturedLogger();

  beforeAll(async () => {
    db = await createTestDatabase();
    await prepareDatabase(db.pool);
    // A mailer that cannot queue: the contact message's transaction fails, so the request answers 503.
    const cannotQueue = async () => {
      throw new Error('the outbox is unavailable');
    };
    const failingMailer = { send: cannotQueue, sendAll: cannotQueue };
    app = buildApp({ pool: db.pool, logger: captured.log, requestLog: true, mailer: failingMailer });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const contact = { name: 'Sam Jones', email: 'sam.private@example.co.uk', subject: 'My prize', message: 'When will my prize be delivered?' };
  const postContact = (headers: Record<string, string>, payload: unknown = contact) =>
    app.inject({ method: 'POST', url: '/?rest_route=/api/v1/contact_us', payload: payload as object, headers: { 'x-forwarded-for': '192.0.2.91', ...headers } });

  it("carries a request's id on every one of its lines, the failure's included, and logs no email from its body", async () => {
    // All digits, like an account number: an id is never masked.
    const res = await postContact({ 'x-request-id': '20261126', authorization: 'Bearer tok_never_logged_123' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['x-request-id']).toBe('20261126');
    const mine = captured.lines().filter((l) => l.reqId === '20261126');
    // The route says why; the error handler says the request failed (with its method and path).
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'contact message could not be stored or sent', 'request failed', 'request completed']);
    expect(mine[1]).toMatchObject({ level: 50, err: { message: expect.any(String) } });
    expect(captured.raw.join('\n')).not.toContain('sam.private@example.co.uk');
    expect(captured.raw.join('\n')).not.toContain('tok_never_logged_123');
  });

  it('gives back the rate-limit point of a contact message that failed on our side (503), so retrying never locks a visitor out', async () => {
    await db.pool.query('DELETE FROM rate_limits');
    for (let i = 0; i <= CONTACT_LIMIT + 1; i++) {
      const res = await postContact({});
      expect(res.statusCode, `try ${i + 1}`).toBe(503);
      expect(res.json()).toMatchObject({ code: 'rest_contact_unavailable' });
    }
    const { rows } = await db.pool.query<{ points: number }>("SELECT points FROM rate_limits WHERE key LIKE 'contactAddress:%'");
    expect(rows.every((r) => r.points === 0)).toBe(true);
  });

  it('sends helmet\'s security headers on answers, errors and 404s alike', async () => {
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/?rest_route=/api/v1/getsettings', headers: { authorization: 'Bearer cgg-storefront' } }),
      app.inject({ method: 'POST', url: '/?rest_route=/api/v1/contact_us', payload: '{"name": ', headers: { 'content-type': 'application/json' } }),
      app.inject({ method: 'GET', url: '/wp-json/api/v1/no_such_call' }),
      app.inject({ method: 'GET', url: '/healthz' }),
      // A path whose escapes do not decode: the shop's own 404, not Fastify's bare 400.
      app.inject({ method: 'GET', url: '/wp-json/api/v1/getsettings%ZZ' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 400, 404, 200, 404]);
    expect(answers[4]!.json()).toMatchObject({ code: 'rest_no_route', data: { status: 404 } });
    expect(answers[4]!.headers['x-request-id']).toEqual(expect.any(String));
    for (const res of answers) {
      expect(res.headers).toMatchObject({
        'content-security-policy': "default-src 'none';frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'strict-transport-security': expect.stringMatching(/^max-age=\d+/),
        'referrer-policy': 'no-referrer',
        'cross-origin-resource-policy': 'same-site',
        'cross-origin-opener-policy': 'same-origin',
      });
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('refuses a body over the limit with 413 and a message saying the limit, and writes nothing', async () => {
    await db.pool.query('DELETE FROM rate_limits');
    const before = await db.pool.query<{ n: number }>('SELECT (SELECT count(*) FROM contact_messages) + (SELECT count(*) FROM email_outbox) + (SELECT count(*) FROM rate_limits) AS n');
    const res = await postContact({}, { ...contact, message: 'x'.repeat(BODY_LIMIT_BYTES) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'rest_request_too_large', message: 'The request body is too large: this call takes at most 64 KB.', data: { status: 413 } });
    const after = await db.pool.query<{ n: number }>('SELECT (SELECT count(*) FROM contact_messages) + (SELECT count(*) FROM email_outbox) + (SELECT count(*) FROM rate_limits) AS n');
    expect(after.rows[0]!.n).toEqual(before.rows[0]!.n);
  });
});
