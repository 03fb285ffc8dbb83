import type pg from 'pg';
import type { RepeatingJob } from '../jobs/repeating-jobs.ts';
import { fallbackLogger } from '../lib/logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { drawDueCompetitions } from './run-draw.ts';

/**
 * The automatic draws as a repeating job (src/jobs): every `everyMs` one instance, whichever
 * the job queue hands it to, draws what is due. A row lock on each draw is still the last word
 * (FOR UPDATE SKIP LOCKED), so an operator's draw at the same moment cannot draw twice, and a
 * restart simply finds what is still due. A failed run is logged, kept in the dead-letter list,
 * and the next run tries again.
 */
export function drawsDueJob(o: { pool: pg.Pool; mailer: Mailer; siteUrl: string; everyMs: number; log?: (m: string) => void }): RepeatingJob {
  const log = o.log ?? ((m: string) => fallbackLogger().info({ component: 'draws' }, m));
  return {
    name: 'draws-due',
    everyMs: o.everyMs,
    run: async () => {
      await drawDueCompetitions(o.pool, { now: new Date(), mailer: o.mailer, siteUrl: o.siteUrl, log });
    },
  };
}
