import { UsageError, parseFlags, type Command } from '../command.ts';
import { WpHttpError } from '../../http/wp-error.ts';
import { createCoupon } from '../../store/coupon-issue.ts';
import { findCustomer, operatorName, poundsToPenceSigned, required } from '../cli-helpers.ts';

/**
 * `coupon-create --code X (--amount 5.00 | --percent 10) [--customer id|email] [--description d] [--expires YYYY-MM-DD]`:
 * the same `createCoupon` as the back office's Coupons screen; its refusal of a field is a usage error here (exit 2).
 */
export const couponCreateCommand: Command = {
  name: 'coupon-create',
  usage: 'coupon-create --code <CODE> (--amount <pounds> | --percent <1-100>) [--customer <id|email>] [--description <text>] [--expires <YYYY-MM-DD, the last London day>] [--by <operator>]',
  summary: 'Create a coupon: fixed amount or percentage, for one customer (single use) or site-wide.',
  async run(args, ctx) {
    const out = ctx.out ?? console.log;
    const flags = parseFlags(args, ['code', 'amount', 'percent', 'customer', 'description', 'expires', 'by']);
    const code = required(flags, 'code');
    if (Boolean(flags.amount) === Boolean(flags.percent)) throw new UsageError('Give exactly one of --amount or --percent.');
    const amountPence = typeof flags.amount === 'string' ? poundsToPenceSigned(flags.amount, 'amount') : null;
    const percent = typeof flags.percent === 'string' ? Number(flags.percent) : null;
    let customerId: number | null = null;
    if (typeof flags.customer === 'string') {
      const c = await findCustomer(ctx.pool, flags.customer);
      if (!c) {
        out(`No customer ${flags.customer}.`);
        return 1;
      }
      customerId = c.id;
    }
    try {
      const made = await createCoupon(ctx.pool, {
        code, amountPence, percent, customerId, description: typeof flags.description === 'string' ? flags.description : '',
        expiresOn: typeof flags.expires === 'string' ? flags.expires : null,
        by: { staffId: null, actor: `cli:${operatorName(flags.by, ctx.operator)}` }, at: (ctx.now ?? (() => new Date()))(),
      });
      out(`Created coupon #${made.id} ${made.code}: ${amountPence ? `£${(amountPence / 100).toFixed(2)} off` : `${percent}% off`}${customerId ? ` for customer #${customerId} (single use)` : ' site-wide'}${flags.expires ? `, until the end of ${flags.expires} (London)` : ''}.`);
      return 0;
    } catch (err) {
      if (!(err instanceof WpHttpError)) throw err;
      if (err.status === 400) throw new UsageError(err.message);
      out(err.message);
      return 1;
    }
  },
};
