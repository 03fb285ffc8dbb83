import { z } from 'zod/mini';
import { WpHttpError } from './wp-error.ts';

// zod/mini ships without messages (the browser bundles stay small); the API names
// what is wrong in plain English.
z.config(z.locales.en());

/**
 * Validates a request payload with a contracts schema. Failures answer like
 * WordPress: `rest_missing_callback_param` when required fields are absent,
 * otherwise `rest_invalid_param` with a message per offending field.
 */
export function parseInput<S extends z.ZodMiniType>(schema: S, input: unknown): z.infer<S> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new WpHttpError(400, 'rest_invalid_param', 'The request body must be a JSON object.');
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const params: Record<string, string> = {};
  const missing: string[] = [];
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) params[key] = 'Unknown parameter.';
      continue;
    }
    const field = String(issue.path[0] ?? 'body');
    const absent = issue.code === 'invalid_type' && (input as Record<string, unknown>)[field] === undefined;
    if (absent) missing.push(field);
    else params[field] ??= issue.message;
  }
  if (missing.length > 0 && Object.keys(params).length === 0) {
    throw new WpHttpError(400, 'rest_missing_callback_param', `Missing parameter(s): ${missing.join(', ')}`, { params: missing });
  }
  for (const field of missing) params[field] = 'Required.';
  throw new WpHttpError(400, 'rest_invalid_param', `Invalid parameter(s): ${Object.keys(params).join(', ')}`, { params });
}
