import { STAFF_PASSWORD_LINK_DAYS, type StaffMember, type StaffRole } from '@cgg/contracts/staff';
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { timingDummyHash, verifyPassword } from '../accounts/password.ts';
import { inTransaction } from '../accounts/queryable.ts';
import { hashSecret } from '../accounts/tokens.ts';
import { clientAddress } from '../http/client-address.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { dataCipher } from '../lib/data-encryption.ts';
import { auditPage, recordStaffAction, staffActor } from './audit-log.ts';
import { createStaff } from './staff-accounts.ts';
import { changeOwnStaffPassword } from './staff-password-change.ts';
import { createStaffWithLink, setStaffPasswordWithLink } from './staff-password-links.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createStaffSession, endStaffSession, findStaffSession } from './staff-sessions.ts';
import { acceptTotp, newTotpSecret, totpUri } from './staff-totp.ts';

const RECOVERY_CODES = 10;
const TOTP_FIELD = 'staff.totp_secret';

const wrongPassword = () => new WpHttpError(401, 'invalid_credentials', 'The email address or password you entered is incorrect.');
const wrongCode = () => new WpHttpError(401, 'invalid_code', 'That code is not right. Enter the current code from your authenticator app, or a recovery code.');
const signInAgain = () => new WpHttpError(401, 'invalid_token', 'Your sign-in has expired. Please enter your email and password again.');

interface StaffRow {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string;
  totp_secret: string | null;
  totp_enabled_at: Date | null;
  totp_last_step: string | null;
  password_change_due: boolean;
}

const fieldRefusal = (field: string, message: string) => new WpHttpError(400, 'rest_invalid_param', message, { params: { [field]: message } });

const member = (r: Pick<StaffRow, 'id' | 'email' | 'name' | 'role'>): StaffMember => ({ id: r.id, email: r.email, name: r.name, role: r.role });

/** Ten single-use codes like 'k3j9x-2m8qa', kept only as hashes. */
function recoveryCodes(): string[] {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODES }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Sign-in with a second factor, the signed-in staff member, staff creation and the audit log. */
export function staffRoutes(deps: { pool: pg.Pool; now: () => Date; limits: RateLimits; mailer: Mailer; siteUrl: string }): DeclaredRoute[] {
  const { pool, now, limits } = deps;
  return [
    declaredRoute(routeTable.staffLogin, {
      summary: 'A staff member\'s email and password: the first step of signing in to the back office.',
      description: 'Answers a short-lived token for the second step: `totp` (enter a code) or, on the first sign-in, `enrol-totp` with the authenticator app\'s `otpauth_uri` and `secret`. Throttled like customer sign-in (429 `too_many_attempts` with `Retry-After` after 5 failures of one email from one client address, or 30 from one address across accounts, in 15 minutes; wrong codes at the second step count too). 401 `invalid_credentials` for a wrong email or password, whichever it was.',
      handler: async ({ input, request }) => {
        const at = now();
        const attempt = await limits.signInAttempt('staff', input.email, clientAddress(request));
        const { rows } = await pool.query<StaffRow>('SELECT * FROM staff WHERE lower(email) = lower($1) AND disabled_at IS NULL', [input.email.trim()]);
        const staff = rows[0];
        // An unknown email costs the same scrypt as a known one.
        const ok = await verifyPassword(input.password, staff?.password_hash ?? (await timingDummyHash()));
        if (!staff || !ok) throw wrongPassword();
        // The right password is no failure; the pair's earlier failures stay until the second step succeeds.
        await attempt.notFailed();
        const token = await createStaffSession(pool, staff.id, 'second-factor', at);
        if (staff.totp_enabled_at) return { success: true, data: { step: 'totp', token } };
        // Not enrolled yet: the same pending secret until enrolment completes (a second try shows the same QR code).
        let secret = staff.totp_secret ? dataCipher().decrypt(staff.totp_secret, TOTP_FIELD) : null;
        if (!secret) {
          secret = newTotpSecret();
          await pool.query('UPDATE staff SET totp_secret = $2 WHERE id = $1', [staff.id, dataCipher().encrypt(secret, TOTP_FIELD)]);
        }
        return { success: true, data: { step: 'enrol-totp', token, otpauth_uri: totpUri(staff.email, secret), secret } };
      },
    }),

    declaredRoute(routeTable.staffSecondFactor, {
      summary: 'The second step: a code from the authenticator app (or a recovery code) for the token of the first. Answers the back-office session.',
      description: 'A code is good for its 30-second step or the one before, once. The first successful code completes enrolment and answers 10 recovery codes, once. The session ends after 30 idle minutes or 12 hours. 401 `invalid_code` (counted toward the throttle), 401 `invalid_token` when the first step\'s token expired (5 minutes) or was used.',
      handler: async ({ input, request }) => {
        const at = now();
        if (!input.code && !input.recovery_code) {
          throw new WpHttpError(400, 'rest_missing_callback_param', 'Enter the code from your authenticator app, or a recovery code.', { params: ['code'] });
        }
        const pending = await findStaffSession(pool, input.token, 'second-factor', at);
        if (!pending) throw signInAgain();
        const attempt = await limits.signInAttempt('staff', pending.email, clientAddress(request));
        const outcome = await inTransaction(pool, async (client) => {
          const { rows } = await client.query<StaffRow>('SELECT * FROM staff WHERE id = $1 FOR UPDATE', [pending.staffId]);
          const staff = rows[0]!;
          let recovery: string[] | undefined;
          if (input.recovery_code) {
            if (!staff.totp_enabled_at) return null;
            const used = await client.query('UPDATE staff_recovery_codes SET used_at = $3 WHERE staff_id = $1 AND code_hash = $2 AND used_at IS NULL', [
              staff.id, hashSecret(input.recovery_code), at,
            ]);
            if (used.rowCount !== 1) return null;
          } else {
            const secret = staff.totp_secret ? dataCipher().decrypt(staff.totp_secret, TOTP_FIELD) : null;
            const step = secret ? await acceptTotp(secret, input.code!, at, staff.totp_last_step === null ? null : Number(staff.totp_last_step)) : null;
            if (step === null) return null;
            await client.query('UPDATE staff SET totp_last_step = $2, totp_enabled_at = COALESCE(totp_enabled_at, $3) WHERE id = $1', [staff.id, step, at]);
            if (!staff.totp_enabled_at) {
              recovery = recoveryCodes();
              for (const code of recovery) await client.query('INSERT INTO staff_recovery_codes (staff_id, code_hash) VALUES ($1, $2)', [staff.id, hashSecret(code)]);
            }
          }
          // The first step's token works once.
          if (!(await endStaffSession(client, pending.sessionId, at))) throw signInAgain();
          const token = await createStaffSession(client, staff.id, 'signed-in', at);
          await recordStaffAction(client, {
            staffId: staff.id, actor: staffActor(staff), action: recovery ? 'staff.enrol-second-factor' : 'staff.sign-in', subject: `staff #${staff.id}`,
            after: input.recovery_code ? { with: 'recovery code' } : null, at,
          });
          return { token, staff: member(staff), passwordChangeDue: staff.password_change_due, recovery };
        });
        if (!outcome) throw wrongCode();
        await attempt.succeeded();
        return { success: true, data: { token: outcome.token, staff: outcome.staff, password_change_due: outcome.passwordChangeDue, ...(outcome.recovery ? { recovery_codes: outcome.recovery } : {}) } };
      },
    }),

    declaredRoute(routeTable.staffMe, {
      summary: 'The signed-in staff member (and a check that the session is alive; each call extends it). `password_change_due`: they must choose their own password first.',
      handler: async ({ staff }) => ({ success: true, data: { id: staff.staffId, email: staff.email, name: staff.name, role: staff.role, password_change_due: staff.passwordChangeDue } }),
    }),

    declaredRoute(routeTable.staffChangePassword, {
      summary: 'The signed-in member chooses their own password; their other sessions end.',
      description: 'Required first when the password was set by someone else (`password_change_due`: staff/create, a reset, the CLI): until then every other staff route answers 403 `cgg_staff_password_change_due`. 400 `rest_invalid_param` with `data.params.current_password` (not their password; counted toward the sign-in throttle: 429 `too_many_attempts`) or `data.params.new_password` (under 12 characters, or the same as the current one). Recorded in the audit log (`staff.password-change`, never a password).',
      handler: async ({ input, staff, request }) => {
        // A wrong current password counts as a failed sign-in: a session left open must not become a way to guess it.
        const attempt = await limits.signInAttempt('staff', staff.email, clientAddress(request));
        const outcome = await changeOwnStaffPassword(pool, { staff, current: input.current_password, next: input.new_password, now: now() });
        if (outcome === 'session-ended') throw new WpHttpError(401, 'cgg_staff_sign_in', 'Please sign in to the back office.');
        if (outcome === 'wrong-current') throw fieldRefusal('current_password', 'That is not your current password.');
        await attempt.succeeded();
        if (outcome === 'same-as-current') throw fieldRefusal('new_password', 'Choose a password you have not been using.');
        return { success: true, message: 'Your password is changed. Your other back-office sessions have ended.' };
      },
    }),

    declaredRoute(routeTable.staffLogout, {
      summary: 'Ends the staff session.',
      handler: async ({ staff }) => {
        const at = now();
        await inTransaction(pool, async (client) => {
          await endStaffSession(client, staff.sessionId, at);
          await recordStaffAction(client, { staffId: staff.staffId, actor: staffActor(staff), action: 'staff.sign-out', subject: `staff #${staff.staffId}`, at });
        });
        return { success: true, message: 'You have signed out of the back office.' };
      },
    }),

    declaredRoute(routeTable.staffCreate, {
      summary: 'Admins only: a new staff member (admin, operator or support), mailed a link to choose their password; they enrol an authenticator app at first sign-in.',
      description: `Without \`password\` (the back office) the member is mailed a link to choose their own (\`staff/set_password\`, ${STAFF_PASSWORD_LINK_DAYS} days, once), so the admin never knows it; with one (an older back office) they must replace it at their first sign-in. 400 per field (a valid email, a name, a password of at least 12 characters); 409 \`cgg_staff_exists\` for an email already used. Recorded in the audit log; the mail is queued in the same transaction.`,
      handler: async ({ input, staff }) => {
        const at = now();
        const by = { staffId: staff.staffId, actor: staffActor(staff) };
        const created = await inTransaction(pool, (client) => (input.password === undefined
          ? createStaffWithLink(client, deps.mailer, { ...input, by, byName: staff.name, siteUrl: deps.siteUrl, now: at })
          : createStaff(client, { ...input, passwordChangeDue: true, by, now: at })));
        return { success: true, data: created };
      },
    }),

    declaredRoute(routeTable.staffSetPassword, {
      summary: 'A staff member chooses their own password with the key of the link mailed to them (a new member, or a reset sign-in); every session of theirs ends.',
      description: `The key comes from the mailed link \`/admin/set-password?key=...\` (${STAFF_PASSWORD_LINK_DAYS} days, once; a newer link ends it). Errors: 400 \`rest_invalid_param\` naming \`password\` (under 12 characters; the link stays usable); 400 \`cgg_staff_link_invalid\` (unknown, used, ended by a newer one, too old, or the member disabled); 429 \`rest_too_many_password_resets\` past 20 calls from one address in 15 minutes (shared with the customers' reset calls). Audited as the member's \`staff.password-change\`; their failed sign-ins are forgotten.`,
      handler: async ({ input, request }) => {
        await limits.take('passwordResetAddress', clientAddress(request));
        const outcome = await setStaffPasswordWithLink(pool, limits, { key: input.key, password: input.password, now: now() });
        if (outcome === 'invalid') {
          throw new WpHttpError(400, 'cgg_staff_link_invalid', `This link is no longer valid: it was used, replaced by a newer one, or is more than ${STAFF_PASSWORD_LINK_DAYS} days old. Ask an admin to reset your sign-in for a new one.`);
        }
        return { success: true, message: 'Your password is set. Sign in with your email address and your new password.' };
      },
    }),

    declaredRoute(routeTable.staffAuditLog, {
      summary: 'Admins only: the audit log of staff actions, newest first, filtered by action or staff member.',
      description: 'Each entry: who (staff id and name), when, what (`staff.create`, `staff.sign-in`...), to what, and the values before and after. Nothing can change or remove an entry (the table refuses it).',
      handler: async ({ input }) => {
        const page = input.page ?? 1;
        const limit = input.limit ?? 50;
        const { entries, total } = await auditPage(pool, { page, limit, action: input.action, staffId: input.staff_id });
        return { success: true, data: entries, page, total, total_pages: Math.ceil(total / limit) };
      },
    }),
  ];
}
