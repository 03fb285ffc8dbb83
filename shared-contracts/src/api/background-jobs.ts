import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';

/*
 * The job queue's dead-letter list for the back office (read-only; shop-api's `dead-jobs` CLI
 * command lists and retries the same jobs): background work that used all its tries.
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
