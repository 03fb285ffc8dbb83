import type pg from 'pg';
import { run, type Runner, type Task } from 'graphile-worker';
import { createPool } from '../db/pool.ts';
import { fallbackLogger, type Logger } from '../lib/logger.ts';
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
  /** The app's logger (a child of it logs the worker's trouble); default the stderr fallback. */
  log?: Logger;
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
  const log = (o.log ?? fallbackLogger()).child({ component: 'jobs' });
  const workerLogger = jobLogger(o.log);
  const startRunner = (): Promise<Runner> => run({
    pgPool,
    taskList: { ...o.tasks, ...repeatingTasks(repeating, o.pool) },
    // No cron: repeating jobs are ours (above), and no crontab file is read from the working folder.
    parsedCronItems: [],
    concurrency,
    pollInterval: o.pollIntervalMs ?? 2000,
    noHandleSignals: true,
    logger: workerLogger,
    // Batched (per tick) completion and failure writes: graceful stop flushes them before it
    // resolves. Unbatched, a job finishing during stop is marked done by a write nobody
    // awaits, which can lose the pool and leave the job locked (run again hours later).
    preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
  });
  let stopping = false;
  let runner: Runner = await startRunner();
  // graphile-worker stops its pool when it cannot record a job's outcome (a long database outage);
  // this instance would then run no job again. Start it again, every 5 s until it starts.
  const watch = (current: Runner): void => {
    // Its promise settles only once it has stopped (resolved even when it stopped on an error).
    const ended = (why: string): void => {
      if (stopping) return;
      log.error(`the job worker stopped (${why}); starting it again in 5 s`);
      const again = (): void => {
        setTimeout(() => {
          if (stopping) return;
          startRunner().then((r) => {
            if (stopping) return void r.stop().catch(() => {});
            runner = r;
            watch(r);
          }, (e: unknown) => {
            log.error({ err: e }, 'could not start the job worker; trying again in 5 s');
            again();
          });
        }, 5_000).unref();
      };
      again();
    };
    current.promise.then(() => ended('it exited'), (err: unknown) => ended(err instanceof Error ? err.message : String(err)));
  };
  watch(runner);
  const ensureAll = () => Promise.all(repeating.map((j) => ensureRepeating(o.pool, j)));
  await ensureAll();
  // Puts back a chain whose job's worker died mid-hand-over (repeating-jobs.ts); cheap, idempotent.
  const check = setInterval(() => void ensureAll().catch((err: unknown) => log.error({ err }, 'checking repeating jobs failed')), 60_000);
  check.unref();
  return {
    async stop() {
      stopping = true;
      clearInterval(check);
      await runner.stop().catch((err: unknown) => log.error({ err }, 'stopping the job worker failed'));
      await pgPool.end();
    },
  };
}
