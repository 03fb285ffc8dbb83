import type pg from 'pg';
import { run, type Runner, type Task } from 'graphile-worker';
import { createPool } from '../db/pool.ts';
import { jobLogger } from './job-logger.ts';
import { ensureRepeating, repeatingTasks, type RepeatingJob } from './repeating-jobs.ts';

export interface JobRunnerOptions {
  /** The app's pool: the runner opens its own small pool to the same database. */
  pool: pg.Pool;
  /** Task name -> handler (payload, helpers). A handler that throws is retried with backoff, then dead. */
  tasks: Record<string, Task>;
  repeating?: RepeatingJob[];
  /** Jobs run at once by this instance (JOB_CONCURRENCY). */
  concurrency?: number;
  /** How often a worker looks for jobs due later (retries, repeating runs); new jobs wake it at once (LISTEN). */
  pollIntervalMs?: number;
}

export interface JobRunner {
  /** Stops taking jobs and waits for the ones running to finish (graphile-worker's graceful shutdown). */
  stop(): Promise<void>;
}

/**
 * This instance's job worker (graphile-worker) on the app's database. Every instance runs one;
 * each job runs on one of them, once: workers take jobs with FOR UPDATE SKIP LOCKED. Its
 * schema is made by `prepareDatabase` (runMigrations), so jobs can be added before this starts.
 */
export async function startJobRunner(o: JobRunnerOptions): Promise<JobRunner> {
  const concurrency = o.concurrency ?? 4;
  // Its own pool: the runner keeps a LISTEN connection and one per job at work, apart from requests.
  const pgPool = createPool({ ...o.pool.options, max: concurrency + 2 }, 'shop-api job queue');
  const repeating = o.repeating ?? [];
  const runner: Runner = await run({
    pgPool,
    taskList: { ...o.tasks, ...repeatingTasks(repeating, o.pool) },
    concurrency,
    pollInterval: o.pollIntervalMs ?? 2000,
    noHandleSignals: true,
    logger: jobLogger,
    // Batched (per tick) completion and failure writes: graceful stop flushes them before it
    // resolves. Unbatched, a job finishing during stop is marked done by a write nobody
    // awaits, which can lose the pool and leave the job locked (run again hours later).
    preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
  });
  const ensureAll = () => Promise.all(repeating.map((j) => ensureRepeating(o.pool, j)));
  await ensureAll();
  // Puts back a chain whose job's worker died mid-hand-over (repeating-jobs.ts); cheap, idempotent.
  const check = setInterval(() => void ensureAll().catch((err: unknown) => console.error(`[jobs] checking repeating jobs failed: ${(err as Error).message}`)), 60_000);
  check.unref();
  return {
    async stop() {
      clearInterval(check);
      await runner.stop();
      await pgPool.end();
    },
  };
}
