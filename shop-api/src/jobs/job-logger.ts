import { Logger as WorkerLogger } from 'graphile-worker';
import { fallbackLogger, type Logger } from '../lib/logger.ts';

/**
 * graphile-worker's messages through the shop's one logger, warnings and errors only: its info
 * lines (one per job done, every connection) would drown the API's own log. A failed job's
 * error is logged here and kept on the job (dead-letter list).
 */
export function jobLogger(log: Logger = fallbackLogger()): WorkerLogger {
  const jobs = log.child({ component: 'jobs' });
  return new WorkerLogger((scope) => (level, message) => {
    const where = { task: scope.taskIdentifier, job: scope.jobId };
    if ((level as string) === 'error') jobs.error(where, message);
    else if ((level as string) === 'warning') jobs.warn(where, message);
  });
}
