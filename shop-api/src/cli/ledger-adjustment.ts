import type { CommandContext } from './command.ts';
import { findCustomer, operatorName } from './cli-helpers.ts';

/** A customer ledger the operator may adjust: names fixed in code, never from input. */
export interface Ledger {
  table: 'points_logs' | 'credit_logs';
  column: 'points' | 'amount_pence';
  type: 'admin-adjust' | 'admin-credit';
  /** How an amount reads in messages: "50 points", "£4.50 site credit". */
  show(amount: number): string;
}

/**
 * Adds a signed amount to a customer's ledger with the operator's reason, under the
 * customer's row lock so two adjustments cannot both pass the balance check; refuses
 * anything that would take the balance below zero. Returns the command's exit code.
 */
export async function adjustLedger(
  ctx: CommandContext,
  ledger: Ledger,
  change: { customer: string; amount: number; reason: string; by: string | true | undefined },
): Promise<number> {
  const out = ctx.out ?? console.log;
  const c = await findCustomer(ctx.pool, change.customer);
  if (!c) {
    out(`No customer ${change.customer}.`);
    return 1;
  }
  const client = await ctx.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT 1 FROM customers WHERE id = $1 FOR UPDATE', [c.id]);
    const { rows } = await client.query<{ b: string }>(`SELECT COALESCE(sum(${ledger.column}), 0) AS b FROM ${ledger.table} WHERE customer_id = $1`, [c.id]);
    const balance = Number(rows[0]!.b);
    if (balance + change.amount < 0) {
      await client.query('ROLLBACK');
      out(`Not changed: ${c.email} has ${ledger.show(balance)}; removing ${ledger.show(-change.amount)} would go below 0.`);
      return 1;
    }
    await client.query(
      `INSERT INTO ${ledger.table} (customer_id, type, ${ledger.column}, description, created_at, adjusted_by) VALUES ($1, $2, $3, $4, $5, $6)`,
      [c.id, ledger.type, change.amount, change.reason, (ctx.now ?? (() => new Date()))(), operatorName(change.by)],
    );
    await client.query('COMMIT');
    const sign = change.amount > 0 ? '+' : '-';
    out(`${c.email}: ${sign}${ledger.show(Math.abs(change.amount))} (${change.reason}); balance ${ledger.show(balance + change.amount)}.`);
    return 0;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
