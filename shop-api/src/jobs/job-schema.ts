import type pg from 'pg';
import { runMigrations } from 'graphile-worker';
import { jobLogger } from './job-logger.ts';

/**
 * Creates or updates graphile-worker's schema (`graphile_worker`) on the app's database. The
 * library keeps its own migration list and takes its own advisory lock, so instances starting
 * together are safe; an up-to-date schema costs one query.
 */
export async function migrateJobQueue(pool: pg.Pool): Promise<void> {
  await runMigrations({ pgPool: pool, logger: jobLogger() });
}
