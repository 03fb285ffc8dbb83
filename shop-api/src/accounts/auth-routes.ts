import { meetsPasswordRule, PASSWORD_RULE_MESSAGE } from '@cgg/contracts/forms';
import { clientAddress } from '../http/client-address.ts';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { passwordChangedEmail, passwordResetEmail, resetLink } from '../mail/account-emails.ts';
import type { AccountDeps } from './account-deps.ts';
import { checkAge, readLimitChoice, recordLimitChoice } from './age-and-limit.ts';
import { customerByEmail, customerById, toUser } from './customer-user.ts';
import { checkNameEmail, fieldError } from './field-errors.ts';
import { hashPassword, needsRehash, timingDummyHash, verifyPassword } from './password.ts';
import { inTransaction } from './queryable.ts';
import { invalidToken } from '../http/access-guard.ts';
import { createSession, pruneFinishedSessions, revokeOtherSessions, revokeSession, revokeSupersededSessions, supersedeSession } from './sessions.ts';
import { hashSecret, newSecret } from './tokens.ts';
import { refuseBreakElsewhere } from './break-elsewhere.ts';

export const RESET_KEY_TTL_MS = 60 * 60_000;
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that email address, we have sent it a link to reset the password. Please check your inbox.';

/** register, login, logout, check-auth, forgot_password, reset_password, login_as_user. */
/**
 * A reset key that still works ($1 its hash, $2 the link's login, $3 now): check_reset_key asks it,
 * reset_password claims it, so the two never disagree about a link.
 */
const LIVE_RESET_KEY = 'k.key_hash = $1 AND lower(c.email) = lower($2) AND k.used_at IS NULL AND k.expires_at > $3';

export function authRoutes(deps: AccountDeps): DeclaredRoute[] {
  /** A reset link to a real account, within its mail limit (http/rate-limits.ts); nothing for an unknown email. */
  async function sendResetLink(email: string, at: Date): Promise<void> {
    const customer = await customerByEmail(deps.pool, email);
    if (!customer) return;
    if (!(await deps.limits.tryTake('passwordResetMailsAccount', customer.id))) return;
    const key = newSecret();
    // The key and its mail commit together; a job worker sends the mail after.
    await inTransaction(deps.pool, async (client) => {
      await client.query('INSERT INTO password_reset_keys (customer_id, key_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
        customer.id,
        hashSecret(key),
        at,
        new Date(at.getTime() + RESET_KEY_TTL_MS),
      ]);
      await deps.mailer.send(passwordResetEmail(customer.email, customer.first_name, resetLink(deps.siteUrl, key, customer.email), key), client);
    });
  }

  const { pool, now, mailer, limits } = deps;

  async function session(customerId: number, origin: Parameters<typeof createSession>[2], at: Date) {
    return signedIn(customerId, await createSession(pool, customerId, origin, at), at);
  }

  async function signedIn(customerId: number, token: string, at: Date) {
    const customer = await customerById(pool, customerId);
    return { success: true as const, data: await toUser(pool, customer!, token, at) };
  }

  return [
    declaredRoute(routeTable.register, {
      summary: 'Creates a customer account and signs it in (a session token).',
      description: 'UK prize-draw code 1.1 and 1.4: `date_of_birth` (\'YYYY-MM-DD\') and `monthly_limit` (pounds, \'0\' allowed, or null for no limit; recorded with its time) are required. Errors: 400 field messages (\'First Name is required.\', \'Email address is invalid.\', the password rule, \'Please enter your date of birth.\', \'Please choose a monthly spending limit, or choose no limit.\'); 400 `cgg_under_18` (under 18 on the London date: nothing is stored, mailed or logged); 400 `cgg_age_not_verified` (the identity provider, when configured, refused); 400 `registration-error-email-exists` (email taken, any case); 403 `cgg_details_refused` (an account with the same name and date of birth is on a break or closed: UK code 1.5; the message does not say so; nothing stored); 429 `rest_too_many_registrations` with `Retry-After` past 50 calls from one client address in 10 minutes.',
      handler: async ({ input, request }) => {
        await limits.take('signUpAddress', clientAddress(request));
        const first = input.first_name.trim();
        const last = input.last_name.trim();
        const email = input.email.trim();
        checkNameEmail({ firstName: first, lastName: last, email }, { firstName: 'first_name', lastName: 'last_name', email: 'email' });
        if (!meetsPasswordRule(input.password)) throw fieldError('password', PASSWORD_RULE_MESSAGE);
        const at = now();
        const limitChoice = readLimitChoice(input.monthly_limit);
        // Before anything is written: someone under 18 leaves no row, mail or log line behind.
        const dateOfBirth = await checkAge(deps.ageVerifier, { firstName: first, lastName: last, email, dateOfBirth: input.date_of_birth }, 'account', at);
        await refuseBreakElsewhere(pool, { firstName: first, lastName: last, dateOfBirth, exceptCustomerId: null }, at);
        const hash = await hashPassword(input.password);
        const id = await inTransaction(pool, async (client) => {
          const { rows } = await client.query<{ id: number }>(
            `INSERT INTO customers (email, password_hash, first_name, last_name, display_name, nickname,
               billing_first_name, billing_last_name, billing_email, over_18_confirmed_at, date_of_birth, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $3, $3, $4, $1, $6, $7, $6, $6)
             ON CONFLICT DO NOTHING RETURNING id`,
            [email, hash, first, last, `${first} ${last}`, at, dateOfBirth],
          );
          if (!rows[0]) {
            // WooCommerce's answer: registration necessarily tells that the address is taken.
            throw fieldError('email', 'An account is already registered with your email address. Please log in.', 'registration-error-email-exists');
          }
          await recordLimitChoice(client, rows[0].id, limitChoice, at);
          return rows[0].id;
        });
        return session(id, 'register', at);
      },
    }),

    declaredRoute(routeTable.login, {
      summary: 'Signs a customer in with email and password (throttled after failures; 429 with Retry-After).',
      description: 'Errors: 401 `invalid_credentials` \'The email address or password you entered is incorrect.\'; 429 `too_many_attempts` with `Retry-After` after 5 failures for one account from one client address, or 30 from one address across accounts, in 15 minutes (a success forgets its own failures). Failures from another address never lock the account.',
      handler: async ({ input, request }) => {
        const at = now();
        const attempt = await limits.signInAttempt('customer', input.email, clientAddress(request));
        const customer = await customerByEmail(pool, input.email);
        // Unknown emails cost a full scrypt too, so timing does not tell which accounts exist.
        const ok = await verifyPassword(input.password, customer?.password_hash ?? (await timingDummyHash()));
        // A failure keeps the points it took; a success gives them back.
        if (!customer || !ok) throw new WpHttpError(401, 'invalid_credentials', 'The email address or password you entered is incorrect.');
        await attempt.succeeded();
        await pruneFinishedSessions(pool, customer.id, at);
        const rehashed = needsRehash(customer.password_hash) ? await hashPassword(input.password) : null;
        // The session only for the password just checked, under the customer's row: a reset (or a
        // change) that committed during the check refuses it, and one that comes after waits for it
        // and ends it with the others. The rehash never writes an old password over a new one.
        const token = await inTransaction(pool, async (client) => {
          // (A sign-in that will rehash takes the lock it writes with: two taking a share lock and
          // then both writing would deadlock.)
          const stored = (await client.query<{ password_hash: string }>(
            `SELECT password_hash FROM customers WHERE id = $1 ${rehashed ? 'FOR NO KEY UPDATE' : 'FOR SHARE'}`,
            [customer.id],
          )).rows[0];
          if (!stored) return null;
          if (stored.password_hash !== customer.password_hash) {
            // Changed during the check: another sign-in's rehash of this same password, or a new
            // password. The password given must match what is stored now.
            if (!(await verifyPassword(input.password, stored.password_hash))) return null;
          } else if (rehashed) {
            await client.query('UPDATE customers SET password_hash = $2 WHERE id = $1', [customer.id, rehashed]);
          }
          return createSession(client, customer.id, 'login', at);
        });
        if (token === null) throw new WpHttpError(401, 'invalid_credentials', 'The email address or password you entered is incorrect.');
        return signedIn(customer.id, token, at);
      },
    }),

    declaredRoute(routeTable.logout, {
      summary: 'Ends the session the customer\'s token names.',
      handler: async ({ customer: me }) => {
        const at = now();
        await revokeSession(pool, me.sessionId, at);
        await revokeSupersededSessions(pool, me.customerId, at);
        return { success: true, message: 'You have been logged out.' };
      },
    }),

    declaredRoute(routeTable.checkAuth, {
      summary: 'Checks the customer\'s token and rotates it: a new token is returned with the customer, and the presented one ends a minute later.',
      description: 'The presented token stays usable for 60 s after its first check-auth (the calls a page sent with it meanwhile, other tabs opening at once); each check-auth within that minute gets a token of its own, and none extends it. Logout ends those superseded tokens too.',
      handler: async ({ customer: me }) => {
        const at = now();
        // Rotation: the presented token is superseded (usable for the grace) and a new one returned, in one transaction.
        const token = await inTransaction(pool, async (client) => {
          // Under the customer's row, as a password reset's end of every session is: the reset
          // waits for this rotation and ends its new session too, or this waits for the reset and
          // finds the presented session ended.
          await client.query('SELECT 1 FROM customers WHERE id = $1 FOR SHARE', [me.customerId]);
          if (!(await supersedeSession(client, me.sessionId, at))) throw invalidToken();
          // An assisted session stays one, ending when it would have (sessions.ts ASSISTED_SESSION_MS).
          return me.assistedUntil ? createSession(client, me.customerId, 'login-as-user', at, me.assistedUntil) : createSession(client, me.customerId, 'check-auth', at);
        });
        const customer = await customerById(pool, me.customerId);
        return { success: true, data: await toUser(pool, customer!, token, at) };
      },
    }),

    declaredRoute(routeTable.forgotPassword, {
      summary: 'Mails a password reset link to the account of that email, if there is one; the answer is the same, and as fast, for any email.',
      description: 'Always `{success: true, message: \'If an account exists for that email address, we have sent it a link to reset the password. Please check your inbox.\'}`: the answer comes before the account is looked up, so neither the text nor the time tells whether it exists. At most 3 mails per account per 15 minutes. 429 `rest_too_many_password_resets` with `Retry-After` past 20 reset calls (this and reset_password) from one client address in 15 minutes: it says nothing of any account.',
      handler: async ({ input, request }) => {
        await limits.take('passwordResetAddress', clientAddress(request));
        // The answer waits for nothing that depends on the email: looking the account up, the
        // key and the mail happen after it, so a real account's answer takes as long as any
        // other's (bench/forgot-password.ts measures both) and nothing reveals which it was.
        const at = now();
        deps.background.run('forgot_password', () => sendResetLink(input.email, at));
        return { success: true, message: FORGOT_PASSWORD_MESSAGE };
      },
    }),

    declaredRoute(routeTable.checkResetKey, {
      summary: 'Whether a reset link still works, so its page can say so before a new password is typed; uses nothing up.',
      description: '`valid: false` for a key that is unknown, used, another login\'s, or over 1 hour old (the same test as reset_password). Shares reset_password\'s limit per client address (429 `rest_too_many_password_resets`).',
      handler: async ({ input, request }) => {
        await limits.take('passwordResetAddress', clientAddress(request));
        const { rowCount } = await pool.query(
          `SELECT 1 FROM password_reset_keys k JOIN customers c ON c.id = k.customer_id WHERE ${LIVE_RESET_KEY}`,
          [hashSecret(input.key), input.login.trim(), now()],
        );
        return { success: true as const, valid: rowCount === 1 };
      },
    }),

    declaredRoute(routeTable.resetPassword, {
      summary: 'Sets a new password with the key from a reset link (single use); every session of the account ends.',
      description: '`key` and `login` come from the mailed link `/auth/reset/password?key=...&login=<email>`. Errors: 400 the password rule (the key stays usable); 400 `invalid_key` \'This password reset link is invalid or has expired. Please request a new one.\' (unknown, used, another login\'s, or over 1 hour old); 429 `rest_too_many_password_resets` as for forgot_password. Mails \'password changed\'.',
      handler: async ({ input, request }) => {
        await limits.take('passwordResetAddress', clientAddress(request));
        if (!meetsPasswordRule(input.password)) throw fieldError('password', PASSWORD_RULE_MESSAGE);
        const at = now();
        const hash = await hashPassword(input.password);
        const customer = await inTransaction(pool, async (client) => {
          // Single use: the UPDATE claims the key; a second request finds it used.
          const { rows } = await client.query<{ customer_id: number }>(
            `UPDATE password_reset_keys k SET used_at = $3 FROM customers c
             WHERE k.customer_id = c.id AND ${LIVE_RESET_KEY}
             RETURNING k.customer_id`,
            [hashSecret(input.key), input.login.trim(), at],
          );
          const id = rows[0]?.customer_id;
          if (id === undefined) {
            throw fieldError('key', 'This password reset link is invalid or has expired. Please request a new one.', 'invalid_key');
          }
          await client.query('UPDATE customers SET password_hash = $2, updated_at = $3 WHERE id = $1', [id, hash, at]);
          // Any other outstanding link dies with it, and every session ends.
          await client.query('UPDATE password_reset_keys SET used_at = $2 WHERE customer_id = $1 AND used_at IS NULL', [id, at]);
          await revokeOtherSessions(client, id, null, at);
          const changed = await customerById(client, id);
          // Queued with the change: sent by a job worker after the commit.
          if (changed) await mailer.send(passwordChangedEmail(changed.email, changed.first_name), client);
          return changed;
        });
        // The owner proved the mailbox: no earlier wrong passwords keep them out, from anywhere.
        await limits.forgetSignInFailures('customer', customer!.email);
        return { success: true, message: 'Your password has been reset. You can now log in with your new password.' };
      },
    }),

    declaredRoute(routeTable.loginAsUser, {
      summary: 'Signs support staff in as a customer with a one-time code made by the operator CLI.',
      description: 'The code comes from `cli -- login-as-user` (single use, 5 minutes). Error: 401 `invalid_code` \'This login link is invalid or has expired.\'',
      handler: async ({ input, request }) => {
        const at = now();
        const { rows } = await pool.query<{ customer_id: number }>(
          `UPDATE login_as_user_codes SET used_at = $2, used_from = $3
           WHERE code_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING customer_id`,
          [hashSecret(input.code), at, clientAddress(request)],
        );
        const id = rows[0]?.customer_id;
        if (id === undefined) throw new WpHttpError(401, 'invalid_code', 'This login link is invalid or has expired.');
        return session(id, 'login-as-user', at);
      },
    }),
  ];
}

/** Issues a login-as-user code (admin CLI only): single use, valid 5 minutes, audited by its row. */
export const LOGIN_AS_USER_TTL_MS = 5 * 60_000;
export async function issueLoginAsUserCode(
  db: { query: AccountDeps['pool']['query'] },
  customerId: number,
  issuedBy: string,
  at: Date,
): Promise<{ code: string; expiresAt: Date }> {
  const code = newSecret();
  const expiresAt = new Date(at.getTime() + LOGIN_AS_USER_TTL_MS);
  await db.query('INSERT INTO login_as_user_codes (customer_id, code_hash, issued_by, issued_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    customerId,
    hashSecret(code),
    issuedBy,
    at,
    expiresAt,
  ]);
  return { code, expiresAt };
}
