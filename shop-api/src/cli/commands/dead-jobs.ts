import { parseFlags, type Command } from '../command.ts';
import { listDeadJobs, retryDeadJob } from '../../jobs/dead-jobs.ts';
import { operatorName, wholeNumberUpTo } from '../cli-helpers.ts';

/** `dead-jobs [--limit n] [--json]` / `dead-jobs --retry <id> [--by op]`: the job queue's dead-letter list; a retry is audited. */
export const deadJobsCommand: Command = {
  name: 'dead-jobs',
  usage: 'dead-jobs [--limit <n, default 20>] [--json] | dead-jobs --retry <job id> [--by <operator>]',
  summary: 'List background jobs that used all their tries (newest failure first) with their last error, or retry one.',
  async run(args, ctx) {
    const out = ctx.out ?? console.log;
    const flags = parseFlags(args, ['limit', 'retry', 'by'], ['json']);
    if (flags.retry !== undefined) {
      const id = wholeNumberUpTo(String(flags.retry), Number.MAX_SAFE_INTEGER);
      if (id === null) {
        out('--retry needs a job id (a whole number) from the list.');
        return 2;
      }
      const retried = await retryDeadJob(ctx.pool, id, { staffId: null, actor: `cli:${operatorName(flags.by, ctx.operator)}`, at: (ctx.now ?? (() => new Date()))() });
      if (!retried) {
        out(`No dead job #${id} (already retried or done, or never dead).`);
        return 1;
      }
      out(`Job #${id} (${retried.task}) is due again with fresh tries; a running API instance picks it up.`);
      return 0;
    }
    const limit = flags.limit === undefined ? 20 : wholeNumberUpTo(String(flags.limit), 1000);
    if (limit === null) {
      out('--limit must be a whole number from 1 to 1000.');
      return 2;
    }
    const dead = await listDeadJobs(ctx.pool, limit);
    if (flags.json) {
      out(JSON.stringify(dead.map((j) => ({ ...j, createdAt: j.createdAt.toISOString(), failedAt: j.failedAt.toISOString() }))));
      return 0;
    }
    if (dead.length === 0) {
      out('No dead jobs.');
      return 0;
    }
    for (const j of dead) {
      out(`#${j.id}  ${j.task}  ${j.attempts} tries, last ${j.failedAt.toISOString()}  payload ${JSON.stringify(j.payload)}`);
      out(`  ${(j.lastError ?? '(no error recorded)').split('\n')[0]}`);
    }
    out(`Retry one with: dead-jobs --retry <id>`);
    return 0;
  },
};
