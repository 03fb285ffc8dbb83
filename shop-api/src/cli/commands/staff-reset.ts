import { createRateLimits } from '../../http/rate-limits.ts';
import { WpHttpError } from '../../http/wp-error.ts';
import { resetStaffSignIn } from '../../staff/staff-sign-in-reset.ts';
import { findStaffId, operatorName, required } from '../cli-helpers.ts';
import { parseFlags, type Command } from '../command.ts';
import { generatedStaffPassword } from '../staff-password.ts';

/**
 * `staff-reset --email x [--by amy]`: a member who lost their authenticator app and recovery
 * codes (or their password), the only admin included: a new password, printed once; their app,
 * codes and sessions gone. The same function as the back office's Reset sign-in.
 */
export const staffResetCommand: Command = {
  name: 'staff-reset',
  usage: 'staff-reset --email <email> [--by <operator>]',
  summary: 'Reset a staff member\'s sign-in (lost authenticator app or password): prints a new password; their next sign-in enrols an app again.',
  async run(args, ctx) {
    const flags = parseFlags(args, ['email', 'by']);
    const email = required(flags, 'email').trim();
    const out = ctx.out ?? console.log;
    const id = await findStaffId(ctx.pool, email);
    if (id === null) {
      out(`No staff member has the email address ${email}.`);
      return 1;
    }
    const password = generatedStaffPassword();
    try {
      const member = await resetStaffSignIn(ctx.pool, createRateLimits(ctx.pool), {
        id, password, by: { staffId: null, actor: `cli:${operatorName(flags.by, ctx.operator)}` }, now: ctx.now?.() ?? new Date(),
      });
      out(`Reset the sign-in of ${member.role} #${member.id} ${member.name} <${member.email}>: their sessions have ended, and their next sign-in sets up an authenticator app again.`);
      out(`New password (give it to them privately; shown once): ${password}`);
      return 0;
    } catch (err) {
      if (!(err instanceof WpHttpError)) throw err;
      out(`Not reset: ${err.message}`);
      return 1;
    }
  },
};
