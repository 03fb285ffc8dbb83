import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { provideZod } from '../zod/zod-runtime.ts';
import { zodMembers } from '../zod/zod-members.ts';

// This file imports zod itself: handing it over lets its schemas, and the barrel's they build on,
// validate at once in the browser too, where the barrel loads zod only on demand (src/zod/).
provideZod(zodMembers);

/*
 * The job queue's dead-letter list for the back office (shop-api's `dead-jobs` CLI command lists
 * and retries the same jobs): background work that used all its tries, and retrying one.
 */

/** One dead job: what it was, how often it was tried, and the last error it failed with. */
export const deadJobSchema = lazySchema(() => z.object({
  id: z.int(),
  task: z.string(),
  attempts: z.int(),
  last_error: z.nullable(z.string()),
  payload: z.unknown(),
  created_at: z.string(),
  failed_at: z.string(),
}));
export type DeadJob = z.infer<typeof deadJobSchema>;
export const staffDeadJobsRequestSchema = lazySchema(() => z.strictObject({}));
export const staffDeadJobsResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: z.array(deadJobSchema) }));
/** Gives one dead job its tries back, due now. 404 `cgg_dead_job_not_found`: no failed job has that id (retried already, or never failed). */
export const staffRetryDeadJobRequestSchema = lazySchema(() => z.strictObject({ id: z.int().check(z.positive()) }));
export const staffRetryDeadJobResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: z.object({ id: z.int(), task: z.string() }) }));
