import { startStaffBreak } from '../../accounts/breaks.ts';
import type { LockPeriod } from '../../accounts/responsible-play.ts';
import { WpHttpError } from '../../http/wp-error.ts';
import { londonWhen } from '../../lib/london-time.ts';
import { findCustomer, operatorName, required } from '../cli-helpers.ts';
import { parseFlags, UsageError, type Command } from '../command.ts';

const PERIODS: readonly LockPeriod[] = ['24h', '7d', '30d', '6m', 'permanent'];

/**
 * `customer-break --customer <id|email> --period 7d --reason "..."`: the back office's "Start a
 * break" (UK code 1.5), for when a customer asks by phone or email and the back office is out of
 * reach. The same domain function and audit entry; a break is lengthened, never shortened.
 */
export const customerBreakCommand: Command = {
  name: 'customer-break',
  usage: 'customer-break --customer <id|email> --period 24h|7d|30d|6m|permanent --reason "<why, kept in the audit log>" [--by <operator>]',
  summary: 'Start a break for a customer, or close their account permanently, at once (UK code 1.5; audited; never shortens one in force).',
  async run(args, ctx) {
    const flags = parseFlags(args, ['customer', 'period', 'reason', 'by']);
    const period = required(flags, 'period') as LockPeriod;
    if (!PERIODS.includes(period)) throw new UsageError(`--period must be one of ${PERIODS.join(', ')}.`);
    const reason = required(flags, 'reason').trim();
    if (!reason || reason.length > 500) throw new UsageError('--reason must say why, in at most 500 characters.');
    const out = ctx.out ?? console.log;
    const customer = await findCustomer(ctx.pool, required(flags, 'customer'));
    if (!customer) {
      out(`No customer ${String(flags.customer)}.`);
      return 1;
    }
    try {
      const lock = await startStaffBreak(ctx.pool, {
        customerId: customer.id, period, reason, staffId: null, actor: `cli:${operatorName(flags.by, ctx.operator)}`, at: (ctx.now ?? (() => new Date()))(),
      });
      out(lock.lock_permanent
        ? `${customer.email}: the account is closed permanently. They cannot check out again.`
        : `${customer.email}: on a break until ${londonWhen(lock.locked_until!)} (London). Their checkouts are refused until then.`);
      return 0;
    } catch (err) {
      if (!(err instanceof WpHttpError)) throw err;
      out(err.message);
      return 1;
    }
  },
};
