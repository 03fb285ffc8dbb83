import type pg from 'pg';
import { inTransaction, type Queryable } from '../accounts/queryable.ts';
import { recordStaffAction } from '../staff/audit-log.ts';
import { JOB_SCHEMA } from './job-queue.ts';

/** A job that used all its tries: it stays in the queue's table, never run again unless retried. */
export interface DeadJob {
  id: number;
  task: string;
  attempts: number;
  lastError: string | null;
  payload: unknown;
  createdAt: Date;
  failedAt: Date;
}

/**
 * The dead-letter list: jobs whose tries are used up (graphile-worker keeps them, unlocked, with
 * attempts = max_attempts and the last error). Newest failure first. The CLI's `dead-jobs` command
 * and the back office's Failed jobs screen read it here.
 */
export async function listDeadJobs(db: Queryable, limit = 50): Promise<DeadJob[]> {
  const { rows } = await db.query<{ id: string; task_identifier: string; attempts: number; last_error: string | null; payload: unknown; created_at: Date; updated_at: Date }>(
    `SELECT j.id, j.task_identifier, j.attempts, j.last_error, p.payload, j.created_at, j.updated_at
     FROM ${JOB_SCHEMA}.jobs j JOIN ${JOB_SCHEMA}._private_jobs p ON p.id = j.id
     WHERE j.attempts >= j.max_attempts AND j.locked_at IS NULL
     ORDER BY j.updated_at DESC, j.id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({ id: Number(r.id), task: r.task_identifier, attempts: r.attempts, lastError: r.last_error, payload: r.payload, createdAt: r.created_at, failedAt: r.updated_at }));
}

export async function countDeadJobs(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${JOB_SCHEMA}._private_jobs WHERE attempts >= max_attempts AND locked_at IS NULL`);
  return rows[0]!.n;
}

/**
 * Gives a dead job its tries back and makes it due now (graphile-worker's reschedule_jobs):
 * a worker picks it up at the next poll. Answers the job's task, or null when no dead job has that
 * id. Audited (`job.retry`, with the task, in the same transaction): a retried draw or mail run is
 * something a person did. The CLI's `dead-jobs --retry` and the back office's Retry both call it.
 */
export async function retryDeadJob(pool: pg.Pool, id: number, by: { staffId: number | null; actor: string; at: Date }): Promise<{ task: string } | null> {
  return inTransaction(pool, async (client) => {
    // Locked first: a second retry of the same job at once waits here, then finds it no longer dead.
    const dead = await client.query(`SELECT id FROM ${JOB_SCHEMA}._private_jobs WHERE id = $1 AND attempts >= max_attempts AND locked_at IS NULL FOR UPDATE`, [id]);
    if (dead.rowCount !== 1) return null;
    const { rows } = await client.query<{ id: string; task_identifier: string }>(
      `SELECT r.id, j.task_identifier FROM ${JOB_SCHEMA}.reschedule_jobs(
         (SELECT array_agg(id) FROM ${JOB_SCHEMA}._private_jobs WHERE id = $1 AND attempts >= max_attempts AND locked_at IS NULL),
         run_at => now(), attempts => 0) r JOIN ${JOB_SCHEMA}.jobs j ON j.id = r.id`,
      [id],
    );
    if (rows.length !== 1) return null;
    const task = rows[0]!.task_identifier;
    await recordStaffAction(client, { staffId: by.staffId, actor: by.actor, action: 'job.retry', subject: `job #${id}`, after: { task }, at: by.at });
    return { task };
  });
}
