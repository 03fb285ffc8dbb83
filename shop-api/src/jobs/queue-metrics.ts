import type pg from 'pg';
import { Gauge, type Registry } from 'prom-client';
import { JOB_SCHEMA } from './job-queue.ts';

/**
 * The job queue and the live feed on /metrics, read from PostgreSQL at each scrape (every
 * instance answers the same, shared numbers): jobs waiting per task (the queue depth; a
 * repeating job counts its one waiting run), dead jobs, and the feed's lag, the age of the
 * oldest win not yet published (0 when none waits). A scrape while the database is away
 * leaves them out rather than failing /metrics.
 */
export function registerQueueMetrics(registry: Registry, pool: pg.Pool): void {
  new Gauge({
    name: 'shop_api_jobs_waiting',
    help: 'Jobs not yet done and with tries left (due now or later, including retries), by task.',
    labelNames: ['task'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await query<{ task: string; n: number }>(pool,
        `SELECT t.identifier AS task, count(*)::int AS n FROM ${JOB_SCHEMA}._private_jobs j JOIN ${JOB_SCHEMA}._private_tasks t ON t.id = j.task_id
         WHERE j.attempts < j.max_attempts GROUP BY t.identifier`);
      for (const r of rows ?? []) this.set({ task: r.task }, r.n);
    },
  });
  new Gauge({
    name: 'shop_api_jobs_dead',
    help: 'Jobs that used all their tries (the dead-letter list: the `dead-jobs` CLI command), by task.',
    labelNames: ['task'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await query<{ task: string; n: number }>(pool,
        `SELECT t.identifier AS task, count(*)::int AS n FROM ${JOB_SCHEMA}._private_jobs j JOIN ${JOB_SCHEMA}._private_tasks t ON t.id = j.task_id
         WHERE j.attempts >= j.max_attempts AND j.locked_at IS NULL GROUP BY t.identifier`);
      for (const r of rows ?? []) this.set({ task: r.task }, r.n);
    },
  });
  new Gauge({
    name: 'shop_api_feed_lag_seconds',
    help: 'Age of the oldest instant win waiting to be published to the live feed; 0 when none waits.',
    registers: [registry],
    async collect() {
      const rows = await query<{ lag: number }>(pool,
        `SELECT coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS lag FROM instant_win_feed_outbox
         WHERE published_at IS NULL AND gave_up_at IS NULL`);
      if (rows) this.set(rows[0]!.lag);
    },
  });
}

async function query<T extends pg.QueryResultRow>(pool: pg.Pool, sql: string): Promise<T[] | null> {
  try {
    return (await pool.query<T>(sql)).rows;
  } catch {
    return null;
  }
}
