import { CLAIM_STATES, claimQueue, type ClaimState } from '../../claims/claim-queue.ts';
import { parseFlags, UsageError, type Command } from '../command.ts';
import { wholeNumberUpTo } from '../cli-helpers.ts';

/** `claims [--state s]`: prize claims to fulfil, oldest first, with what to send where (bank details masked). */
export const claimsCommand: Command = {
  name: 'claims',
  usage: 'claims [--state <received|processing|fulfilled>] [--limit n]',
  summary: 'List prize claims (oldest first) with the choice, amount, delivery address; bank details masked.',
  async run(args, ctx) {
    const out = ctx.out ?? console.log;
    const flags = parseFlags(args, ['state', 'limit']);
    const state = typeof flags.state === 'string' ? flags.state : null;
    if (state && !(CLAIM_STATES as readonly string[]).includes(state)) throw new UsageError('--state must be received, processing or fulfilled.');
    const limit = flags.limit === undefined ? 50 : wholeNumberUpTo(String(flags.limit), 1000);
    if (limit === null) throw new UsageError('--limit must be a whole number from 1 to 1000.');
    const { claims } = await claimQueue(ctx.pool, { state: state as ClaimState | null, limit });
    if (claims.length === 0) out('No claims.');
    for (const c of claims) {
      const where = c.deliverTo ? `deliver to ${c.deliverTo}` : c.payTo ? `pay to account ${c.payTo}` : 'credited';
      out(`#${c.id} ${c.state.padEnd(10)} ${c.createdAt.toISOString()} ${c.customerEmail} ${c.winKind} "${c.prizeTitle}" as ${c.choice} £${(c.amountPence / 100).toFixed(2)}: ${where}`);
    }
    return 0;
  },
};
