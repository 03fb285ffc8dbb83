import { createRateLimits } from '../../http/rate-limits.ts';
import { WpHttpError } from '../../http/wp-error.ts';
import { DEFAULT_SITE_URL } from '../../config.ts';
import { createMailer } from '../../mail/mailer.ts';
import { STAFF_PASSWORD_LINK_DAYS } from '@cgg/contracts/staff';
import { resetStaffSignIn } from '../../staff/staff-sign-in-reset.ts';
import { findStaffId, operatorName, required } from '../cli-helpers.ts';
import { parseFlags, type Command } from '../command.ts';
import { generatedStaffPassword } from '../staff-password.ts';

/**
 * `staff-reset --email x [--mail-link] [--by amy]`: a member who lost their authenticator app and
 * recovery codes (or their password), the only admin included: a new password, printed once, or
 * (`--mail-link`, as the back office does) a link mailed to choose their own; their app, codes and
 * sessions gone. The same function as the back office's Reset sign-in.
 */
export const staffResetCommand: Command = {
  name: 'staff-reset',
  usage: 'staff-reset --email <email> [--mail-link] [--by <operator>]',
  summary: 'Reset a staff member\'s sign-in (lost authenticator app or password): prints a new password, or with --mail-link mails them a link to choose their own; their next sign-in enrols an app again.',
  async run(args, ctx) {
    const flags = parseFlags(args, ['email', 'by'], ['mail-link']);
    const email = required(flags, 'email').trim();
    const out = ctx.out ?? console.log;
    const id = await findStaffId(ctx.pool, email);
    if (id === null) {
      out(`No staff member has the email address ${email}.`);
      return 1;
    }
    const byName = operatorName(flags.by, ctx.operator);
    const password = flags['mail-link'] ? undefined : generatedStaffPassword();
    try {
      const member = await resetStaffSignIn(ctx.pool, createRateLimits(ctx.pool), {
        id, password, by: { staffId: null, actor: `cli:${byName}` }, now: ctx.now?.() ?? new Date(),
        link: { mailer: createMailer(ctx.pool, ctx.smtpUrl), siteUrl: ctx.siteUrl ?? DEFAULT_SITE_URL, byName },
      });
      out(`Reset the sign-in of ${member.role} #${member.id} ${member.name} <${member.email}>: their sessions have ended, and their next sign-in sets up an authenticator app again.`);
      out(password === undefined
        ? `Mailed them a link to choose a new password (it works for ${STAFF_PASSWORD_LINK_DAYS} days).`
        : `New password (give it to them privately; shown once): ${password}`);
      return 0;
    } catch (err) {
      if (!(err instanceof WpHttpError)) throw err;
      out(`Not reset: ${err.message}`);
      return 1;
    }
  },
};
