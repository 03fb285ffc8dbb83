import { UsageError, parseFlags, type Command } from '../command.ts';
import { inTransaction } from '../../accounts/queryable.ts';
import { recordStaffAction } from '../../staff/audit-log.ts';
import { findCustomer, operatorName, poundsToPenceSigned, required } from '../cli-helpers.ts';

/** `coupon-create --code X (--amount 5.00 | --percent 10) [--customer id|email] [--description d] [--expires YYYY-MM-DD]`. */
export const couponCreateCommand: Command = {
  name: 'coupon-create',
  usage: 'coupon-create --code <CODE> (--amount <pounds> | --percent <1-100>) [--customer <id|email>] [--description <text>] [--expires <YYYY-MM-DD>] [--by <operator>]',
  summary: 'Create a coupon: fixed amount or percentage, for one customer (single use) or site-wide.',
  async run(args, ctx) {
    const out = ctx.out ?? console.log;
    const flags = parseFlags(args, ['code', 'amount', 'percent', 'customer', 'description', 'expires', 'by']);
    const code = required(flags, 'code');
    if (!/^[A-Za-z0-9_-]{3,40}$/.test(code)) throw new UsageError('--code must be 3-40 letters, digits, _ or -.');
    if (Boolean(flags.amount) === Boolean(flags.percent)) throw new UsageError('Give exactly one of --amount or --percent.');
    let amount: number | null = null;
    let percent: number | null = null;
    if (typeof flags.amount === 'string') {
      amount = poundsToPenceSigned(flags.amount, 'amount');
      if (amount <= 0) throw new UsageError('--amount must be more than 0.');
    } else {
      percent = Number(flags.percent);
      if (!Number.isInteger(percent) || percent < 1 || percent > 100) throw new UsageError('--percent must be a whole number from 1 to 100.');
    }
    let expires: Date | null = null;
    if (typeof flags.expires === 'string') {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(flags.expires) || Number.isNaN(Date.parse(`${flags.expires}T23:59:59Z`))) throw new UsageError('--expires must be a date YYYY-MM-DD.');
      expires = new Date(`${flags.expires}T23:59:59Z`);
    }
    let customerId: number | null = null;
    if (typeof flags.customer === 'string') {
      const c = await findCustomer(ctx.pool, flags.customer);
      if (!c) {
        out(`No customer ${flags.customer}.`);
        return 1;
      }
      customerId = c.id;
    }
    const exists = (): number => {
      out(`A coupon with the code ${code} already exists.`);
      return 1;
    };
    // This check answers most repeats; two runs with one code at once both pass it, and the unique
    // index refuses the second, which gets the same answer (below).
    const taken = await ctx.pool.query('SELECT 1 FROM coupons WHERE lower(code) = lower($1)', [code]);
    if (taken.rowCount) return exists();
    const at = (ctx.now ?? (() => new Date()))();
    const description = typeof flags.description === 'string' ? flags.description : 'CGG Coupon';
    const rows = await inTransaction(ctx.pool, async (client) => {
      const made = await client.query<{ id: number }>(
        `INSERT INTO coupons (customer_id, code, description, amount_pence, percent, discount_type, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [customerId, code, description, amount, percent, amount ? 'fixed_cart' : 'percent', expires, at],
      );
      await recordStaffAction(client, {
        staffId: null, actor: `cli:${operatorName(flags.by, ctx.operator)}`, action: 'coupon.create', subject: `coupon #${made.rows[0]!.id}`,
        after: { code, customer_id: customerId, amount_pence: amount, percent, expires_at: expires, description }, at,
      });
      return made.rows;
    }).catch((err: unknown) => {
      if ((err as { constraint?: string }).constraint === 'coupons_code_key') return null;
      throw err;
    });
    if (!rows) return exists();
    out(`Created coupon #${rows[0]!.id} ${code}: ${amount ? `£${(amount / 100).toFixed(2)} off` : `${percent}% off`}${customerId ? ` for customer #${customerId} (single use)` : ' site-wide'}${expires ? `, until ${flags.expires}` : ''}.`);
    return 0;
  },
};
