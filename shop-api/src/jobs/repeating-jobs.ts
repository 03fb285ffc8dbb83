import type pg from 'pg';
import type { Task } from 'graphile-worker';
import { enqueueJob, JOB_SCHEMA } from './job-queue.ts';

/** Work done every `everyMs` by one instance, whichever (the job queue decides which). */
export interface RepeatingJob {
  /** Names the task (`repeat:<name>`) and its one waiting job (job key `repeat:<name>`). */
  name: string;
  everyMs: number;
  /** Throws to record the run as failed (it lands in the dead-letter list); the next run comes anyway. */
  run: (at: Date) => Promise<void>;
}

export const repeatingTaskName = (name: string): string => `repeat:${name}`;

/**
 * A repeating job is a chain of single jobs sharing one job key: at most one is waiting at any
 * time, across every instance. The worker that takes it first adds the next one (`everyMs` after
 * this one's planned time), so the chain survives this run failing or its process dying, then
 * does the work. A failed run is not retried (the next run is its retry; `maxAttempts` 1), but
 * it stays in the dead-letter list with its error, so it is seen.
 */
function repeatingTask(job: RepeatingJob, pool: pg.Pool): Task {
  return async (_payload, helpers) => {
    const planned = new Date(helpers.job.run_at);
    const next = new Date(Math.max(planned.getTime() + job.everyMs, Date.now()));
    await enqueueJob(pool, repeatingTaskName(job.name), {}, { runAt: next, jobKey: repeatingTaskName(job.name), maxAttempts: 1 });
    await job.run(planned);
  };
}

/**
 * Makes sure the chain exists (every instance at start, then now and then): the first call adds
 * its job; while any job holds the key (waiting or running) nothing is added, so instances
 * starting together never make two chains. A chain whose job is dead (its hand-over failed) or
 * has been running for longer than `orphanedAfterMs` (its process died mid-hand-over) is begun
 * again.
 */
export async function ensureRepeating(pool: pg.Pool, job: RepeatingJob, orphanedAfterMs = Math.max(10 * 60_000, 4 * job.everyMs)): Promise<void> {
  const key = repeatingTaskName(job.name);
  const { rows } = await pool.query<{ orphaned: boolean }>(
    `SELECT (locked_at IS NULL AND attempts >= max_attempts) OR locked_at < now() - make_interval(secs => $2::float8 / 1000) AS orphaned
     FROM ${JOB_SCHEMA}._private_jobs WHERE key = $1`,
    [key, orphanedAfterMs],
  );
  if (rows[0] && !rows[0].orphaned) return;
  // No job: add one unless another instance just did; orphaned: replace takes the key off it and adds a new one.
  await enqueueJob(pool, key, {}, { jobKey: key, jobKeyMode: rows[0] ? 'replace' : 'unsafe_dedupe', maxAttempts: 1 });
}

export function repeatingTasks(jobs: RepeatingJob[], pool: pg.Pool): Record<string, Task> {
  return Object.fromEntries(jobs.map((j) => [repeatingTaskName(j.name), repeatingTask(j, pool)]));
}
