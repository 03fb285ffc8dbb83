import type { Queryable } from '../accounts/queryable.ts';

/** graphile-worker's schema (its default); its tables and functions live there, apart from the shop's. */
export const JOB_SCHEMA = 'graphile_worker';

/** Tries before a job is dead (kept in the dead-letter list, `jobs` CLI command), unless the task says otherwise. */
export const DEFAULT_MAX_ATTEMPTS = 8;

export interface EnqueueOptions {
  /** Not before this time; default now. */
  runAt?: Date;
  /** Tries before the job is dead; default DEFAULT_MAX_ATTEMPTS. Retries wait e^attempt seconds (2.7 s, 7.4 s, 20 s ... about 6 h at most). */
  maxAttempts?: number;
  /** At most one waiting job per key: adding again replaces it (see graphile-worker's job_key). */
  jobKey?: string;
  /**
   * With a key: `replace` (default) updates the waiting job, or adds a new one when the keyed job
   * has started; `preserve_run_at` the same but keeps a waiting job's run time; `unsafe_dedupe`
   * adds nothing while any job holds the key, even one running (graphile-worker's modes).
   */
  jobKeyMode?: 'replace' | 'preserve_run_at' | 'unsafe_dedupe';
}

/**
 * Adds a job through graphile-worker's `add_job` SQL function on `db`: pass a transaction's
 * client and the job exists exactly when that transaction commits (a rollback leaves nothing,
 * and no worker can see it before COMMIT). Its NOTIFY is delivered at commit too, so a worker
 * on any instance picks it up at once.
 */
export async function enqueueJob(db: Queryable, task: string, payload: Record<string, unknown>, o: EnqueueOptions = {}): Promise<string | null> {
  const { rows } = await db.query<{ id: string | null }>(
    `SELECT id::text FROM ${JOB_SCHEMA}.add_job($1, $2::json, run_at => $3, max_attempts => $4, job_key => $5, job_key_mode => $6)`,
    [task, JSON.stringify(payload), o.runAt ?? null, o.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, o.jobKey ?? null, o.jobKeyMode ?? 'replace'],
  );
  // unsafe_dedupe adds nothing when the key is taken (a row of nulls).
  return rows[0]?.id ?? null;
}

/**
 * Adds several jobs of one task in one statement on `db` (as `enqueueJob`, each with its own
 * payload and key, default tries and `replace` keys): a batch's jobs without a round trip each.
 */
export async function enqueueJobs(db: Queryable, task: string, jobs: Array<{ payload: Record<string, unknown>; jobKey?: string }>): Promise<void> {
  if (jobs.length === 0) return;
  await db.query(
    `SELECT ${JOB_SCHEMA}.add_job($1, j.payload, max_attempts => $4, job_key => j.job_key)
     FROM unnest($2::json[], $3::text[]) WITH ORDINALITY AS j(payload, job_key, n) ORDER BY j.n`,
    [task, jobs.map((j) => JSON.stringify(j.payload)), jobs.map((j) => j.jobKey ?? null), DEFAULT_MAX_ATTEMPTS],
  );
}
