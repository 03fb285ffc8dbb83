import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTestApp } from '../accounts/account-test-kit.ts';
import { inTransaction } from '../accounts/queryable.ts';
import { staffCreateCommand } from '../cli/commands/staff-create.ts';
import { staffResetCommand } from '../cli/commands/staff-reset.ts';
import { staffListCommand, staffUpdateCommand } from '../cli/commands/staff-update.ts';
import { UsageError } from '../cli/command.ts';
import { createStaff } from './staff-accounts.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { KEY_REMOVED_ONCE_SENT, sendOutboxMail } from '../mail/outbox-relay.ts';
import { routeTable } from '../http/route-table.ts';
import { billing, cardPayment, createCompetition, createCustomer } from '../store/store-fixtures.ts';
import { payCheckout, storeInject, type StoreClientState } from '../store/store-test-kit.ts';

let t: Awaited<ReturnType<typeof accountTestApp>>;
beforeAll(async () => {
  t = await accountTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Staff!Pass-2026';
let seq = 0;
const staffPost = (name: string, payload: unknown, bearer?: string) =>
  t.app.inject({ method: 'POST', url: `/?rest_route=/api/v1/staff/${name}`, headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) }, payload: payload as object });

async function newStaff(role: 'admin' | 'operator' | 'support' = 'operator') {
  const email = `staff${++seq}@cgg.test`;
  const member = await inTransaction(t.pool, (client) => createStaff(client, { email, name: `Staff ${seq}`, role, password: PASSWORD, by: { staffId: null, actor: 'test' }, now: t.clock.now() }));
  return { ...member, email };
}

/** The code an authenticator app shows now (the test clock's now). */
const codeAt = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offsetSeconds });

/** Password, then enrolment with a code: the session token, the secret and the recovery codes. */
async function enrol(email: string) {
  const first = await staffPost('login', { email, password: PASSWORD });
  expect(first.statusCode).toBe(200);
  const { token, secret, step, otpauth_uri } = first.json().data;
  expect(step).toBe('enrol-totp');
  expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/CGG%20Competitions%20back%20office:/);
  const second = await staffPost('second_factor', { token, code: await codeAt(secret) });
  expect(second.statusCode).toBe(200);
  return { session: second.json().data.token as string, secret: secret as string, recovery: second.json().data.recovery_codes as string[] };
}

describe('staff sign-in with a second factor', () => {
  it('enrols an authenticator app at the first sign-in, then asks for a code every time', async () => {
    const s = await newStaff();
    const { session, secret, recovery } = await enrol(s.email);
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    expect((await staffPost('me', {}, session)).json().data).toEqual({ id: s.id, email: s.email, name: s.name, role: 'operator', password_change_due: false });

    t.clock.advance(60_000);
    const again = (await staffPost('login', { email: s.email, password: PASSWORD })).json().data;
    expect(again.step).toBe('totp');
    expect(again.secret).toBeUndefined();
    const done = await staffPost('second_factor', { token: again.token, code: await codeAt(secret) });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.recovery_codes).toBeUndefined();
  });

  it('refuses a wrong code, a used code, and a first-step token used twice', async () => {
    const s = await newStaff();
    const { secret } = await enrol(s.email);
    const used = await codeAt(secret);
    const step = (await staffPost('login', { email: s.email, password: PASSWORD })).json().data.token;
    // The code that enrolled is spent: the same step's code is refused.
    const replay = await staffPost('second_factor', { token: step, code: used });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('invalid_code');
    const wrong = await staffPost('second_factor', { token: step, code: '000000' === used ? '111111' : '000000' });
    expect(wrong.json().code).toBe('invalid_code');
    t.clock.advance(30_000);
    const ok = await staffPost('second_factor', { token: step, code: await codeAt(secret) });
    expect(ok.statusCode).toBe(200);
    t.clock.advance(30_000);
    const twice = await staffPost('second_factor', { token: step, code: await codeAt(secret) });
    expect(twice.json().code).toBe('invalid_token');
  });

  it('takes each recovery code once', async () => {
    const s = await newStaff();
    const { recovery } = await enrol(s.email);
    const token1 = (await staffPost('login', { email: s.email, password: PASSWORD })).json().data.token;
    expect((await staffPost('second_factor', { token: token1, recovery_code: recovery[0] })).statusCode).toBe(200);
    const token2 = (await staffPost('login', { email: s.email, password: PASSWORD })).json().data.token;
    expect((await staffPost('second_factor', { token: token2, recovery_code: recovery[0] })).json().code).toBe('invalid_code');
  });

  it('throttles failed sign-ins (429 with Retry-After) and tells nobody which part was wrong', async () => {
    const s = await newStaff();
    const unknown = await staffPost('login', { email: 'nobody@cgg.test', password: PASSWORD });
    const wrong = await staffPost('login', { email: s.email, password: 'not it at all' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.statusCode).toBe(401);
    for (let i = 0; i < 4; i++) await staffPost('login', { email: s.email, password: 'not it at all' });
    const throttled = await staffPost('login', { email: s.email, password: PASSWORD });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
    t.clock.advance(16 * 60_000);
  });

  it('wrong passwords for a staff member from another address do not lock them out', async () => {
    const s = await newStaff();
    const elsewhere = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/?rest_route=/api/v1/staff/login', headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.99' }, payload });
    for (let i = 0; i < 5; i++) expect((await elsewhere({ email: s.email, password: 'not it at all' })).statusCode).toBe(401);
    expect((await elsewhere({ email: s.email, password: PASSWORD })).statusCode).toBe(429);
    expect((await staffPost('login', { email: s.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('ends a session after 30 idle minutes, and after sign-out', async () => {
    const s = await newStaff();
    const { session, secret } = await enrol(s.email);
    t.clock.advance(29 * 60_000);
    expect((await staffPost('me', {}, session)).statusCode).toBe(200);
    t.clock.advance(29 * 60_000);
    expect((await staffPost('me', {}, session)).statusCode).toBe(200);
    t.clock.advance(31 * 60_000);
    expect((await staffPost('me', {}, session)).json().code).toBe('cgg_staff_sign_in');

    const step = (await staffPost('login', { email: s.email, password: PASSWORD })).json().data.token;
    const again = await staffPost('second_factor', { token: step, code: await codeAt(secret) });
    expect(again.statusCode).toBe(200);
    const live = again.json().data.token;
    expect((await staffPost('logout', {}, live)).statusCode).toBe(200);
    expect((await staffPost('me', {}, live)).statusCode).toBe(401);
  });

  it('a customer\'s session token is no staff session', async () => {
    const customerToken = await t.login({ email: 'demo@cgg.test', password: 'Demo!Pass2026' });
    expect((await staffPost('me', {}, customerToken)).json().code).toBe('cgg_staff_sign_in');
  });
});

describe('staff accounts and the audit log', () => {
  it('admins create staff from the back office and the CLI alike; each creation is in the audit log, with who did it', async () => {
    const admin = await newStaff('admin');
    const { session } = await enrol(admin.email);
    const created = await staffPost('create', { email: 'Support.Person@cgg.test', name: 'Sue Support', role: 'support', password: 'long-enough-password' }, session);
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({ email: 'support.person@cgg.test', role: 'support' });
    expect((await staffPost('create', { email: 'support.person@CGG.test', name: 'Again', role: 'support', password: 'long-enough-password' }, session)).json().code).toBe('cgg_staff_exists');
    expect((await staffPost('create', { email: 'x@cgg.test', name: 'Short', role: 'support', password: 'short' }, session)).statusCode).toBe(400);

    const lines: string[] = [];
    expect(await staffCreateCommand.run(['--email', 'ops@cgg.test', '--name', 'Olly Ops', '--role', 'operator', '--by', 'amy'], { pool: t.pool, out: (l) => lines.push(l), now: t.clock.now })).toBe(0);
    expect(lines[0]).toMatch(/^Created operator #\d+ Olly Ops <ops@cgg.test>\.$/);
    const password = /shown once\): (\S+)$/.exec(lines[1]!)![1]!;
    expect((await staffPost('login', { email: 'ops@cgg.test', password })).statusCode).toBe(200);

    const log = (await staffPost('audit_log', { action: 'staff.create' }, session)).json();
    expect(log.data.slice(0, 2).map((e: { actor: string; subject: string; after: { email: string } }) => [e.actor, e.after.email])).toEqual([
      ['cli:amy', 'ops@cgg.test'],
      [`${admin.name} <${admin.email}>`, 'support.person@cgg.test'],
    ]);
    const mine = (await staffPost('audit_log', { staff_id: admin.id }, session)).json().data.map((e: { action: string }) => e.action);
    expect(mine).toEqual(expect.arrayContaining(['staff.create', 'staff.enrol-second-factor']));
  });

  it('no one can change or delete the audit log, not even with SQL', async () => {
    await expect(t.pool.query("UPDATE staff_audit_log SET actor = 'someone else'")).rejects.toThrow(/append-only/);
    await expect(t.pool.query('DELETE FROM staff_audit_log')).rejects.toThrow(/append-only/);
    await expect(t.pool.query('TRUNCATE staff_audit_log')).rejects.toThrow(/append-only/);
  });
});

/** A customer buys `tickets` £1 tickets by card through the Store API: the order. */
async function paidByCard(tickets: number): Promise<{ id: number }> {
  const buyer = await createCustomer(t.pool);
  const c = await createCompetition(t.pool, { total: 100, maxPerUser: 100 });
  const state: StoreClientState = { bearer: buyer.token };
  await storeInject(t.app, state, 'GET', '/cart');
  expect((await storeInject(t.app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: tickets })).status).toBe(200);
  const paid = await payCheckout(t.app, state, { billing_address: billing, payment_method: 'cgg-card', payment_data: cardPayment() }, { 'idempotency-key': `order-${++seq}-abcdefgh` });
  expect(paid.status).toBe(200);
  return { id: (paid.body as { order_id: number }).order_id };
}

describe('managing staff, and refunds from the back office', () => {
  it('an admin sets a support member\'s refund limit; support refunds within it and is refused above it; the refund is the CLI\'s', async () => {
    const admin = await newStaff('admin');
    const { session: adminSession } = await enrol(admin.email);
    const support = await newStaff('support');
    const { session: supportSession } = await enrol(support.email);
    const order = await paidByCard(4);
    const refund = (session: string, amount?: string) =>
      staffPost('refund_order', { order_id: order.id, ...(amount ? { amount } : {}), reason: 'Customer asked', idempotency_key: `k-${++seq}-abcdefgh` }, session);

    expect((await refund(supportSession, '1.00')).json()).toMatchObject({ code: 'cgg_refund_over_limit', message: 'No refund limit is set for you; ask an admin to refund this order.' });
    const limited = await staffPost('update', { id: support.id, refund_limit: '2.00' }, adminSession);
    expect(limited.json().data).toMatchObject({ refund_limit: '2.00', second_factor: true, disabled: false });
    expect((await refund(supportSession, '2.50')).json().message).toBe('Your refund limit is £2.00; ask an admin to refund more.');
    const done = await refund(supportSession, '1.50');
    expect(done.json().data).toMatchObject({ amount: '1.50', order_status: 'completed', repeated: false });
    // A whole refund is more than the limit: refused; an admin may.
    expect((await refund(supportSession)).json().code).toBe('cgg_refund_over_limit');
    expect((await refund(adminSession)).json().data).toMatchObject({ order_status: 'refunded', left: '0.00', tickets_released: 4, coupons_returned: [] });

    const log = (await staffPost('audit_log', { action: 'order.refund' }, adminSession)).json().data;
    expect(log.slice(0, 2).map((e: { actor: string; staff_id: number }) => e.staff_id)).toEqual([admin.id, support.id]);
    const update = (await staffPost('audit_log', { action: 'staff.update' }, adminSession)).json().data[0];
    expect([update.before.refund_limit, update.after.refund_limit]).toEqual([null, '2.00']);
  });

  it('disabling a staff member ends their sessions at once; an admin cannot disable themselves', async () => {
    const admin = await newStaff('admin');
    const { session: adminSession } = await enrol(admin.email);
    const operator = await newStaff('operator');
    const { session: operatorSession } = await enrol(operator.email);
    expect((await staffPost('update', { id: operator.id, disabled: true }, adminSession)).json().data.disabled).toBe(true);
    expect((await staffPost('me', {}, operatorSession)).statusCode).toBe(401);
    expect((await staffPost('login', { email: operator.email, password: PASSWORD })).statusCode).toBe(401);
    expect((await staffPost('update', { id: admin.id, disabled: true }, adminSession)).json().code).toBe('cgg_staff_self');
    const list = (await staffPost('list', {}, adminSession)).json().data;
    expect(list.find((m: { id: number }) => m.id === operator.id)).toMatchObject({ disabled: true, role: 'operator' });
  });

  it('an admin resets the sign-in of a member who lost their app: new password, app and sessions gone, enrolled again; audited; never their own', async () => {
    const admin = await newStaff('admin');
    const { session: adminSession } = await enrol(admin.email);
    const lost = await newStaff('support');
    const { session: lostSession, recovery } = await enrol(lost.email);
    const NEW_PASSWORD = 'Reset!Pass-2026';

    // Checked first: nothing changes for a short password, an unknown member or the admin themselves.
    expect((await staffPost('reset_sign_in', { id: lost.id, password: 'short' }, adminSession)).statusCode).toBe(400);
    expect((await staffPost('reset_sign_in', { id: 2_000_000_000, password: NEW_PASSWORD }, adminSession)).json().code).toBe('cgg_staff_not_found');
    const self = await staffPost('reset_sign_in', { id: admin.id, password: NEW_PASSWORD }, adminSession);
    expect([self.statusCode, self.json().message]).toEqual([409, 'You cannot reset your own sign-in: ask another admin.']);
    expect((await staffPost('reset_sign_in', { id: admin.id, password: NEW_PASSWORD }, lostSession)).statusCode).toBe(403);
    // Another admin's with a password given: refused (the resetter would know the password of an account with no app).
    const otherAdmin = await newStaff('admin');
    const adminReset = await staffPost('reset_sign_in', { id: otherAdmin.id, password: NEW_PASSWORD }, adminSession);
    expect([adminReset.statusCode, adminReset.json().code]).toEqual([409, 'cgg_staff_reset_admin']);
    expect((await staffPost('me', {}, lostSession)).statusCode).toBe(200);

    // They had locked themselves out trying to remember it: the reset lets them in at once.
    for (let i = 0; i < 5; i++) await staffPost('login', { email: lost.email, password: 'not it at all' });
    expect((await staffPost('login', { email: lost.email, password: PASSWORD })).statusCode).toBe(429);

    const done = await staffPost('reset_sign_in', { id: lost.id, password: NEW_PASSWORD }, adminSession);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ id: lost.id, second_factor: false, disabled: false, role: 'support' });
    // Signed out at once; the old password and the old recovery codes are no good; the new password enrols an app again.
    expect((await staffPost('me', {}, lostSession)).statusCode).toBe(401);
    expect((await staffPost('login', { email: lost.email, password: PASSWORD })).statusCode).toBe(401);
    const login = (await staffPost('login', { email: lost.email, password: NEW_PASSWORD })).json().data;
    expect(login.step).toBe('enrol-totp');
    expect((await staffPost('second_factor', { token: login.token, recovery_code: recovery[0] })).statusCode).toBe(401);
    t.clock.advance(60_000);
    const again = (await staffPost('login', { email: lost.email, password: NEW_PASSWORD })).json().data;
    expect((await staffPost('second_factor', { token: again.token, code: await codeAt(again.secret) })).statusCode).toBe(200);

    const audit = await t.pool.query("SELECT staff_id, actor, before, after FROM staff_audit_log WHERE action = 'staff.reset-sign-in' AND subject = $1", [`staff #${lost.id}`]);
    expect(audit.rows).toEqual([{ staff_id: admin.id, actor: `${admin.name} <${admin.email}>`, before: { second_factor: true }, after: { second_factor: false, sessions_ended: 1, password: 'set by the resetter' } }]);
    expect(JSON.stringify(audit.rows)).not.toContain(NEW_PASSWORD);
  });

  it('the CLI resets the sign-in of anyone, the only admin included, and prints the new password once', async () => {
    const admin = await newStaff('admin');
    await enrol(admin.email);
    const lines: string[] = [];
    expect(await staffResetCommand.run(['--email', admin.email.toUpperCase(), '--by', 'amy'], { pool: t.pool, out: (l) => lines.push(l), now: t.clock.now })).toBe(0);
    expect(lines[0]).toBe(`Reset the sign-in of admin #${admin.id} ${admin.name} <${admin.email}>: their sessions have ended, and their next sign-in sets up an authenticator app again.`);
    const password = /shown once\): (\S+)$/.exec(lines[1]!)![1]!;
    expect(password).toHaveLength(16);
    expect((await staffPost('login', { email: admin.email, password })).json().data.step).toBe('enrol-totp');
    const audit = await t.pool.query("SELECT staff_id, actor FROM staff_audit_log WHERE action = 'staff.reset-sign-in' AND subject = $1", [`staff #${admin.id}`]);
    expect(audit.rows).toEqual([{ staff_id: null, actor: 'cli:amy' }]);

    const unknown: string[] = [];
    expect(await staffResetCommand.run(['--email', 'nobody@cgg.test'], { pool: t.pool, out: (l) => unknown.push(l) })).toBe(1);
    expect(unknown).toEqual(['No staff member has the email address nobody@cgg.test.']);
  });

  it('a member whose password an admin set chooses their own before anything else; their other sessions end', async () => {
    const admin = await newStaff('admin');
    const { session: adminSession } = await enrol(admin.email);
    const email = `chosen${++seq}@cgg.test`;
    expect((await staffPost('create', { email, name: 'Cho Chosen', role: 'operator', password: PASSWORD }, adminSession)).statusCode).toBe(200);
    const login = (await staffPost('login', { email, password: PASSWORD })).json().data;
    const first = (await staffPost('second_factor', { token: login.token, code: await codeAt(login.secret) })).json().data;
    expect(first.password_change_due).toBe(true);
    t.clock.advance(60_000);
    const otherLogin = (await staffPost('login', { email, password: PASSWORD })).json().data;
    const other = (await staffPost('second_factor', { token: otherLogin.token, code: await codeAt(login.secret) })).json().data.token as string;

    // Until then: who they are and signing out, nothing else.
    expect((await staffPost('me', {}, first.token)).json().data).toMatchObject({ email, password_change_due: true });
    const refused = await staffPost('competitions', { stage: 'open' }, first.token);
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([403, 'cgg_staff_password_change_due', 'Choose your own password first: the one you signed in with was set by someone else.']);

    const change = (body: object) => staffPost('change_password', body, first.token);
    const wrong = await change({ current_password: 'not-my-password', new_password: 'My-Own-Pass-2026' });
    expect([wrong.statusCode, wrong.json().data.params]).toEqual([400, { current_password: 'That is not your current password.' }]);
    const same = await change({ current_password: PASSWORD, new_password: PASSWORD });
    expect([same.statusCode, same.json().data.params]).toEqual([400, { new_password: 'Choose a password you have not been using.' }]);
    expect((await change({ current_password: PASSWORD, new_password: 'short' })).statusCode).toBe(400);
    expect((await staffPost('me', {}, first.token)).json().data.password_change_due).toBe(true);

    const done = await change({ current_password: PASSWORD, new_password: 'My-Own-Pass-2026' });
    expect(done.json()).toEqual({ success: true, message: 'Your password is changed. Your other back-office sessions have ended.' });
    expect((await staffPost('me', {}, first.token)).json().data.password_change_due).toBe(false);
    expect((await staffPost('competitions', { stage: 'open' }, first.token)).statusCode).toBe(200);
    expect((await staffPost('me', {}, other)).statusCode).toBe(401);
    expect((await staffPost('login', { email, password: PASSWORD })).statusCode).toBe(401);
    expect((await staffPost('login', { email, password: 'My-Own-Pass-2026' })).statusCode).toBe(200);
    const audit = await t.pool.query("SELECT actor, after FROM staff_audit_log WHERE action = 'staff.password-change' AND subject = $1", [`staff #${first.staff.id}`]);
    expect(audit.rows).toEqual([{ actor: `Cho Chosen <${email}>`, after: { was_set_by_someone_else: true, other_sessions_ended: 1 } }]);
    expect(JSON.stringify(audit.rows)).not.toContain('My-Own-Pass');
  });

  it('a member whose password is due to change reaches no staff route but who they are, signing out and changing it', async () => {
    const admin = await newStaff('admin');
    const { session: adminSession } = await enrol(admin.email);
    const email = `gated${++seq}@cgg.test`;
    expect((await staffPost('create', { email, name: 'Gate Kept', role: 'admin', password: PASSWORD }, adminSession)).statusCode).toBe(200);
    const login = (await staffPost('login', { email, password: PASSWORD })).json().data;
    const session = (await staffPost('second_factor', { token: login.token, code: await codeAt(login.secret) })).json().data.token as string;
    const open = new Set(['staffMe', 'staffLogout', 'staffChangePassword']);
    // Signing out last: it ends the session the others are tried with.
    const staffRoutes = Object.entries(routeTable).filter(([, d]) => d.access === 'staff').sort(([a], [b]) => Number(a === 'staffLogout') - Number(b === 'staffLogout'));
    expect(staffRoutes.length).toBeGreaterThan(40);
    for (const [name, d] of staffRoutes) {
      // The gate comes before the payload is read: an empty one is enough to be refused.
      const res = await t.app.inject({ method: d.method, url: `/?rest_route=${d.route}`, headers: { authorization: `Bearer ${session}`, ...(d.method === 'GET' ? {} : { 'content-type': 'application/json' }) }, ...(d.method === 'GET' ? {} : { payload: {} }) });
      if (open.has(name)) expect(res.statusCode, name).not.toBe(403);
      else expect([res.statusCode, res.json().code], name).toEqual([403, 'cgg_staff_password_change_due']);
    }
  });

  it('the CLI\'s new member and a reset sign-in choose their own password too; a member who chose theirs is not asked', async () => {
    const lines: string[] = [];
    const email = `cli-made${++seq}@cgg.test`;
    expect(await staffCreateCommand.run(['--email', email, '--name', 'Cli Made', '--role', 'support'], { pool: t.pool, out: (l) => lines.push(l) })).toBe(0);
    const due = await t.pool.query('SELECT password_change_due FROM staff WHERE email = $1', [email]);
    expect(due.rows).toEqual([{ password_change_due: true }]);
    const chose = await newStaff('support');
    const { session } = await enrol(chose.email);
    expect((await staffPost('me', {}, session)).json().data.password_change_due).toBe(false);
    expect(await staffResetCommand.run(['--email', chose.email], { pool: t.pool, out: () => {} })).toBe(0);
    expect((await t.pool.query('SELECT password_change_due FROM staff WHERE id = $1', [chose.id])).rows).toEqual([{ password_change_due: true }]);
  });

  it('the CLI lists staff and changes a member as the back office does: role, refund limit, disabled (signed out), audited', async () => {
    const member = await newStaff('operator');
    const { session } = await enrol(member.email);
    const lines: string[] = [];
    const run = (args: string[]) => staffUpdateCommand.run(args, { pool: t.pool, out: (l) => lines.push(l), now: t.clock.now });
    expect(await run(['--email', member.email, '--role', 'support', '--refund-limit', '25', '--by', 'amy'])).toBe(0);
    expect(lines.at(-1)).toBe(`#${member.id} ${member.name} <${member.email}> is now support, refunds up to £25.00, enabled.`);
    expect(await run(['--email', member.email.toUpperCase(), '--disable'])).toBe(0);
    expect((await staffPost('me', {}, session)).statusCode).toBe(401);
    expect(await run(['--email', member.email, '--enable', '--refund-limit', 'none'])).toBe(0);
    expect(lines.at(-1)).toBe(`#${member.id} ${member.name} <${member.email}> is now support, enabled.`);
    const audit = await t.pool.query("SELECT actor, before->>'role' AS was, after->>'role' AS now FROM staff_audit_log WHERE action = 'staff.update' AND subject = $1 ORDER BY id", [`staff #${member.id}`]);
    expect(audit.rows[0]).toEqual({ actor: 'cli:amy', was: 'operator', now: 'support' });
    expect(audit.rows).toHaveLength(3);

    expect(await run(['--email', 'nobody@cgg.test', '--disable'])).toBe(1);
    expect(lines.at(-1)).toBe('No staff member has the email address nobody@cgg.test.');
    await expect(run(['--email', member.email])).rejects.toThrow(UsageError);
    await expect(run(['--email', member.email, '--role', 'boss'])).rejects.toThrow('--role must be admin, operator or support.');
    await expect(run(['--email', member.email, '--disable', '--enable'])).rejects.toThrow(UsageError);

    const listed: string[] = [];
    expect(await staffListCommand.run([], { pool: t.pool, out: (l) => listed.push(l) })).toBe(0);
    expect(listed).toContain(`#${member.id}  ${member.name} <${member.email}>  support`);
  });

  it('two admins taking each other\'s admin role at once leave one admin, never none', async () => {
    const others = (await t.pool.query<{ id: number }>(`UPDATE staff SET role = 'operator' WHERE role = 'admin' AND disabled_at IS NULL RETURNING id`)).rows.map((r) => r.id);
    try {
      const a = await newStaff('admin');
      const b = await newStaff('admin');
      const [{ session: aSession }, { session: bSession }] = [await enrol(a.email), await enrol(b.email)];
      // Both past their checks before either commits: the audit log held still until both are waiting.
      const hold = await t.pool.connect();
      let answers;
      try {
        await hold.query('BEGIN');
        await hold.query('LOCK TABLE staff_audit_log IN EXCLUSIVE MODE');
        const both = Promise.all([Promise.resolve(staffPost('update', { id: b.id, role: 'support' }, aSession)), Promise.resolve(staffPost('update', { id: a.id, role: 'support' }, bSession))]);
        await expect.poll(async () => (await t.pool.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`)).rows[0].n).toBe(2);
        await hold.query('COMMIT');
        answers = await both;
      } finally {
        await hold.query('ROLLBACK').catch(() => {});
        hold.release();
      }
      // One goes through; the other is refused (the last admin, or no longer an admin by then), not a deadlock's 500.
      expect(answers.map((r) => r.statusCode).filter((s) => s === 200)).toHaveLength(1);
      expect([403, 409]).toContain(answers.find((r) => r.statusCode !== 200)!.statusCode);
      expect((await t.pool.query(`SELECT count(*)::int AS n FROM staff WHERE role = 'admin' AND disabled_at IS NULL`)).rows[0].n).toBe(1);
    } finally {
      await t.pool.query(`UPDATE staff SET role = 'admin' WHERE id = ANY($1)`, [others]);
    }
  });
});

describe('staff passwords chosen through a mailed link', () => {
  const linkMails = async (email: string) => (await t.pool.query<{ subject: string; text_body: string }>(
    'SELECT subject, text_body FROM email_outbox WHERE lower(to_address) = lower($1) ORDER BY id', [email],
  )).rows;
  const keyOf = (mail: { text_body: string } | { text: string }) => {
    const text = 'text_body' in mail ? mail.text_body : mail.text;
    return new URL(/https?:\/\/\S+\/admin\/set-password\?\S+/.exec(text)![0]).searchParams.get('key')!;
  };

  it('a member an admin adds chooses their own password with the mailed link (once); the admin never knows it', async () => {
    const admin = await newStaff('admin');
    const { session: adminSession } = await enrol(admin.email);
    const email = `invited${++seq}@cgg.test`;
    const created = await staffPost('create', { email, name: 'Ines Invited', role: 'operator' }, adminSession);
    expect(created.statusCode).toBe(200);
    const [mail, ...others] = await linkMails(email);
    expect(others).toEqual([]);
    expect(mail!.subject).toBe('Choose your password for the CGG Competitions back office');
    expect(mail!.text_body).toContain(`${admin.name} has added you to the CGG Competitions back office. Choose your password with this link within 3 days (it works once):`);
    // Nobody can sign in before the member chooses (here with the password staff of this test use).
    expect((await staffPost('login', { email, password: PASSWORD })).statusCode).toBe(401);

    const short = await staffPost('set_password', { key: keyOf(mail!), password: 'short' });
    expect([short.statusCode, short.json().data.params.password]).toEqual([400, 'A staff password has at least 12 characters.']);
    const OWN = 'Ines-Own-Pass-2026';
    const set = await staffPost('set_password', { key: keyOf(mail!), password: OWN });
    expect([set.statusCode, set.json().message]).toEqual([200, 'Your password is set. Sign in with your email address and your new password.']);
    const again = await staffPost('set_password', { key: keyOf(mail!), password: 'Someone-Else-2026' });
    expect([again.statusCode, again.json().code]).toEqual([400, 'cgg_staff_link_invalid']);

    const login = (await staffPost('login', { email, password: OWN })).json().data;
    expect(login.step).toBe('enrol-totp');
    const signedIn = await staffPost('second_factor', { token: login.token, code: await codeAt(login.secret) });
    expect((await staffPost('me', {}, signedIn.json().data.token)).json().data).toMatchObject({ email, password_change_due: false });
    const audit = await t.pool.query("SELECT actor, after FROM staff_audit_log WHERE action = 'staff.password-change' AND subject = $1", [`staff #${created.json().data.id}`]);
    expect(audit.rows).toEqual([{ actor: `Ines Invited <${email}>`, after: { through: 'mailed invite link', sessions_ended: 0 } }]);
    expect(JSON.stringify(audit.rows)).not.toContain(OWN);
  });

  it('once the link mail is sent, its stored copy holds no working key; the mail sent works', async () => {
    const admin = await newStaff('admin');
    const { session: adminSession } = await enrol(admin.email);
    const email = `sent-link${++seq}@cgg.test`;
    expect((await staffPost('create', { email, name: 'Sian Sent', role: 'support' }, adminSession)).statusCode).toBe(200);
    const { rows: [row] } = await t.pool.query<{ id: string; text_body: string }>('SELECT id, text_body FROM email_outbox WHERE lower(to_address) = lower($1)', [email]);
    const key = keyOf(row!);
    const delivered: Array<Omit<MailMessage, 'marketing' | 'keys'>> = [];
    expect(await sendOutboxMail(t.pool, Number(row!.id), { deliver: async (m) => void delivered.push(m), close: () => {} })).toBe('sent');
    expect(keyOf(delivered[0]!)).toBe(key);
    const { rows: [kept] } = await t.pool.query('SELECT text_body, html_body FROM email_outbox WHERE id = $1', [row!.id]);
    for (const body of [kept.text_body, kept.html_body]) {
      expect(body).not.toContain(key);
      expect(body).toContain(`/admin/set-password?key=${KEY_REMOVED_ONCE_SENT}`);
    }
    expect((await staffPost('set_password', { key, password: 'Sian-Own-Pass-2026' })).statusCode).toBe(200);
  });

  it('a reset sign-in mails a link (another admin\'s too); a newer link ends the older, and a link expires after 3 days or with its member disabled', async () => {
    const admin = await newStaff('admin');
    const { session: adminSession, secret: adminSecret } = await enrol(admin.email);
    const otherAdmin = await newStaff('admin');
    const { session: otherSession } = await enrol(otherAdmin.email);
    const reset = await staffPost('reset_sign_in', { id: otherAdmin.id }, adminSession);
    expect(reset.statusCode).toBe(200);
    expect((await staffPost('me', {}, otherSession)).statusCode).toBe(401);
    expect((await staffPost('login', { email: otherAdmin.email, password: PASSWORD })).statusCode).toBe(401);
    const [first] = await linkMails(otherAdmin.email);
    expect(first!.subject).toBe('Your CGG Competitions back-office sign-in was reset');
    expect(first!.text_body).toContain('If you did not ask for this, tell another admin at once.');

    // Asked again: only the newest link works.
    await staffPost('reset_sign_in', { id: otherAdmin.id }, adminSession);
    const [, second] = await linkMails(otherAdmin.email);
    expect((await staffPost('set_password', { key: keyOf(first!), password: 'First-Link-Pass-2026' })).json().code).toBe('cgg_staff_link_invalid');
    // Disabling a member ends their link: enabled again, it still does nothing (a reset mails a new one).
    expect((await staffPost('update', { id: otherAdmin.id, disabled: true }, adminSession)).statusCode).toBe(200);
    expect((await staffPost('set_password', { key: keyOf(second!), password: 'Disabled-Pass-2026' })).json().code).toBe('cgg_staff_link_invalid');
    expect((await staffPost('update', { id: otherAdmin.id, disabled: false }, adminSession)).statusCode).toBe(200);
    expect((await staffPost('set_password', { key: keyOf(second!), password: 'Enabled-Pass-2026' })).json().code).toBe('cgg_staff_link_invalid');
    // A link past its 3 days is too old.
    expect((await staffPost('reset_sign_in', { id: otherAdmin.id }, adminSession)).statusCode).toBe(200);
    const [, , late] = await linkMails(otherAdmin.email);
    t.clock.advance(3 * 86_400_000 + 1000);
    expect((await staffPost('set_password', { key: keyOf(late!), password: 'Late-Link-Pass-2026' })).json().code).toBe('cgg_staff_link_invalid');
    // A fresh one works (the admin signs in again: 3 days ended their session).
    const step = (await staffPost('login', { email: admin.email, password: PASSWORD })).json().data;
    const freshSession = (await staffPost('second_factor', { token: step.token, code: await codeAt(adminSecret) })).json().data.token;
    expect((await staffPost('reset_sign_in', { id: otherAdmin.id }, freshSession)).statusCode).toBe(200);
    const [, , , third] = await linkMails(otherAdmin.email);
    const OWN = 'Third-Link-Pass-2026';
    expect((await staffPost('set_password', { key: keyOf(third!), password: OWN })).statusCode).toBe(200);
    expect((await staffPost('login', { email: otherAdmin.email, password: OWN })).json().data.step).toBe('enrol-totp');
    const audit = await t.pool.query("SELECT after FROM staff_audit_log WHERE action = 'staff.reset-sign-in' AND subject = $1 ORDER BY id", [`staff #${otherAdmin.id}`]);
    expect(audit.rows.map((r) => r.after.password)).toEqual(['link mailed', 'link mailed', 'link mailed', 'link mailed']);
  });

  it('the same link used twice at once sets one password', async () => {
    const admin = await newStaff('admin');
    const { session: adminSession } = await enrol(admin.email);
    const email = `twice${++seq}@cgg.test`;
    await staffPost('create', { email, name: 'Tess Twice', role: 'support' }, adminSession);
    const key = keyOf((await linkMails(email))[0]!);
    const answers = await Promise.all(['Tab-One-Pass-2026', 'Tab-Two-Pass-2026'].map((password) => staffPost('set_password', { key, password })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]!.statusCode === 200 ? 'Tab-One-Pass-2026' : 'Tab-Two-Pass-2026';
    expect((await staffPost('login', { email, password: winner })).statusCode).toBe(200);
  });

  it('the CLI mails the same links with --mail-link (staff-create, staff-reset), and prints no password', async () => {
    const email = `cli.link${++seq}@cgg.test`;
    const lines: string[] = [];
    const ctx = { pool: t.pool, out: (l: string) => lines.push(l), now: t.clock.now, siteUrl: 'https://shop.example' };
    expect(await staffCreateCommand.run(['--email', email, '--name', 'Lin Link', '--role', 'support', '--mail-link', '--by', 'amy'], ctx)).toBe(0);
    expect(lines[1]).toBe('Mailed them a link to choose their password (it works for 3 days).');
    const [invite] = await linkMails(email);
    expect(invite!.text_body).toContain('amy has added you to the CGG Competitions back office.');
    expect(invite!.text_body).toContain('https://shop.example/admin/set-password?key=');
    expect(await staffResetCommand.run(['--email', email, '--mail-link', '--by', 'amy'], ctx)).toBe(0);
    expect(lines[3]).toBe('Mailed them a link to choose a new password (it works for 3 days).');
    const [, reset] = await linkMails(email);
    expect((await staffPost('set_password', { key: keyOf(invite!), password: 'Invite-Link-Pass-2026' })).json().code).toBe('cgg_staff_link_invalid');
    expect(lines.join('\n')).not.toMatch(/shown once/);
    // A reset with a printed password ends the link mailed before it: it cannot set a password over that one.
    expect(await staffResetCommand.run(['--email', email, '--by', 'amy'], ctx)).toBe(0);
    const printed = /shown once\): (\S+)$/.exec(lines[5]!)![1]!;
    expect((await staffPost('set_password', { key: keyOf(reset!), password: 'Reset-Link-Pass-2026' })).json().code).toBe('cgg_staff_link_invalid');
    expect((await staffPost('login', { email, password: printed })).json().data.step).toBe('enrol-totp');
  });

  it('an unknown key changes nothing', async () => {
    const answer = await staffPost('set_password', { key: 'not-a-real-key', password: 'Whatever-Pass-2026' });
    expect([answer.statusCode, answer.json().message]).toEqual([400, 'This link is no longer valid: it was used, replaced by a newer one, or is more than 3 days old. Ask an admin to reset your sign-in for a new one.']);
  });
});
