import { parseFlags, UsageError, type Command } from '../command.ts';
import { required } from '../cli-helpers.ts';
import { ledgers } from '../../accounts/ledger-adjustment.ts';
import { adjustLedger } from '../ledger-adjustment.ts';

/** `points-adjust --customer x --points -50 --reason "..."`: an admin-adjust ledger row; the balance never goes below 0. */
export const pointsAdjustCommand: Command = {
  name: 'points-adjust',
  usage: 'points-adjust --customer <id|email> --points <+/- whole number> --reason "<shown to the customer>" [--by <operator>]',
  summary: 'Add or remove loyalty points (a ledger row with the reason; never below a zero balance).',
  async run(args, ctx) {
    const flags = parseFlags(args, ['customer', 'points', 'reason', 'by']);
    const points = required(flags, 'points');
    if (!/^[+-]?[1-9]\d{0,6}$/.test(points)) throw new UsageError('--points must be a non-zero whole number like 50 or -50.');
    const reason = required(flags, 'reason');
    if (reason.length > 200) throw new UsageError('--reason must be at most 200 characters.');
    return adjustLedger(ctx, ledgers.points, { customer: required(flags, 'customer'), amount: Number(points), reason, by: flags.by });
  },
};
