import { STAFF_LIST_CAPS } from '@cgg/contracts/staff';
import type pg from 'pg';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { listDeadJobs, retryDeadJob } from '../jobs/dead-jobs.ts';
import { staffActor } from './audit-log.ts';

/** Admins: the job queue's dead-letter list, and retrying one (the CLI's `dead-jobs`, the same functions). */
export function deadJobRoutes(deps: { pool: pg.Pool; now: () => Date }): DeclaredRoute[] {
  return [
    declaredRoute(routeTable.staffDeadJobs, {
      summary: 'Admins: background jobs that used all their tries (mail, draws, sweeps), newest failure first, 100 at most, with the last error. `staff/dead_job_retry` retries one.',
      handler: async () => ({
        success: true,
        data: (await listDeadJobs(deps.pool, STAFF_LIST_CAPS.deadJobs)).map((j) => ({
          id: j.id, task: j.task, attempts: j.attempts, last_error: j.lastError, payload: j.payload,
          created_at: j.createdAt.toISOString(), failed_at: j.failedAt.toISOString(),
        })),
      }),
    }),
    declaredRoute(routeTable.staffRetryDeadJob, {
      summary: 'Admins: gives a failed job its tries back and makes it due now (the next poll of any API instance runs it); recorded in the audit log (`job.retry`, with the task).',
      description: 'The same as the CLI\'s `dead-jobs --retry <id>`. 404 `cgg_dead_job_not_found`: no failed job has that id (retried already, perhaps by someone else, or it never failed).',
      handler: async ({ input, staff }) => {
        const retried = await retryDeadJob(deps.pool, input.id, { staffId: staff.staffId, actor: staffActor(staff), at: deps.now() });
        if (!retried) throw new WpHttpError(404, 'cgg_dead_job_not_found', `There is no failed job #${input.id}: it may have been retried already. Reload the list.`);
        return { success: true, data: { id: input.id, task: retried.task } };
      },
    }),
  ];
}
