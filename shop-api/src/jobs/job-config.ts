import type { Config } from '../config.ts';

/** The job queue's settings; every instance should agree. */
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
  /** PAYMENT_JOBS_INTERVAL_MS: reservations' expiry and payment reconciliation (default 30 s). */
  paymentJobsIntervalMs: number;
}

/** The job queue's part of the one configuration (config.ts reads and checks the variables). */
export function jobConfigFrom(config: Config): JobConfig {
  return {
    concurrency: config.jobConcurrency,
    pollIntervalMs: config.jobPollIntervalMs,
    drawsOn: config.drawScheduler,
    drawIntervalMs: config.drawIntervalMs,
    harmSweepIntervalMs: config.harmSweepIntervalMs,
    paymentJobsIntervalMs: config.paymentJobsIntervalMs,
  };
}
