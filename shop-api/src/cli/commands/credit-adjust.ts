import { parseFlags, UsageError, type Command } from '../command.ts';
import { poundsToPenceSigned, required } from '../cli-helpers.ts';
import { ledgers } from '../../accounts/ledger-adjustment.ts';
import { adjustLedger } from '../ledger-adjustment.ts';

/** `credit-adjust --customer x --amount -4.50 --reason "..."`: an admin-credit ledger row; the balance never goes below 0. */
export const creditAdjustCommand: Command = {
  name: 'credit-adjust',
  usage: 'credit-adjust --customer <id|email> --amount <+/- pounds, e.g. 10 or -4.50> --reason "<shown to the customer>" [--by <operator>]',
  summary: 'Add or remove site credit (cred discount) with a reason (a ledger row; never below a zero balance).',
  async run(args, ctx) {
    const flags = parseFlags(args, ['customer', 'amount', 'reason', 'by']);
    const pence = poundsToPenceSigned(required(flags, 'amount'), 'amount');
    if (pence === 0) throw new UsageError('--amount must not be 0.');
    const reason = required(flags, 'reason');
    if (reason.length > 200) throw new UsageError('--reason must be at most 200 characters.');
    return adjustLedger(ctx, ledgers.credit, { customer: required(flags, 'customer'), amount: pence, reason, by: flags.by });
  },
};
