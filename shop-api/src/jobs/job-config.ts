/** The job queue's settings from the environment (main.ts); every instance should agree. */
export interface JobConfig {
  /** JOB_CONCURRENCY: jobs this instance runs at once (default 4). */
  concurrency: number;
  /** JOB_POLL_INTERVAL_MS: how often a worker looks for jobs due later, retries and repeating runs (default 1000); new jobs wake it at once. */
  pollIntervalMs: number;
  /** DRAW_SCHEDULER=off: no automatic draws (the e2e suite); DRAW_INTERVAL_MS: how often due draws are looked for (default 15000). */
  drawsOn: boolean;
  drawIntervalMs: number;
  /** HARM_SWEEP_INTERVAL_MS: the harm-marker sweep (default 15 minutes). */
  harmSweepIntervalMs: number;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, not ${JSON.stringify(raw)}`);
  return n;
}

export function readJobConfig(env: NodeJS.ProcessEnv = process.env): JobConfig {
  return {
    concurrency: positive(env, 'JOB_CONCURRENCY', 4),
    pollIntervalMs: positive(env, 'JOB_POLL_INTERVAL_MS', 1000),
    drawsOn: env.DRAW_SCHEDULER !== 'off',
    drawIntervalMs: positive(env, 'DRAW_INTERVAL_MS', 15_000),
    harmSweepIntervalMs: positive(env, 'HARM_SWEEP_INTERVAL_MS', 15 * 60_000),
  };
}
