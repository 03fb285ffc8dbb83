import { parseFlags, UsageError, type Command } from '../command.ts';
import { findCustomer, operatorName, poundsToPenceSigned, required } from '../cli-helpers.ts';

/** `credit-adjust --customer x --amount -4.50 --reason "..."`: an admin-credit ledger row; the balance never goes below 0. */
export const creditAdjustCommand: Command = {
  name: 'credit-adjust',
  usage: 'credit-adjust --customer <id|email> --amount <+/- pounds, e.g. 10 or -4.50> --reason "<shown to the customer>" [--by <operator>]',
  summary: 'Add or remove site credit (cred discount) with a reason (a ledger row; never below a zero balance).',
  async run(args, ctx) {
    const out = ctx.out ?? console.log;
    const flags = parseFlags(args, ['customer', 'amount', 'reason', 'by']);
    const pence = poundsToPenceSigned(required(flags, 'amount'), 'amount');
    if (pence === 0) throw new UsageError('--amount must not be 0.');
    const reason = required(flags, 'reason');
    if (reason.length > 200) throw new UsageError('--reason must be at most 200 characters.');
    const c = await findCustomer(ctx.pool, required(flags, 'customer'));
    if (!c) {
      out(`No customer ${flags.customer}.`);
      return 1;
    }
    const client = await ctx.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT 1 FROM customers WHERE id = $1 FOR UPDATE', [c.id]);
      const balance = Number((await client.query<{ b: string }>('SELECT COALESCE(sum(amount_pence), 0) AS b FROM credit_logs WHERE customer_id = $1', [c.id])).rows[0]!.b);
      const pounds = (p: number): string => `£${(p / 100).toFixed(2)}`;
      if (balance + pence < 0) {
        await client.query('ROLLBACK');
        out(`Not changed: ${c.email} has ${pounds(balance)} site credit; removing ${pounds(-pence)} would go below 0.`);
        return 1;
      }
      await client.query(
        `INSERT INTO credit_logs (customer_id, type, amount_pence, description, created_at, adjusted_by) VALUES ($1, 'admin-credit', $2, $3, $4, $5)`,
        [c.id, pence, reason, (ctx.now ?? (() => new Date()))(), operatorName(flags.by)],
      );
      await client.query('COMMIT');
      out(`${c.email}: ${pence > 0 ? '+' : '-'}${pounds(Math.abs(pence))} site credit (${reason}); balance ${pounds(balance + pence)}.`);
      return 0;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  },
};
