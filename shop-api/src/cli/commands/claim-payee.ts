import { openBankDetails } from '../../accounts/bank-details-at-rest.ts';
import { recordStaffAction } from '../../staff/audit-log.ts';
import { operatorName, required, wholeNumberUpTo } from '../cli-helpers.ts';
import { parseFlags, UsageError, type Command } from '../command.ts';

/**
 * `claim-payee --id N`: the whole bank details of one cash claim, to make the payment. The
 * only place they are shown in full (stored encrypted; every list and answer masks them),
 * one claim at a time, so a shoulder or a scrollback sees one account at most. Each showing is in
 * the audit log (who saw whose account, as the entrants' exports are), never the numbers themselves.
 */
export const claimPayeeCommand: Command = {
  name: 'claim-payee',
  usage: 'claim-payee --id <claim id> [--by <operator>]',
  summary: 'Show the whole bank details of one cash claim, to pay it (everything else shows them masked).',
  async run(args, ctx) {
    const out = ctx.out ?? console.log;
    const flags = parseFlags(args, ['id', 'by']);
    const id = wholeNumberUpTo(required(flags, 'id'), Number.MAX_SAFE_INTEGER);
    if (id === null) throw new UsageError('--id must be a claim id.');
    const { rows } = await ctx.pool.query<{ choice: string; amount_pence: number; email: string; account: string | null; sort_code: string | null }>(
      `SELECT pc.choice, pc.amount_pence, cu.email, pc.bank_account_number AS account, pc.bank_sort_code AS sort_code
       FROM prize_claims pc JOIN customers cu ON cu.id = pc.customer_id WHERE pc.id = $1`,
      [id],
    );
    const row = rows[0];
    if (!row) {
      out(`No claim ${id}.`);
      return 1;
    }
    if (row.account === null || row.sort_code === null) {
      out(`Claim ${id} is ${row.choice}, not cash: there is nothing to pay into.`);
      return 1;
    }
    const bank = openBankDetails({ account_number: row.account, sort_code: row.sort_code });
    await recordStaffAction(ctx.pool, {
      staffId: null, actor: `cli:${operatorName(flags.by, ctx.operator)}`, action: 'claim.payee-view', subject: `claim #${id}`,
      after: { amount_pence: row.amount_pence }, at: (ctx.now ?? (() => new Date()))(),
    });
    out(`Claim ${id}: pay £${(row.amount_pence / 100).toFixed(2)} to account ${bank.account_number}, sort code ${bank.sort_code} (${row.email}).`);
    return 0;
  },
};
