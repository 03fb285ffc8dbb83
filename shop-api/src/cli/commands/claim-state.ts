import { advanceClaim } from '../../claims/claim-queue.ts';
import { recordStaffAction } from '../../staff/audit-log.ts';
import { inTransaction } from '../../accounts/queryable.ts';
import { operatorName, required, wholeNumberUpTo } from '../cli-helpers.ts';
import { parseFlags, UsageError, type Command } from '../command.ts';

/** `claim-state --id N --state processing|fulfilled`: moves a prize claim forward (never back); the account shows it at once. */
export const claimStateCommand: Command = {
  name: 'claim-state',
  usage: 'claim-state --id <claim id> --state <processing|fulfilled> [--by <operator>]',
  summary: 'Move a prize claim forward (received -> processing -> fulfilled); the customer sees the state in the account.',
  async run(args, ctx) {
    const out = ctx.out ?? console.log;
    const flags = parseFlags(args, ['id', 'state', 'by']);
    const id = wholeNumberUpTo(required(flags, 'id'), Number.MAX_SAFE_INTEGER);
    if (id === null) throw new UsageError('--id must be a claim id.');
    const state = required(flags, 'state');
    if (state !== 'processing' && state !== 'fulfilled') throw new UsageError('--state must be processing or fulfilled.');
    const now = (ctx.now ?? (() => new Date()))();
    const move = await inTransaction(ctx.pool, async (client) => {
      const done = await advanceClaim(client, { id, state, now });
      if (done.moved) {
        await recordStaffAction(client, { staffId: null, actor: `cli:${operatorName(flags.by, ctx.operator)}`, action: 'claim.state', subject: `claim #${id}`, before: { state: done.from }, after: { state }, at: now });
      }
      return done;
    });
    if (!move.moved) {
      out(move.current ? `Not changed: claim ${id} is already ${move.current}.` : `No claim ${id}.`);
      return 1;
    }
    out(`Claim ${id} is now ${state}.`);
    return 0;
  },
};
