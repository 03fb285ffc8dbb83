import type pg from 'pg';
import { fallbackLogger } from '../lib/logger.ts';
import { startRepeating } from '../lib/repeating-task.ts';
import { sweepHarmMarkers } from './evaluate.ts';

export interface HarmSweep {
  stop(): Promise<void>;
}

/**
 * The API process's harm-marker sweep, every `intervalMs` (as the draw loop). Two instances
 * sweeping at once raise nothing twice (one open flag per customer per rule). A failed sweep
 * is logged and tried again next time.
 */
export function startHarmSweep(o: { pool: pg.Pool; intervalMs: number; log?: (m: string) => void }): HarmSweep {
  const log = o.log ?? ((m: string) => fallbackLogger().info({ component: 'harm-markers' }, m));
  const tick = async (): Promise<void> => {
    try {
      const raised = await sweepHarmMarkers(o.pool, new Date());
      if (raised) log(`${raised} customer(s) flagged for review`);
    } catch (err) {
      log(`sweep failed (retrying in ${o.intervalMs} ms): ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  return startRepeating(o.intervalMs, tick);
}
