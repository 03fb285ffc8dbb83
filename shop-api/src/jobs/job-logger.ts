import { Logger } from 'graphile-worker';

/**
 * graphile-worker's messages, warnings and errors only: its info lines (one per job done,
 * every connection) would drown the API's own log. A failed job's error is logged here and
 * kept on the job (dead-letter list).
 */
export const jobLogger = new Logger((scope) => (level, message) => {
  const where = scope.taskIdentifier ? ` ${scope.taskIdentifier}${scope.jobId ? ` #${scope.jobId}` : ''}` : '';
  if ((level as string) === 'error') console.error(`[jobs]${where} ${message}`);
  else if ((level as string) === 'warning') console.warn(`[jobs]${where} ${message}`);
});
