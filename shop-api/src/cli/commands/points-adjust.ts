import { UsageError, parseFlags, type Command } from '../command.ts';
import { findCustomer, operatorName, required } from '../cli-helpers.ts';

/** `points-adjust --customer x --points -50 --reason "..."`: an admin-adjust ledger row; the balance never goes below 0. */
export const pointsAdjustCommand: Command = {
  name: 'points-adjust',
  usage: 'points-adjust --customer <id|email> --points <+/- whole number> --reason "<shown to the customer>" [--by <operator>]',
  summary: 'Add or remove loyalty points (a ledger row with the reason; never below a zero balance).',
  async run(args, ctx) {
    const out = ctx.out ?? console.log;
    const flags = parseFlags(args, ['customer', 'points', 'reason', 'by']);
    const points = required(flags, 'points');
    if (!/^[+-]?[1-9]\d{0,6}$/.test(points)) throw new UsageError('--points must be a non-zero whole number like 50 or -50.');
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
      const balance = Number((await client.query<{ b: string }>('SELECT COALESCE(sum(points), 0) AS b FROM points_logs WHERE customer_id = $1', [c.id])).rows[0]!.b);
      if (balance + Number(points) < 0) {
        await client.query('ROLLBACK');
        out(`Not changed: ${c.email} has ${balance} points; removing ${-Number(points)} would go below 0.`);
        return 1;
      }
      await client.query(
        `INSERT INTO points_logs (customer_id, type, points, description, created_at, adjusted_by) VALUES ($1, 'admin-adjust', $2, $3, $4, $5)`,
        [c.id, Number(points), reason, (ctx.now ?? (() => new Date()))(), operatorName(flags.by)],
      );
      await client.query('COMMIT');
      out(`${c.email}: ${Number(points) > 0 ? '+' : ''}${Number(points)} points (${reason}); balance ${balance + Number(points)}.`);
      return 0;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  },
};
