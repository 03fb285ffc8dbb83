import type { z } from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { loadZod } from '../zod/zod-runtime.ts';

/** WordPress REST error body: every failing call of the shop API answers with this. */
export const wpErrorSchema = lazySchema((z) => z.object({
  code: z.string(),
  message: z.string(),
  data: z.optional(z.nullable(z.looseObject({ status: z.int() }))),
}));
export type WpError = z.infer<typeof wpErrorSchema>;

/** Thrown by the API client for any non-2xx answer or unreadable body. */
/** Marks every ApiError, whichever copy of this module made it (see `Symbol.hasInstance`). */
const API_ERROR_BRAND = Symbol.for('@cgg/contracts/ApiError');

export class ApiError extends Error {
  /**
   * `instanceof ApiError` holds for an ApiError of any copy of this module: an app bundles its
   * own copy of the entries federation does not share (`@cgg/contracts/store` throws from it)
   * and of the whole package when its contracts version differs from the page's.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[API_ERROR_BRAND] === true;
  }

  readonly [API_ERROR_BRAND] = true;
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
    await loadZod();
    const parsed = wpErrorSchema.safeParse(JSON.parse(text));
    if (parsed.success) return new ApiError(parsed.data.code, parsed.data.message, res.status, parsed.data.data);
  } catch {
    // not JSON (or zod could not be fetched): fall through to a generic error below
  }
  return new ApiError('http_error', `Request failed with status ${res.status}`, res.status);
}
