import { staffRoleSchema } from '@cgg/contracts/staff';
import { inTransaction } from '../../accounts/queryable.ts';
import { WpHttpError } from '../../http/wp-error.ts';
import { createStaff } from '../../staff/staff-accounts.ts';
import { operatorName, required } from '../cli-helpers.ts';
import { generatedStaffPassword } from '../staff-password.ts';
import { parseFlags, UsageError, type Command } from '../command.ts';

/** `staff-create --email x --name "Amy" --role admin [--by amy]`: a staff member with a one-time password to change. */
export const staffCreateCommand: Command = {
  name: 'staff-create',
  usage: 'staff-create --email <email> --name "<name>" --role <admin|operator|support> [--by <operator>]',
  summary: 'Create a back-office staff member; prints a generated password (16 characters). The first sign-in enrols an authenticator app.',
  async run(args, ctx) {
    const flags = parseFlags(args, ['email', 'name', 'role', 'by']);
    const role = staffRoleSchema.safeParse(required(flags, 'role'));
    if (!role.success) throw new UsageError('--role must be admin, operator or support.');
    const password = generatedStaffPassword();
    const out = ctx.out ?? console.log;
    try {
      const member = await inTransaction(ctx.pool, (client) =>
        createStaff(client, {
          email: required(flags, 'email'), name: required(flags, 'name'), role: role.data, password, passwordChangeDue: true,
          by: { staffId: null, actor: `cli:${operatorName(flags.by, ctx.operator)}` }, now: ctx.now?.() ?? new Date(),
        }),
      );
      out(`Created ${member.role} #${member.id} ${member.name} <${member.email}>.`);
      out(`Password (give it to them privately; shown once): ${password}`);
      return 0;
    } catch (err) {
      if (!(err instanceof WpHttpError)) throw err;
      out(`Not created: ${err.message}`);
      return 1;
    }
  },
};
