import type pg from 'pg';
import type { RepeatingJob } from '../jobs/repeating-jobs.ts';
import { fallbackLogger } from '../lib/logger.ts';
import { sweepHarmMarkers } from './evaluate.ts';

/**
 * The harm-marker sweep as a repeating job (src/jobs), every `everyMs` on one instance. Even
 * two sweeps at once would raise nothing twice (one open flag per customer per rule).
 */
export function harmSweepJob(o: { pool: pg.Pool; keyedPool?: pg.Pool; everyMs: number; log?: (m: string) => void }): RepeatingJob {
  const log = o.log ?? ((m: string) => fallbackLogger().info({ component: 'harm-markers' }, m));
  return {
    name: 'harm-sweep',
    everyMs: o.everyMs,
    run: async (at) => {
      const raised = await sweepHarmMarkers(o.pool, at, o.keyedPool);
      if (raised) log(`${raised} customer(s) flagged for review`);
    },
  };
}
