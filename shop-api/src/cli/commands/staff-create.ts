import { staffRoleSchema } from '@cgg/contracts/staff';
import { inTransaction } from '../../accounts/queryable.ts';
import { WpHttpError } from '../../http/wp-error.ts';
import { DEFAULT_SITE_URL } from '../../config.ts';
import { createMailer } from '../../mail/mailer.ts';
import { createStaff } from '../../staff/staff-accounts.ts';
import { STAFF_PASSWORD_LINK_DAYS } from '@cgg/contracts/staff';
import { createStaffWithLink } from '../../staff/staff-password-links.ts';
import { operatorName, required } from '../cli-helpers.ts';
import { generatedStaffPassword } from '../staff-password.ts';
import { parseFlags, UsageError, type Command } from '../command.ts';

/**
 * `staff-create --email x --name "Amy" --role admin [--mail-link] [--by amy]`: a staff member with a
 * one-time password to change, or (`--mail-link`, as the back office does) mailed a link to choose
 * their own.
 */
export const staffCreateCommand: Command = {
  name: 'staff-create',
  usage: 'staff-create --email <email> --name "<name>" --role <admin|operator|support> [--mail-link] [--by <operator>]',
  summary: 'Create a back-office staff member; prints a generated password (16 characters), or with --mail-link mails them a link to choose their own. The first sign-in enrols an authenticator app.',
  async run(args, ctx) {
    const flags = parseFlags(args, ['email', 'name', 'role', 'by'], ['mail-link']);
    const role = staffRoleSchema.safeParse(required(flags, 'role'));
    if (!role.success) throw new UsageError('--role must be admin, operator or support.');
    const byName = operatorName(flags.by, ctx.operator);
    const creation = { email: required(flags, 'email'), name: required(flags, 'name'), role: role.data, by: { staffId: null, actor: `cli:${byName}` }, now: ctx.now?.() ?? new Date() };
    const password = flags['mail-link'] ? undefined : generatedStaffPassword();
    const out = ctx.out ?? console.log;
    try {
      const member = await inTransaction(ctx.pool, (client) => (password === undefined
        ? createStaffWithLink(client, createMailer(ctx.pool, ctx.smtpUrl), { ...creation, byName, siteUrl: ctx.siteUrl ?? DEFAULT_SITE_URL })
        : createStaff(client, { ...creation, password, passwordChangeDue: true })));
      out(`Created ${member.role} #${member.id} ${member.name} <${member.email}>.`);
      out(password === undefined
        ? `Mailed them a link to choose their password (it works for ${STAFF_PASSWORD_LINK_DAYS} days).`
        : `Password (give it to them privately; shown once): ${password}`);
      return 0;
    } catch (err) {
      if (!(err instanceof WpHttpError)) throw err;
      out(`Not created: ${err.message}`);
      return 1;
    }
  },
};
