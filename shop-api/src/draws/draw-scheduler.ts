import type pg from 'pg';
import { fallbackLogger } from '../lib/logger.ts';
import { startRepeating } from '../lib/repeating-task.ts';
import type { Mailer } from '../mail/mailer.ts';
import { drawDueCompetitions } from './run-draw.ts';

export interface DrawScheduler {
  stop(): Promise<void>;
}

/**
 * The API process's draw loop: every `intervalMs` it draws what is due. Safe with any
 * number of instances (the claim is a row lock in PostgreSQL, not this timer), and a
 * restart simply finds what is still due. A failed tick is logged and retried next time.
 */
export function startDrawScheduler(o: { pool: pg.Pool; mailer: Mailer; siteUrl: string; intervalMs: number; now?: () => Date; log?: (m: string) => void }): DrawScheduler {
  const log = o.log ?? ((m: string) => fallbackLogger().info({ component: 'draws' }, m));
  const tick = async (): Promise<void> => {
    try {
      await drawDueCompetitions(o.pool, { now: (o.now ?? (() => new Date()))(), mailer: o.mailer, siteUrl: o.siteUrl, log });
    } catch (err) {
      log(`draw tick failed (retrying in ${o.intervalMs} ms): ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  return startRepeating(o.intervalMs, tick);
}
