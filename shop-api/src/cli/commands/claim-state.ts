import { moveClaim } from '../../claims/move-claim.ts';
import { operatorName, required, wholeNumberUpTo } from '../cli-helpers.ts';
import { parseFlags, UsageError, type Command } from '../command.ts';

/** `claim-state --id N --state processing|fulfilled [--tracking ref]`: moves a prize claim forward (never back), as the back office does (moveClaim); the account shows it at once. */
export const claimStateCommand: Command = {
  name: 'claim-state',
  usage: 'claim-state --id <claim id> --state <processing|fulfilled> [--tracking <reference, with fulfilled>] [--by <operator>]',
  summary: 'Move a prize claim forward (received -> processing -> fulfilled); the customer sees the state in the account.',
  async run(args, ctx) {
    const out = ctx.out ?? console.log;
    const flags = parseFlags(args, ['id', 'state', 'tracking', 'by']);
    const id = wholeNumberUpTo(required(flags, 'id'), Number.MAX_SAFE_INTEGER);
    if (id === null) throw new UsageError('--id must be a claim id.');
    const state = required(flags, 'state');
    if (state !== 'processing' && state !== 'fulfilled') throw new UsageError('--state must be processing or fulfilled.');
    const tracking = flags.tracking === undefined ? undefined : String(flags.tracking).trim();
    if (tracking !== undefined && (!tracking || tracking.length > 100)) throw new UsageError('--tracking must be the reference, at most 100 characters.');
    if (tracking !== undefined && state !== 'fulfilled') throw new UsageError('--tracking goes with --state fulfilled (marking the prize sent).');
    const move = await moveClaim(ctx.pool, { id, state, trackingReference: tracking, staffId: null, actor: `cli:${operatorName(flags.by, ctx.operator)}`, now: (ctx.now ?? (() => new Date()))() });
    if (!move.moved) {
      out(move.current ? `Not changed: claim ${id} is already ${move.current}.` : `No claim ${id}.`);
      return 1;
    }
    out(`Claim ${id} is now ${state}${tracking ? `, tracking reference ${tracking}` : ''}.`);
    return 0;
  },
};
