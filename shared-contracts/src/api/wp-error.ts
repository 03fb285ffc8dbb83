import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';

/** WordPress REST error body: every failing call of the shop API answers with this. */
export const wpErrorSchema = lazySchema(() => z.object({
  code: z.string(),
  message: z.string(),
  data: z.optional(z.nullable(z.looseObject({ status: z.int() }))),
}));
export type WpError = z.infer<typeof wpErrorSchema>;

/** Thrown by the API client for any non-2xx answer or unreadable body. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly data: unknown;

  constructor(code: string, message: string, status: number, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.data = data;
  }
}

/**
 * The ApiError for a non-2xx answer: the WordPress error body's code and message when
 * the body is one (both the spec's API and the Store API answer so), else a generic one.
 */
export async function apiErrorFromResponse(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  try {
    const parsed = wpErrorSchema.safeParse(JSON.parse(text));
    if (parsed.success) return new ApiError(parsed.data.code, parsed.data.message, res.status, parsed.data.data);
  } catch {
    // not JSON: fall through to a generic error below
  }
  return new ApiError('http_error', `Request failed with status ${res.status}`, res.status);
}
