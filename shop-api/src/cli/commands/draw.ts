import { drawEntriesPath } from '@cgg/contracts';
import { createMailer } from '../../mail/mailer.ts';
import { DEFAULT_SITE_URL } from '../../config.ts';
import { DrawRefused, drawOneNow } from '../../draws/run-draw.ts';
import { parseFlags, type Command } from '../command.ts';
import { operatorName, positiveInt, required } from '../cli-helpers.ts';

/** `draw --competition 12`: the operator's live draw, by the published function (any competition whose entries have closed). */
export const drawCommand: Command = {
  name: 'draw',
  usage: 'draw --competition <id> [--by <operator>]',
  summary: 'Run a live draw now (entries must have closed); prints the winner and the proof. Same function as the scheduler.',
  async run(args, ctx) {
    const out = ctx.out ?? console.log;
    const flags = parseFlags(args, ['competition', 'by']);
    const id = positiveInt(required(flags, 'competition'), 'competition');
    const site = (ctx.siteUrl ?? DEFAULT_SITE_URL).replace(/\/+$/, '');
    try {
      const drawnBy = `cli:${operatorName(flags.by, ctx.operator)}`;
      const done = await drawOneNow(ctx.pool, id, {
        now: (ctx.now ?? (() => new Date()))(), drawnBy, audit: { staffId: null, actor: drawnBy }, siteUrl: site, mailer: createMailer(ctx.pool, ctx.smtpUrl),
        log: (m) => out(m),
      });
      const proof = (await ctx.pool.query<{ seed: Buffer; commitment: string; entry_list_sha256: string }>(
        'SELECT seed, commitment, entry_list_sha256 FROM competition_draws WHERE competition_id = $1', [id],
      )).rows[0]!;
      out(done.winningTicket === null ? `Competition ${id} had no entries: closed with no winner.` : `Competition ${id}: winning ticket ${done.winningTicket} of ${done.entryCount} entries.`);
      out(`Commitment: ${proof.commitment}\nSeed:       ${proof.seed.toString('hex')}\nEntry list: ${site}${drawEntriesPath(id)} (SHA-256 ${proof.entry_list_sha256})`);
      out(`Verify:     node shop-api/scripts/verify-draw.mjs --site ${site} --competition ${id}`);
      return 0;
    } catch (err) {
      if (err instanceof DrawRefused) {
        out(`Not drawn: ${err.message}`);
        return 1;
      }
      throw err;
    }
  },
};
