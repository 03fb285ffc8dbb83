import { operatorName } from '../cli-helpers.ts';
import { DEFAULT_SITE_URL } from '../../config.ts';
import { issueLoginAsUserCode, LOGIN_AS_USER_TTL_MS } from '../../accounts/auth-routes.ts';
import { recordStaffAction } from '../../staff/audit-log.ts';
import { inTransaction } from '../../accounts/queryable.ts';
import { customerByEmail } from '../../accounts/customer-user.ts';
import { parseFlags, type Command } from '../command.ts';

/**
 * `login-as-user --email x [--by name]`: a single-use code, valid 5 minutes, that signs
 * the support operator in as that customer at /login-as-user?code=... The code's row
 * is the audit record: who issued it, when, for whom, and when and from where it was used.
 */
export const loginAsUserCommand: Command = {
  name: 'login-as-user',
  usage: 'login-as-user --email <customer email> [--by <operator name>]',
  summary: `Issue a single-use login-as-user code for a customer (valid ${LOGIN_AS_USER_TTL_MS / 60_000} minutes, audited).`,
  async run(args, ctx) {
    const out = ctx.out ?? console.log;
    const flags = parseFlags(args, ['email', 'by']);
    const email = typeof flags.email === 'string' ? flags.email : '';
    if (!email) {
      out('Missing --email. Usage: login-as-user --email <customer email> [--by <operator name>]');
      return 2;
    }
    const customer = await customerByEmail(ctx.pool, email);
    if (!customer) {
      out(`No customer with the email address ${email}.`);
      return 1;
    }
    const by = operatorName(flags.by, ctx.operator);
    const at = (ctx.now ?? (() => new Date()))();
    // The code and its audit entry commit together: no code that the audit log does not show.
    const { code, expiresAt } = await inTransaction(ctx.pool, async (client) => {
      const issued = await issueLoginAsUserCode(client, customer.id, by, at);
      // The code itself stays out of the log: whoever reads the log could sign in as the customer.
      await recordStaffAction(client, { staffId: null, actor: `cli:${by}`, action: 'login-as-user.issue', subject: `customer #${customer.id}`, after: { expires_at: issued.expiresAt.toISOString() }, at });
      return issued;
    });
    const site = (ctx.siteUrl ?? DEFAULT_SITE_URL).replace(/\/+$/, '');
    out(`Customer: #${customer.id} ${customer.first_name} ${customer.last_name} <${customer.email}>`);
    out(`Code:     ${code}`);
    out(`URL:      ${site}/login-as-user?code=${code}`);
    out(`Valid until ${expiresAt.toISOString()} (single use). Issued by ${by}; recorded in login_as_user_codes.`);
    return 0;
  },
};
