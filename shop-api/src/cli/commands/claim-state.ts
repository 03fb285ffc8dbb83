import { parseFlags, UsageError, type Command } from '../command.ts';
import { required } from '../cli-helpers.ts';

const ORDER = ['received', 'processing', 'fulfilled'] as const;

/** `claim-state --id N --state processing|fulfilled`: moves a prize claim forward (never back); the account shows it at once. */
export const claimStateCommand: Command = {
  name: 'claim-state',
  usage: 'claim-state --id <claim id> --state <processing|fulfilled>',
  summary: 'Move a prize claim forward (received -> processing -> fulfilled); the customer sees the state in the account.',
  async run(args, ctx) {
    const out = ctx.out ?? console.log;
    const flags = parseFlags(args, ['id', 'state']);
    const id = Number(required(flags, 'id'));
    if (!Number.isInteger(id) || id <= 0) throw new UsageError('--id must be a claim id.');
    const state = required(flags, 'state');
    if (state !== 'processing' && state !== 'fulfilled') throw new UsageError('--state must be processing or fulfilled.');
    const earlier = ORDER.slice(0, ORDER.indexOf(state));
    const { rows } = await ctx.pool.query<{ id: string }>(
      `UPDATE prize_claims SET state = $2, updated_at = $3 WHERE id = $1 AND state = ANY($4::text[]) RETURNING id`,
      [id, state, (ctx.now ?? (() => new Date()))(), earlier],
    );
    if (rows.length === 0) {
      const found = await ctx.pool.query<{ state: string }>('SELECT state FROM prize_claims WHERE id = $1', [id]);
      out(found.rows[0] ? `Not changed: claim ${id} is already ${found.rows[0].state}.` : `No claim ${id}.`);
      return 1;
    }
    out(`Claim ${id} is now ${state}.`);
    return 0;
  },
};
