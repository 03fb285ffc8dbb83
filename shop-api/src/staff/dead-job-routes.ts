import { STAFF_LIST_CAPS } from '@cgg/contracts/staff';
import type pg from 'pg';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { listDeadJobs } from '../jobs/dead-jobs.ts';

/** Admins: the job queue's dead-letter list, read-only (the CLI's `dead-jobs --retry` retries one). */
export function deadJobRoutes(deps: { pool: pg.Pool }): DeclaredRoute[] {
  return [
    declaredRoute(routeTable.staffDeadJobs, {
      summary: 'Admins: background jobs that used all their tries (mail, draws, sweeps), newest failure first, 100 at most, with the last error. Read-only: retry one with the CLI\'s `dead-jobs --retry <id>`.',
      handler: async () => ({
        success: true,
        data: (await listDeadJobs(deps.pool, STAFF_LIST_CAPS.deadJobs)).map((j) => ({
          id: j.id, task: j.task, attempts: j.attempts, last_error: j.lastError, payload: j.payload,
          created_at: j.createdAt.toISOString(), failed_at: j.failedAt.toISOString(),
        })),
      }),
    }),
  ];
}
