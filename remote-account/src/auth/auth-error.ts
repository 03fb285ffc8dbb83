import { ApiError } from '@cgg/contracts';

/** What the customer reads when a sign-in style call fails: the server's words when it gave some. */
export function authErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return error.message || 'Too many attempts. Please wait a few minutes and try again.';
    if (!['invalid_response', 'invalid_json', 'http_error'].includes(error.code) && error.message) return error.message;
    if (error.status >= 500) return 'We could not reach your account just now. Please try again in a moment.';
  }
  return 'We could not reach your account just now. Please try again in a moment.';
}
