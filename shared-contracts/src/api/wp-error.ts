import { z } from 'zod/mini';

/** WordPress REST error body: every failing call of the shop API answers with this. */
export const wpErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  data: z.optional(z.nullable(z.looseObject({ status: z.int() }))),
});
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
