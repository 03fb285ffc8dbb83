import { randomBytes, scryptSync } from 'node:crypto';
import { checkAuthResponseSchema, messageResponseSchema, sessionResponseSchema } from '@cgg/contracts/account';
import { PASSWORD_RULE_MESSAGE } from '@cgg/contracts/forms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAsUserCommand } from '../cli/commands/login-as-user.ts';
import { outboxCommand } from '../cli/commands/outbox.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { KEY_REMOVED_ONCE_SENT, sendOutboxMail } from '../mail/outbox-relay.ts';
import { accountTestApp, DEMO, NEW, SAM } from './account-test-kit.ts';
import { FORGOT_PASSWORD_MESSAGE } from './auth-routes.ts';
import { ROTATION_GRACE_MS } from './sessions.ts';

let t: Awaited<ReturnType<typeof accountTestApp>>;
beforeAll(async () => {
  t = await accountTestApp();
});
afterAll(() => t.close());

const newcomer = { first_name: 'Robin', last_name: 'Hale', email: 'Robin.Hale@Example.com', password: 'Sherwood#2026x', over_18: true, date_of_birth: '1988-09-14', monthly_limit: null };

async function outboxFor(email: string): Promise<Array<{ subject: string; text_body: string }>> {
  const { rows } = await t.pool.query('SELECT subject, text_body FROM email_outbox WHERE lower(to_address) = lower($1) ORDER BY id', [email]);
  return rows;
}
const resetKeyFrom = (text: string): { key: string; login: string } => {
  const link = /https?:\/\/\S+\/auth\/reset\/password\?\S+/.exec(text)![0];
  const url = new URL(link);
  return { key: url.searchParams.get('key')!, login: url.searchParams.get('login')! };
};

describe('register', () => {
  it('creates the customer and returns a session', async () => {
    const res = await t.post('register', newcomer);
    expect(res.statusCode).toBe(200);
    const user = sessionResponseSchema.parse(res.json()).data;
    expect(user).toMatchObject({ first_name: 'Robin', email: 'Robin.Hale@Example.com', name: 'Robin Hale', billing_email: 'Robin.Hale@Example.com' });
    expect(user.token).toMatch(/^[\w-]{43}$/);
    const stored = await t.pool.query('SELECT password_hash, over_18_confirmed_at FROM customers WHERE id = $1', [user.id]);
    expect(stored.rows[0].password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(stored.rows[0].password_hash).not.toContain(newcomer.password);
    // Only the token's hash is stored.
    const sessions = await t.pool.query('SELECT token_hash FROM customer_sessions WHERE customer_id = $1', [user.id]);
    expect(sessions.rows[0].token_hash.toString('hex')).not.toContain(Buffer.from(user.token).toString('hex'));
  });

  it('refuses the same email in another case', async () => {
    const res = await t.post('register', { ...newcomer, email: 'robin.hale@example.COM' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'registration-error-email-exists', success: false });
  });

  it.each([
    [{ password: 'short1!' }, PASSWORD_RULE_MESSAGE],
    [{ password: 'nodigitsatall!!' }, PASSWORD_RULE_MESSAGE],
    [{ password: 'nospecial12345' }, PASSWORD_RULE_MESSAGE],
    [{ password: '123456789012!' }, PASSWORD_RULE_MESSAGE],
    [{ email: 'not-an-email' }, 'Email address is invalid.'],
    [{ first_name: '   ' }, 'First Name is required.'],
  ])('refuses %o with the spec message and writes nothing', async (over, message) => {
    const before = await t.pool.query('SELECT count(*)::int AS n FROM customers');
    const res = await t.post('register', { ...newcomer, email: 'other@example.com', ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, error: message, success: false, data: { status: 400 } });
    expect((await t.pool.query('SELECT count(*)::int AS n FROM customers')).rows).toEqual(before.rows);
  });

  it('requires the over-18 confirmation', async () => {
    const res = await t.post('register', { ...newcomer, email: 'kid@example.com', over_18: false });
    expect(res.statusCode).toBe(400);
  });
});

describe('login, check-auth rotation, logout', () => {
  it('logs in case-insensitively and refuses a wrong password', async () => {
    expect((await t.post('login', { email: 'DEMO@CGG.TEST', password: DEMO.password })).statusCode).toBe(200);
    const bad = await t.post('login', { email: DEMO.email, password: 'Wrong!Pass2026' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('invalid_credentials');
    const unknown = await t.post('login', { email: 'ghost@cgg.test', password: 'Wrong!Pass2026' });
    expect(unknown.json()).toEqual(bad.json());
  });

  it('check-auth returns the user with a new token; the presented one works for a minute more, then ends', async () => {
    const first = await t.login(NEW);
    const res = await t.post('check-auth', { token: first });
    expect(res.statusCode).toBe(200);
    const user = checkAuthResponseSchema.parse(res.json()).data;
    expect(user.email).toBe(NEW.email);
    expect(user.token).not.toBe(first);
    // A call the page sent with the old token while check-auth ran, or a page left before its answer came.
    t.clock.advance(ROTATION_GRACE_MS - 1000);
    expect((await t.post('get_user_details', { token: first })).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await t.post('get_user_details', { token: first })).json().code).toBe('invalid_token');
    expect((await t.post('check-auth', { token: first })).statusCode).toBe(401);
    expect((await t.post('get_user_details', { token: user.token })).statusCode).toBe(200);
  });

  it('two concurrent check-auths with one token (two tabs opening at once) each get a token of their own', async () => {
    const token = await t.login(NEW);
    const results = await Promise.all([t.post('check-auth', { token }), t.post('check-auth', { token })]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const [a, b] = results.map((r) => checkAuthResponseSchema.parse(r.json()).data.token);
    expect(a).not.toBe(b);
    for (const next of [a, b]) expect((await t.post('get_user_details', { token: next })).statusCode).toBe(200);
  });

  it('a later check-auth with the old token gets a new one but does not lengthen its minute', async () => {
    const first = await t.login(NEW);
    expect((await t.post('check-auth', { token: first })).statusCode).toBe(200);
    t.clock.advance(40_000);
    expect((await t.post('check-auth', { token: first })).statusCode).toBe(200);
    t.clock.advance(ROTATION_GRACE_MS - 40_000);
    expect((await t.post('get_user_details', { token: first })).statusCode).toBe(401);
  });

  it('a session expires after 30 idle days, and use keeps it alive', async () => {
    const idle = await t.login(NEW);
    const used = await t.login(NEW);
    t.clock.advance(20 * 86400_000);
    expect((await t.post('get_user_details', { token: used })).statusCode).toBe(200);
    t.clock.advance(11 * 86400_000);
    expect((await t.post('get_user_details', { token: idle })).statusCode).toBe(401);
    expect((await t.post('get_user_details', { token: used })).statusCode).toBe(200);
  });

  it('logout revokes the token', async () => {
    const token = await t.login(NEW);
    expect(messageResponseSchema.parse((await t.post('logout', { token })).json()).success).toBe(true);
    expect((await t.post('check-auth', { token })).statusCode).toBe(401);
  });

  it('logout also ends the token its check-auth replaced a moment ago', async () => {
    const old = await t.login(NEW);
    const current = checkAuthResponseSchema.parse((await t.post('check-auth', { token: old })).json()).data.token;
    expect((await t.post('logout', { token: current })).statusCode).toBe(200);
    expect((await t.post('get_user_details', { token: old })).statusCode).toBe(401);
  });
});

describe('password change ends the other sessions', () => {
  it('keeps the session that changed it, revokes the rest, mails the customer', async () => {
    const keep = await t.login(SAM);
    const other = await t.login(SAM);
    const res = await t.post('updateProfile', {
      token: keep, account_first_name: 'Sam', account_last_name: 'Okafor', account_display_name: '', account_email: SAM.email,
      password_current: SAM.password, password_1: 'Brand!New2026x', password_2: 'Brand!New2026x',
    });
    expect(res.statusCode).toBe(200);
    expect((await t.post('get_user_details', { token: other })).statusCode).toBe(401);
    expect((await t.post('get_user_details', { token: keep })).statusCode).toBe(200);
    expect((await t.post('login', SAM)).statusCode).toBe(401);
    expect((await t.post('login', { email: SAM.email, password: 'Brand!New2026x' })).statusCode).toBe(200);
    expect((await outboxFor(SAM.email)).at(-1)?.subject).toBe('Your CGG Competitions password was changed');
  });
});

describe('email change', () => {
  it('tells the old address that the account\'s email changed, and to whom', async () => {
    const email = `changing-${Date.now()}@example.com`;
    const token = sessionResponseSchema.parse((await t.post('register', { ...newcomer, email })).json()).data.token;
    const res = await t.post('updateProfile', { token, account_first_name: 'Robin', account_last_name: 'Hale', account_display_name: '', account_email: `now-${email}`, password_current: '', password_1: '', password_2: '' });
    expect(res.statusCode).toBe(200);
    const told = await outboxFor(email);
    expect(told.at(-1)?.subject).toBe('Your CGG Competitions email address was changed');
    expect(told.at(-1)?.text_body).toContain(`was just changed to now-${email}. From now on we write to that address`);
    // The same address in another case is no change: nothing is mailed.
    const before = (await outboxFor(`now-${email}`)).length + (await outboxFor(email)).length;
    expect((await t.post('updateProfile', { token, account_first_name: 'Robin', account_last_name: 'Hale', account_display_name: '', account_email: `NOW-${email}`, password_current: '', password_1: '', password_2: '' })).statusCode).toBe(200);
    expect((await outboxFor(`now-${email}`)).length + (await outboxFor(email)).length).toBe(before);
  });
});

describe('forgot and reset password', () => {
  it('answers the same whether or not the account exists; mails a link only to a real one', async () => {
    const a = await t.post('forgot_password', { email: 'nobody@cgg.test' });
    const b = await t.post('forgot_password', { email: 'DEMO@cgg.test' });
    await t.settled();
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    expect(messageResponseSchema.parse(b.json()).message).toBe(FORGOT_PASSWORD_MESSAGE);
    expect(await outboxFor('nobody@cgg.test')).toHaveLength(0);
    const mail = (await outboxFor(DEMO.email)).at(-1)!;
    expect(mail.subject).toBe('Reset your CGG Competitions password');
    expect(mail.text_body).toContain('http://shop.test/auth/reset/password?key=');
  });

  it('once the reset mail is sent, its stored copy holds no working key; the mail sent works', async () => {
    await t.post('forgot_password', { email: SAM.email });
    await t.settled();
    const { rows: [row] } = await t.pool.query<{ id: string; text_body: string }>(
      'SELECT id, text_body FROM email_outbox WHERE lower(to_address) = lower($1) ORDER BY id DESC LIMIT 1', [SAM.email],
    );
    const { key, login } = resetKeyFrom(row!.text_body);
    // As an SMTP worker sends it (mail/outbox-relay.ts).
    const delivered: Array<Omit<MailMessage, 'marketing' | 'keys'>> = [];
    expect(await sendOutboxMail(t.pool, Number(row!.id), { deliver: async (m) => void delivered.push(m), close: () => {} })).toBe('sent');
    expect(delivered[0]!.text).toContain(`?key=${key}&`);
    expect(delivered[0]!.html).toContain(`?key=${key}&amp;`);
    const { rows: [kept] } = await t.pool.query('SELECT text_body, html_body, remove_once_sent, sent_at FROM email_outbox WHERE id = $1', [row!.id]);
    expect(kept.sent_at).not.toBeNull();
    expect(kept.remove_once_sent).toBeNull();
    for (const body of [kept.text_body, kept.html_body]) {
      expect(body).not.toContain(key);
      expect(body).toContain(`?key=${KEY_REMOVED_ONCE_SENT}&`);
    }
    expect(kept.text_body).toBe(delivered[0]!.text.replace(key, KEY_REMOVED_ONCE_SENT));
    // The mail the customer got still resets the password.
    expect((await t.post('reset_password', { key, login, password: 'Sent!Mail2026x' })).statusCode).toBe(200);
  });

  it('says whether a reset link still works, using nothing up: valid until used, never for another login', async () => {
    const email = 'key.checker@example.com';
    expect((await t.post('register', { ...newcomer, email })).statusCode).toBe(200);
    await t.post('forgot_password', { email });
    await t.settled();
    const { key, login } = resetKeyFrom((await outboxFor(email)).at(-1)!.text_body);
    const check = async (body: object) => {
      const res = await t.post('check_reset_key', body);
      expect(res.statusCode).toBe(200);
      return res.json().valid as boolean;
    };
    expect(await check({ key, login })).toBe(true);
    expect(await check({ key, login })).toBe(true);
    expect(await check({ key, login: DEMO.email })).toBe(false);
    expect(await check({ key: 'not-the-key', login })).toBe(false);
    expect((await t.post('reset_password', { key, login, password: 'Checked!Key2026' })).statusCode).toBe(200);
    expect(await check({ key, login })).toBe(false);
  });

  it('resets with the emailed key once; the key is single-use; other sessions end', async () => {
    const session = await t.login(DEMO);
    await t.post('forgot_password', { email: DEMO.email });
    await t.settled();
    const { key, login } = resetKeyFrom((await outboxFor(DEMO.email)).at(-1)!.text_body);
    expect(login).toBe(DEMO.email);
    const weak = await t.post('reset_password', { key, login, password: 'weak' });
    expect(weak.json().message).toBe(PASSWORD_RULE_MESSAGE);
    const ok = await t.post('reset_password', { key, login, password: 'Reset!Pass2026' });
    expect(ok.statusCode).toBe(200);
    expect(messageResponseSchema.parse(ok.json()).success).toBe(true);
    const again = await t.post('reset_password', { key, login, password: 'Other!Pass2026' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('invalid_key');
    expect((await t.post('get_user_details', { token: session })).statusCode).toBe(401);
    expect((await t.post('login', { email: DEMO.email, password: 'Reset!Pass2026' })).statusCode).toBe(200);
    expect((await outboxFor(DEMO.email)).at(-1)!.subject).toBe('Your CGG Competitions password was changed');
  });

  it('a sign-in whose password check the reset overtook gets no session: the old password is over', async () => {
    const who = { email: 'overtaken@example.com', password: newcomer.password };
    expect((await t.post('register', { ...newcomer, email: who.email })).statusCode).toBe(200);
    const { rows } = await t.pool.query<{ id: number; password_hash: string }>('SELECT id, password_hash FROM customers WHERE email = $1', [who.email]);
    const customer = rows[0]!;
    const before = (await t.pool.query('SELECT count(*)::int AS n FROM customer_sessions WHERE customer_id = $1', [customer.id])).rows[0].n;
    // A reset under way, as reset_password does it: the new password written (the row held), then every session ended.
    const reset = await t.pool.connect();
    try {
      await reset.query('BEGIN');
      await reset.query("UPDATE customers SET password_hash = 'scrypt$changed' WHERE id = $1", [customer.id]);
      // Meanwhile a sign-in with the old password: its check passes against the password it read.
      const signingIn = Promise.resolve(t.post('login', who)); // (an inject starts when awaited)
      await expect.poll(async () => (await t.pool.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'SELECT password_hash FROM customers WHERE id = $1 FOR%'")).rows[0].n).toBe(1);
      await reset.query('UPDATE customer_sessions SET revoked_at = now() WHERE customer_id = $1 AND revoked_at IS NULL', [customer.id]);
      await reset.query('COMMIT');
      const res = await signingIn;
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('invalid_credentials');
    } finally {
      await reset.query('ROLLBACK'); // (after a failure: nothing committed holds the row)
      await t.pool.query('UPDATE customers SET password_hash = $2 WHERE id = $1', [customer.id, customer.password_hash]);
      reset.release();
    }
    expect((await t.pool.query('SELECT count(*)::int AS n FROM customer_sessions WHERE customer_id = $1', [customer.id])).rows[0].n).toBe(before);
  });

  it('two sign-ins at once that both upgrade an old password hash both sign in (no deadlock, no refusal)', async () => {
    const who = { email: 'rehash@example.com', password: newcomer.password };
    expect((await t.post('register', { ...newcomer, email: who.email })).statusCode).toBe(200);
    // The same password under weaker scrypt parameters, as an account from before they were raised.
    const salt = randomBytes(16);
    const key = scryptSync(who.password.normalize('NFKC'), salt, 32, { N: 2 ** 14, r: 8, p: 1 });
    await t.pool.query('UPDATE customers SET password_hash = $2 WHERE email = $1', [who.email, `scrypt$16384$8$1$${salt.toString('base64')}$${key.toString('base64')}`]);
    const answers = await Promise.all([Promise.resolve(t.post('login', who)), Promise.resolve(t.post('login', who)), Promise.resolve(t.post('login', who))]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const stored = (await t.pool.query<{ password_hash: string }>('SELECT password_hash FROM customers WHERE email = $1', [who.email])).rows[0]!;
    expect(stored.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
  });

  it('a key expires after an hour and only works with its own login', async () => {
    await t.post('forgot_password', { email: NEW.email });
    await t.settled();
    const { key, login } = resetKeyFrom((await outboxFor(NEW.email)).at(-1)!.text_body);
    expect((await t.post('reset_password', { key, login: DEMO.email, password: 'Reset!Pass2026' })).statusCode).toBe(400);
    t.clock.advance(61 * 60_000);
    const late = await t.post('reset_password', { key, login, password: 'Reset!Pass2026' });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('invalid_key');
  });
});

describe('login-as-user', () => {
  async function issue(email: string): Promise<{ code: string; lines: string[]; exit: number }> {
    const lines: string[] = [];
    const exit = await loginAsUserCommand.run(['--email', email, '--by', 'support-amy'], { pool: t.pool, out: (l) => lines.push(l), now: t.clock.now, siteUrl: 'http://shop.test' });
    const code = /code=([\w-]+)/.exec(lines.join('\n'))?.[1] ?? '';
    return { code, lines, exit };
  }

  it('the CLI issues a code; it signs in once, then never again; the audit row records it', async () => {
    const { code, lines, exit } = await issue(NEW.email);
    expect(exit).toBe(0);
    expect(lines.join('\n')).toContain(`http://shop.test/login-as-user?code=${code}`);
    const res = await t.post('login_as_user', { code }, { 'x-forwarded-for': '203.0.113.9' });
    expect(res.statusCode).toBe(200);
    expect(sessionResponseSchema.parse(res.json()).data.email).toBe(NEW.email);
    const again = await t.post('login_as_user', { code });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('invalid_code');
    const audit = await t.pool.query(
      'SELECT a.issued_by, a.issued_at, a.used_at, a.used_from, c.email FROM login_as_user_codes a JOIN customers c ON c.id = a.customer_id ORDER BY a.id DESC LIMIT 1',
    );
    expect(audit.rows[0]).toMatchObject({ issued_by: 'support-amy', email: NEW.email, used_from: '203.0.113.9' });
    expect(audit.rows[0].used_at).toBeInstanceOf(Date);
  });

  it('a support session is for looking, not taking over: no new email or password, no bank details, no claim; its hour is fixed', async () => {
    const email = `assisted-${Date.now()}@example.com`;
    expect((await t.post('register', { ...newcomer, email })).statusCode).toBe(200);
    const { code } = await issue(email);
    const token = sessionResponseSchema.parse((await t.post('login_as_user', { code })).json()).data.token;
    const profile = { token, account_first_name: 'Robin', account_last_name: 'Hale', account_display_name: '', account_email: email, password_current: '', password_1: '', password_2: '' };
    const refused = { code: 'cgg_assisted_session', message: 'You are signed in as this customer by our support team, so this is not allowed: only the customer can do it.' };
    // Seeing and tidying what the customer sees works.
    expect((await t.post('get_user_details', { token })).statusCode).toBe(200);
    expect((await t.post('updateProfile', { ...profile, account_display_name: 'Robin H.' })).statusCode).toBe(200);
    // What hands the account or its money to the session's holder does not.
    for (const [name, payload] of [
      ['updateProfile', { ...profile, account_email: 'taken-over@example.com' }],
      ['updateProfile', { ...profile, password_current: newcomer.password, password_1: 'Taken!Over2026x', password_2: 'Taken!Over2026x' }],
      ['bank_details', { token }],
      ['claim_prize', { token, win_kind: 'instant', win_id: 1, choice: 'credit', idempotency_key: 'assisted-claim-1' }],
      // The UK code's choices are the customer's own: support sets a break through the back office, audited.
      ['save_age_and_limit', { token, monthly_limit: null }],
      ['update_responsible_play', { token, lock_period: '24h' }],
    ] as const) {
      const res = await t.post(name, payload);
      expect([name, res.statusCode, res.json()]).toEqual([name, 403, expect.objectContaining(refused)]);
    }
    const save = await t.app.inject({ method: 'POST', url: '/wp-json/api/v1/get_bank_details', headers: { 'content-type': 'application/json' }, payload: { token, account_number: '12345678', sort_code: '112233' } });
    expect([save.statusCode, save.json().code]).toEqual([403, 'cgg_assisted_session']);
    const { rows } = await t.pool.query('SELECT email, account_number FROM customers WHERE lower(email) = lower($1)', [email]);
    expect(rows).toEqual([{ email, account_number: '' }]);
    expect((await t.post('login', { email, password: newcomer.password })).statusCode).toBe(200);
    // check-auth's new token is still support's, and ends when the first would have: an hour after it began, however used.
    t.clock.advance(50 * 60_000);
    const next = checkAuthResponseSchema.parse((await t.post('check-auth', { token })).json()).data.token;
    expect((await t.post('bank_details', { token: next })).json().code).toBe('cgg_assisted_session');
    // A second tab's check-auth with the old token (in its minute of grace): its token too ends at the hour, not with that minute.
    t.clock.advance(30_000);
    const second = checkAuthResponseSchema.parse((await t.post('check-auth', { token })).json()).data.token;
    t.clock.advance(9 * 60_000 - 30_000);
    for (const live of [next, second]) expect((await t.post('get_user_details', { token: live })).statusCode).toBe(200);
    t.clock.advance(60_000);
    for (const live of [next, second]) expect((await t.post('get_user_details', { token: live })).json().code).toBe('invalid_token');
  });

  it('a code expires after 5 minutes', async () => {
    const { code } = await issue(NEW.email);
    t.clock.advance(5 * 60_000 + 1);
    expect((await t.post('login_as_user', { code })).statusCode).toBe(401);
  });

  it('an unknown customer is exit code 1, a missing --email 2', async () => {
    expect((await issue('ghost@cgg.test')).exit).toBe(1);
    expect(await loginAsUserCommand.run([], { pool: t.pool, out: () => {} })).toBe(2);
  });
});

describe('outbox command', () => {
  it('lists mail for one address, newest first, as text or JSON', async () => {
    await t.post('forgot_password', { email: NEW.email });
    await t.settled();
    const lines: string[] = [];
    expect(await outboxCommand.run(['--to', 'NEW@cgg.test', '--limit', '1', '--json'], { pool: t.pool, out: (l) => lines.push(l) })).toBe(0);
    const mails = JSON.parse(lines[0]!);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_address: NEW.email, subject: 'Reset your CGG Competitions password' });
    expect(await outboxCommand.run(['--limit', 'x'], { pool: t.pool, out: () => {} })).toBe(2);
  });
});

describe('housekeeping', () => {
  it('a login deletes the customer sessions that ended over 30 days ago, and keeps the rest', async () => {
    const old = await t.login(NEW);
    await t.post('logout', { token: old });
    const live = await t.login(NEW);
    const count = async () => (await t.pool.query("SELECT count(*)::int AS n FROM customer_sessions s JOIN customers c ON c.id = s.customer_id WHERE c.email = 'new@cgg.test'")).rows[0].n as number;
    const before = await count();
    t.clock.advance(29 * 86400_000);
    expect((await t.post('get_user_details', { token: live })).statusCode).toBe(200);
    t.clock.advance(2 * 86400_000);
    await t.login(NEW);
    expect(await count()).toBeLessThan(before);
    expect((await t.post('get_user_details', { token: live })).statusCode).toBe(200);
  });
});
