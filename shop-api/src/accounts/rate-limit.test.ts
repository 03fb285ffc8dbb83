import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTestApp, DEMO, NEW } from './account-test-kit.ts';
import { LOGIN_WINDOW_MS, MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ADDRESS } from './rate-limit.ts';

let t: Awaited<ReturnType<typeof accountTestApp>>;
beforeAll(async () => {
  t = await accountTestApp();
});
afterAll(() => t.close());

const from = (address: string) => ({ 'x-forwarded-for': address });

describe('login rate limits (stored in PostgreSQL)', () => {
  it(`locks an account after ${MAX_FAILURES_PER_ACCOUNT} failures for 15 minutes, even with the right password`, async () => {
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      // Different addresses: the account limit holds whoever tries.
      expect((await t.post('login', { email: DEMO.email, password: `Wrong!Pass${i}xx` }, from(`198.51.100.${i}`))).statusCode).toBe(401);
    }
    const blocked = await t.post('login', DEMO, from('198.51.100.50'));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'too_many_attempts', data: { status: 429 } });
    expect(blocked.json().message).toMatch(/^Too many failed login attempts\. Please try again in 15 minutes/);
    expect(Number(blocked.headers['retry-after'])).toBe(15 * 60);
    // Case does not dodge it.
    expect((await t.post('login', { ...DEMO, email: 'Demo@CGG.test' }, from('198.51.100.51'))).statusCode).toBe(429);
    // Other accounts are unaffected.
    expect((await t.post('login', NEW, from('198.51.100.52'))).statusCode).toBe(200);
    t.clock.advance(LOGIN_WINDOW_MS);
    expect((await t.post('login', DEMO, from('198.51.100.53'))).statusCode).toBe(200);
  });

  it('a successful login clears its account failures', async () => {
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT - 1; i++) await t.post('login', { email: NEW.email, password: 'Wrong!Pass2026' }, from('192.0.2.1'));
    expect((await t.post('login', NEW, from('192.0.2.1'))).statusCode).toBe(200);
    expect((await t.post('login', { email: NEW.email, password: 'Wrong!Pass2026' }, from('192.0.2.1'))).statusCode).toBe(401);
    expect((await t.post('login', NEW, from('192.0.2.1'))).statusCode).toBe(200);
    t.clock.advance(LOGIN_WINDOW_MS);
  });

  it(`blocks an address after ${MAX_FAILURES_PER_ADDRESS} failures across accounts; other addresses go on`, async () => {
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      expect((await t.post('login', { email: `spray${i}@cgg.test`, password: 'Wrong!Pass2026' }, from('203.0.113.7'))).statusCode).toBe(401);
    }
    const blocked = await t.post('login', NEW, from('203.0.113.7'));
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.post('login', NEW, from('203.0.113.8'))).statusCode).toBe(200);
    const rows = await t.pool.query("SELECT count(*)::int AS n FROM login_failures WHERE address = '203.0.113.7'");
    expect(rows.rows[0].n).toBe(MAX_FAILURES_PER_ADDRESS);
  });
});
