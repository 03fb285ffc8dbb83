import { tokenRequestSchema } from '@cgg/contracts/account';
import { bankDetailsErrors, BILLING_REQUIRED_MESSAGES, billingDetailsErrors, meetsPasswordRule, PASSWORD_RULE_MESSAGE, unprefixedBilling } from '@cgg/contracts/forms';
import { z } from 'zod/mini';
import { declaredRoute, type DeclaredRoute, type RouteContext } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { emailChangedEmail, passwordChangedEmail } from '../mail/account-emails.ts';
import type { AccountDeps } from './account-deps.ts';
import { refuseWhileAssisted } from './assisted-session.ts';
import { openBankDetails, sealBankDetails } from './bank-details-at-rest.ts';
import { customerById, toUser } from './customer-user.ts';
import { checkNameEmail, fieldError, throwFirst, withLengthLimit } from './field-errors.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { inTransaction } from './queryable.ts';
import { revokeOtherSessions } from './sessions.ts';
import { refuseBreakElsewhere } from './break-elsewhere.ts';

/**
 * Bank details arrive as GET query strings (spec) or POST bodies; validation is the
 * handler's so each failure carries the spec's text (the contract's regexes would
 * only say which parameter). Unknown query parameters (cache busters) are ignored.
 */
const bankDetailsRequest = z.object({
  token: z.optional(z.string().check(z.maxLength(512))),
  account_number: z.optional(z.string().check(z.maxLength(64))),
  sort_code: z.optional(z.string().check(z.maxLength(64))),
});

const saveBankDetailsDeclaration = { ...routeTable.getBankDetails, request: bankDetailsRequest };

/** Spec bank details rules (the forms' own, from @cgg/contracts) plus the API's limit of 20 digits; throws for the first failure. */
function checkBankDetails(accountNumber: string, sortCode: string): void {
  const errors = bankDetailsErrors({ account_number: accountNumber, sort_code: sortCode });
  const accountFailed = errors.some((e) => e.field === 'account_number');
  if (!accountFailed && accountNumber.length > 20) throw fieldError('account_number', 'Account Number is too long.');
  throwFirst(errors);
}

/** get_user_details, updateProfile, update_user_details, get_bank_details (saves), bank_details (reads). */
export function profileRoutes(deps: AccountDeps): DeclaredRoute[] {
  const { pool, now, mailer } = deps;

  async function userOf(customerId: number, token: string, at: Date) {
    return toUser(pool, (await customerById(pool, customerId))!, token, at);
  }

  const saveBankDetails = async ({ input, customer: me }: Pick<RouteContext<typeof saveBankDetailsDeclaration>, 'input' | 'customer'>) => {
    refuseWhileAssisted(me);
    const at = now();
    const accountNumber = (input.account_number ?? '').trim();
    const sortCode = (input.sort_code ?? '').trim();
    checkBankDetails(accountNumber, sortCode);
    const sealed = sealBankDetails({ account_number: accountNumber, sort_code: sortCode });
    await pool.query('UPDATE customers SET account_number = $2, sort_code = $3, updated_at = $4 WHERE id = $1', [me.customerId, sealed.account_number, sealed.sort_code, at]);
    // The form that sent them shows them: the whole numbers, as they were saved.
    return { success: true, data: { account_number: accountNumber, sort_code: sortCode } };
  };

  /** bank_details: the saved numbers in full, for the financial details form's fields (every other answer masks them). */
  const readBankDetails = async ({ customer: me }: Pick<RouteContext<typeof routeTable.bankDetails>, 'customer'>) => {
    refuseWhileAssisted(me);
    const customer = (await customerById(pool, me.customerId))!;
    return { success: true as const, data: openBankDetails(customer) };
  };

  return [
    declaredRoute(routeTable.getUserDetails, {
      summary: 'The customer\'s account details, bank details masked.',
      handler: async ({ customer: me }) => {
        const at = now();
        return { success: true, data: await userOf(me.customerId, me.token, at) };
      },
    }),

    declaredRoute(routeTable.updateProfile, {
      summary: 'Changes the customer\'s name, email or password (the current password is needed for a new password; a new email is told to the old address).',
      description: 'Spec payload. Errors (400, the spec\'s texts): \'All feilds are required\', \'Email address is required.\', \'Email address is invalid.\', \'Please Fill all password fields.\', the password rule, \'New password and Confirm password do not match.\', \'Your current password is incorrect.\', \'This email address is already registered.\' An empty display name becomes \'First Last\'. A new password ends the other sessions and mails \'password changed\'; a new email mails the old address that it changed. Signed in by support (login-as-user): 403 `cgg_assisted_session` for a new email or password.',
      handler: async ({ customer: me, input }) => {
        const at = now();
        const first = input.account_first_name.trim();
        const last = input.account_last_name.trim();
        const email = input.account_email.trim();
        // The spec's server-side profile path answers this one text for either missing name.
        if (!first || !last) throw fieldError(first ? 'account_last_name' : 'account_first_name', 'All feilds are required');
        checkNameEmail({ firstName: first, lastName: last, email }, { firstName: 'account_first_name', lastName: 'account_last_name', email: 'account_email' });
        const { password_current: current, password_1: next, password_2: confirm } = input;
        const changingPassword = current !== '' || next !== '' || confirm !== '';
        if (changingPassword) {
          if (!current || !next || !confirm) throw fieldError(!current ? 'password_current' : !next ? 'password_1' : 'password_2', 'Please Fill all password fields.');
          if (!meetsPasswordRule(next)) throw fieldError('password_1', PASSWORD_RULE_MESSAGE);
          if (next !== confirm) throw fieldError('password_2', 'New password and Confirm password do not match.');
        }
        const display = input.account_display_name.trim() || `${first} ${last}`;
        if (display.length > 200) throw fieldError('account_display_name', 'Display name is too long.');
        const customer = (await customerById(pool, me.customerId))!;
        const changingEmail = email.toLowerCase() !== customer.email.toLowerCase();
        // Either would hand the account to whoever holds this session: the customer's own to do.
        if (changingEmail || changingPassword) refuseWhileAssisted(me);
        if (changingPassword && !(await verifyPassword(current, customer.password_hash))) {
          throw fieldError('password_current', 'Your current password is incorrect.');
        }
        const newHash = changingPassword ? await hashPassword(next) : null;
        await inTransaction(pool, async (client) => {
          const { rowCount } = await client.query(
            `UPDATE customers SET first_name = $2, last_name = $3, display_name = $4, email = $5,
               password_hash = COALESCE($6, password_hash), updated_at = $7
             WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM customers o WHERE lower(o.email) = lower($5) AND o.id <> $1)
               -- A new password only over the one just checked: a reset meanwhile is not undone.
               AND ($6::text IS NULL OR password_hash = $8)`,
            [me.customerId, first, last, display, email, newHash, at, customer.password_hash],
          );
          if (rowCount !== 1 && newHash) {
            const moved = await client.query('SELECT 1 FROM customers WHERE id = $1 AND password_hash = $2', [me.customerId, customer.password_hash]);
            if (moved.rowCount !== 1) throw fieldError('password_current', 'Your current password is incorrect.');
          }
          if (rowCount !== 1) throw fieldError('account_email', 'This email address is already registered.');
          // A new password ends every other session; this one stays signed in.
          if (newHash) await revokeOtherSessions(client, me.customerId, me.sessionId, at);
          // Queued with the change: sent by a job worker after the commit.
          if (newHash) await mailer.send(passwordChangedEmail(email, first), client);
          // The old address hears of it, so a change the customer did not make does not pass unseen.
          if (changingEmail) await mailer.send(emailChangedEmail(customer.email, first, email), client);
        }).catch((err: unknown) => {
          // Two customers claiming one address at the same moment: the unique index decides.
          if ((err as { code?: string }).code === '23505') throw fieldError('account_email', 'This email address is already registered.');
          throw err;
        });
        return { success: true, data: await userOf(me.customerId, me.token, at) };
      },
    }),

    declaredRoute(routeTable.updateUserDetails, {
      summary: 'Saves the customer\'s address and contact details.',
      description: 'Spec payload (`first_name, last_name, billing_*`). Errors in the billing form\'s order: \'First Name is required.\', \'Last Name is required.\', \'Email address is required.\' / \'Email address is invalid.\', \'Phone No. is required.\', \'House Name/No. is required.\', \'Street Address is required.\', \'Town/City is required.\', \'Postcode is required.\'; a filled phone or postcode of the wrong shape: \'Phone No. is invalid.\', \'Postcode is invalid.\' (a UK postcode; a UK number or an international +...). County optional; postcode saved upper-case; the account\'s names change only when sent non-empty. 403 `cgg_details_refused` when the new name and the date of birth match an account on a break or closed (UK code 1.5; nothing saved).',
      handler: async ({ customer: me, input }) => {
        const at = now();
        const v = Object.fromEntries(Object.entries(input).map(([k, val]) => [k, String(val).trim()])) as Record<keyof typeof input, string>;
        // The billing form's rules (shared with the forms); this call prefixes each field with billing_.
        const billing = unprefixedBilling(v);
        const [failed] = withLengthLimit(billingDetailsErrors(billing), billing, BILLING_REQUIRED_MESSAGES);
        if (failed) throw fieldError(`billing_${failed.field}`, failed.message);
        if (v.billing_state.length > 200) throw fieldError('billing_state', 'County is too long.');
        for (const field of ['first_name', 'last_name'] as const) {
          if (v[field].length > 200) throw fieldError(field, 'Name is too long.');
        }
        if (v.first_name || v.last_name) {
          // A new name is matched as a sign-up's is (UK code 1.5): renamed to the name of an account on a break, it could play.
          const { rows } = await pool.query<{ first_name: string; last_name: string; dob: string | null }>(
            'SELECT first_name, last_name, date_of_birth::text AS dob FROM customers WHERE id = $1', [me.customerId],
          );
          const was = rows[0];
          if (was?.dob) await refuseBreakElsewhere(pool, { firstName: v.first_name || was.first_name, lastName: v.last_name || was.last_name, dateOfBirth: was.dob, exceptCustomerId: me.customerId }, at);
        }
        // first_name/last_name (the account's names) change only when sent non-empty.
        await pool.query(
          `UPDATE customers SET
             first_name = COALESCE(NULLIF($2, ''), first_name), last_name = COALESCE(NULLIF($3, ''), last_name),
             billing_first_name = $4, billing_last_name = $5, billing_email = $6, billing_phone = $7,
             billing_address_1 = $8, billing_address_2 = $9, billing_city = $10, billing_postcode = $11,
             billing_state = $12, billing_country = 'GB', updated_at = $13
           WHERE id = $1`,
          [
            me.customerId, v.first_name, v.last_name, v.billing_first_name, v.billing_last_name, v.billing_email, v.billing_phone,
            v.billing_address_1, v.billing_address_2, v.billing_city, v.billing_postcode.toUpperCase(), v.billing_state, at,
          ],
        );
        return { success: true, data: await userOf(me.customerId, me.token, at) };
      },
    }),

    declaredRoute({ ...routeTable.bankDetails, request: tokenRequestSchema }, {
      summary: "The customer's bank details in full, for the screen that edits them (the only call that returns them unmasked).",
      description: '`\'\'` when none are saved. 403 `cgg_assisted_session` when signed in as the customer by support (login-as-user).',
      handler: readBankDetails,
    }),
    declaredRoute(saveBankDetailsDeclaration, {
      summary: "Saves the customer's bank details (encrypted at rest); the spec's address, with the payload in the query string.",
      description: 'Errors: \'Account Number is required.\', \'Account Number must contain only numbers.\', \'Sort Code is required.\', \'Sort Code must be 6 digits.\' (3-6 digits accepted, as the spec says). Answers what was saved. 403 `cgg_assisted_session` when signed in as the customer by support (login-as-user).',
      handler: saveBankDetails,
    }),
    declaredRoute({ ...routeTable.saveBankDetails, request: bankDetailsRequest }, {
      summary: "Saves the customer's bank details (encrypted at rest); the same as the GET, with the payload in a JSON body, out of URLs and logs.",
      description: 'Errors as the GET (403 `cgg_assisted_session` when signed in as the customer by support).',
      handler: saveBankDetails,
    }),
  ];
}
