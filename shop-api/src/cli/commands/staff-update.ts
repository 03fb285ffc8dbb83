import { staffRoleSchema } from '@cgg/contracts/staff';
import { WpHttpError } from '../../http/wp-error.ts';
import { listStaff, updateStaff } from '../../staff/staff-directory.ts';
import { findStaffId, operatorName, required } from '../cli-helpers.ts';
import { parseFlags, UsageError, type Command } from '../command.ts';

/** `staff`: every back-office member, as the Staff screen lists them. */
export const staffListCommand: Command = {
  name: 'staff',
  usage: 'staff [--json]',
  summary: 'List the back-office staff: role, refund limit, authenticator set up, disabled.',
  async run(args, ctx) {
    const out = ctx.out ?? console.log;
    const flags = parseFlags(args, [], ['json']);
    const staff = await listStaff(ctx.pool);
    if (flags.json) {
      out(JSON.stringify(staff));
      return 0;
    }
    if (staff.length === 0) out('No staff yet: add one with staff-create.');
    for (const m of staff) {
      out(`#${m.id}  ${m.name} <${m.email}>  ${m.role}${m.refund_limit ? `, refunds up to £${m.refund_limit}` : ''}${m.second_factor ? '' : ', authenticator not set up'}${m.disabled ? ', DISABLED' : ''}`);
    }
    return 0;
  },
};

/**
 * `staff-update --email x [--role r] [--refund-limit 50|none] [--disable | --enable] [--by amy]`: the
 * same change as the back office's Staff screen (`updateStaff`): the back office always keeps an
 * enabled admin, disabling ends the member's sessions, and the change is audited.
 */
export const staffUpdateCommand: Command = {
  name: 'staff-update',
  usage: 'staff-update --email <email> [--role <admin|operator|support>] [--refund-limit <pounds|none>] [--disable | --enable] [--by <operator>]',
  summary: 'Change a staff member\'s role or refund limit, or disable or re-enable them (never leaving no admin).',
  async run(args, ctx) {
    const out = ctx.out ?? console.log;
    const flags = parseFlags(args, ['email', 'role', 'refund-limit', 'by'], ['disable', 'enable']);
    const email = required(flags, 'email').trim();
    if (flags.disable && flags.enable) throw new UsageError('Choose --disable or --enable, not both.');
    const role = flags.role === undefined ? undefined : staffRoleSchema.safeParse(flags.role);
    if (role && !role.success) throw new UsageError('--role must be admin, operator or support.');
    const limit = flags['refund-limit'];
    if (typeof limit === 'string' && limit !== 'none' && !/^\d{1,6}(\.\d{1,2})?$/.test(limit)) throw new UsageError('--refund-limit is pounds (50 or 12.50), or none.');
    if (!role && limit === undefined && !flags.disable && !flags.enable) throw new UsageError('Say what to change: --role, --refund-limit, --disable or --enable.');
    const id = await findStaffId(ctx.pool, email);
    if (id === null) {
      out(`No staff member has the email address ${email}.`);
      return 1;
    }
    try {
      const m = await updateStaff(ctx.pool, {
        id, role: role?.data, refundLimit: typeof limit === 'string' ? (limit === 'none' ? null : limit) : undefined,
        disabled: flags.disable ? true : flags.enable ? false : undefined,
        by: { staffId: null, actor: `cli:${operatorName(flags.by, ctx.operator)}` }, now: ctx.now?.() ?? new Date(),
      });
      out(`#${m.id} ${m.name} <${m.email}> is now ${m.role}${m.refund_limit ? `, refunds up to £${m.refund_limit}` : ''}${m.disabled ? ', disabled (signed out everywhere)' : ', enabled'}.`);
      return 0;
    } catch (err) {
      if (!(err instanceof WpHttpError)) throw err;
      out(`Not changed: ${err.message}`);
      return 1;
    }
  },
};
