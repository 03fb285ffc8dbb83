import { adjustBalance, type Ledger } from '../accounts/ledger-adjustment.ts';
import type { CommandContext } from './command.ts';
import { findCustomer, operatorName } from './cli-helpers.ts';

/** The CLI's side of a balance adjustment (`adjustBalance`): finds the customer, says what happened, returns the exit code. */
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
  const done = await adjustBalance(ctx.pool, ledger, {
    customerId: c.id, amount: change.amount, reason: change.reason, actor: `cli:${operatorName(change.by, ctx.operator)}`, staffId: null, now: (ctx.now ?? (() => new Date()))(),
  });
  if (!done.done) {
    out(`Not changed: ${c.email} has ${ledger.show(done.balance)}; removing ${ledger.show(-change.amount)} would go below 0.`);
    return 1;
  }
  const sign = change.amount > 0 ? '+' : '-';
  out(`${c.email}: ${sign}${ledger.show(Math.abs(change.amount))} (${change.reason}); balance ${ledger.show(done.balance)}.`);
  return 0;
}
