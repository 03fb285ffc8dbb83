import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountTestApp, call, DEMO, NEW } from '../accounts/account-test-kit.ts';
import { buildApp } from '../app.ts';
import { RATE_LIMITS } from './rate-limits.ts';

let t: Awaited<ReturnType<typeof accountTestApp>>;
beforeAll(async () => {
  t = await accountTestApp();
});
afterAll(() => t.close());
// The limiter reads the system clock: tests that move it put it back.
afterEach(() => void vi.useRealTimers());

const from = (address: string) => ({ 'x-forwarded-for': address });
const PAIR = RATE_LIMITS.signInPair.points;
const PER_ADDRESS = RATE_LIMITS.signInAddress.points;
const wrong = (email: string, i = 0) => ({ email, password: `Wrong!Pass${i}xx` });

describe('sign-in limits (shared in PostgreSQL)', () => {
  it('wrong passwords typed for a customer from another address never lock the customer out', { timeout: 120_000 }, async () => {
    for (const attacker of ['198.51.100.1', '198.51.100.2']) {
      for (let i = 0; i < PAIR; i++) expect((await t.post('login', wrong(DEMO.email, i), from(attacker))).statusCode).toBe(401);
      // The attacker's own pair is locked, even with the right password...
      expect((await t.post('login', DEMO, from(attacker))).statusCode).toBe(429);
    }
    // ...the owner, from their own address, is not.
    expect((await t.post('login', DEMO, from('192.0.2.10'))).statusCode).toBe(200);
  });

  it(`the owner's own ${PAIR} failures lock their pair for 15 minutes, in the message the front ends show`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let i = 0; i < PAIR; i++) expect((await t.post('login', wrong(NEW.email, i), from('192.0.2.20'))).statusCode).toBe(401);
    const blocked = await t.post('login', NEW, from('192.0.2.20'));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'too_many_attempts', data: { status: 429, retry_after: 15 * 60 } });
    expect(blocked.json().message).toBe('Too many failed login attempts. Please try again in 15 minutes or reset your password.');
    expect(blocked.headers['retry-after']).toBe(String(15 * 60));
    // Case does not dodge it.
    expect((await t.post('login', { ...NEW, email: 'New@CGG.test' }, from('192.0.2.20'))).statusCode).toBe(429);
    // The same account from another address is let in.
    expect((await t.post('login', NEW, from('192.0.2.21'))).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 15 * 60_000);
    expect((await t.post('login', NEW, from('192.0.2.20'))).statusCode).toBe(200);
  });

  it('a success forgets its pair\'s failures', async () => {
    for (let i = 0; i < PAIR - 1; i++) await t.post('login', wrong(NEW.email), from('192.0.2.30'));
    expect((await t.post('login', NEW, from('192.0.2.30'))).statusCode).toBe(200);
    for (let i = 0; i < PAIR - 1; i++) expect((await t.post('login', wrong(NEW.email), from('192.0.2.30'))).statusCode).toBe(401);
    expect((await t.post('login', NEW, from('192.0.2.30'))).statusCode).toBe(200);
  });

  it(`blocks an address after ${PER_ADDRESS} failures across accounts; other addresses go on`, async () => {
    for (let i = 0; i < PER_ADDRESS; i++) {
      expect((await t.post('login', wrong(`spray${i}@cgg.test`), from('203.0.113.7'))).statusCode).toBe(401);
    }
    const blocked = await t.post('login', NEW, from('203.0.113.7'));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('too_many_attempts');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.post('login', NEW, from('203.0.113.8'))).statusCode).toBe(200);
    // Nothing goes to the old table any more.
    expect((await t.pool.query('SELECT count(*)::int AS n FROM login_failures')).rows[0].n).toBe(0);
   // Thirty scrypt checks: slow on a busy machine.
  }, 120_000);

  it('two API instances on one database share the counts', async () => {
    const other = buildApp({ pool: t.pool, now: t.clock.now });
    await other.ready();
    try {
      const onOther = (payload: object) =>
        other.inject({ method: 'POST', url: call('login'), headers: { 'content-type': 'application/json', ...from('192.0.2.40') }, payload });
      for (let i = 0; i < PAIR; i++) {
        const res = i % 2 ? await onOther(wrong(DEMO.email)) : await t.post('login', wrong(DEMO.email), from('192.0.2.40'));
        expect(res.statusCode).toBe(401);
      }
      expect((await onOther(DEMO)).statusCode).toBe(429);
      expect((await t.post('login', DEMO, from('192.0.2.40'))).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('attempts fired at once cannot all slip under the limit', async () => {
    const answers = await Promise.all(Array.from({ length: PAIR + 3 }, () => t.post('login', wrong(DEMO.email), from('192.0.2.50'))));
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(PAIR);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(3);
  });
});

describe('the other limited calls answer 429 with Retry-After', () => {
  it(`sign-up: ${RATE_LIMITS.signUpAddress.points} calls from one address in 10 minutes`, async () => {
    // A refused password still counts (the limit is taken first) and costs no account.
    const attempt = () => t.post('register', { first_name: 'Al', last_name: 'Bo', email: 'al@cgg.test', password: 'short', over_18: true }, from('198.51.100.60'));
    for (let i = 0; i < RATE_LIMITS.signUpAddress.points; i++) expect((await attempt()).statusCode).toBe(400);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rest_too_many_registrations', data: { status: 429 } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.post('register', { first_name: 'Al', last_name: 'Bo', email: 'al@cgg.test', password: 'short', over_18: true }, from('198.51.100.61'))).statusCode).toBe(400);
  });

  it(`password reset: ${RATE_LIMITS.passwordResetAddress.points} calls from one address in 15 minutes, asks and sets together`, async () => {
    const address = from('198.51.100.70');
    for (let i = 0; i < RATE_LIMITS.passwordResetAddress.points - 1; i++) {
      expect((await t.post('forgot_password', { email: `nobody${i}@cgg.test` }, address)).statusCode).toBe(200);
    }
    expect((await t.post('reset_password', { key: 'not-a-key', login: 'nobody@cgg.test', password: 'Fresh!Pass2026' }, address)).statusCode).toBe(400);
    const limited = await t.post('forgot_password', { email: 'nobody@cgg.test' }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rest_too_many_password_resets', data: { status: 429 } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await t.settled();
  });
});
