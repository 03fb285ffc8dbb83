import type pg from 'pg';
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
  const log = o.log ?? ((m: string) => console.log(`[harm-markers] ${m}`));
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = async (): Promise<void> => {
    try {
      const raised = await sweepHarmMarkers(o.pool, new Date());
      if (raised) log(`${raised} customer(s) flagged for review`);
    } catch (err) {
      log(`sweep failed (retrying in ${o.intervalMs} ms): ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  const schedule = (delay: number): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(() => {
        running = null;
        schedule(o.intervalMs);
      });
    }, delay);
    timer.unref();
  };
  schedule(0);
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
