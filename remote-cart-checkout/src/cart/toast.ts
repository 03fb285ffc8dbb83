import { ApiError, emit } from '@cgg/contracts';

/** Toasts belong to the shell (docs/decisions.md#events-between-apps): ask for one. Errors show red for 4 s. */
export function toastError(message: string): void {
  emit('shell:toast', { variant: 'error', message: message.slice(0, 500) });
}

export function toastSuccess(message: string): void {
  emit('shell:toast', { variant: 'success', message });
}

/** The server's own message (spec section 8), or a plain one when the shop could not be reached. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError && error.code !== 'http_error' && error.code !== 'invalid_response' && error.message) return error.message;
  if (error instanceof TypeError) return 'We could not reach the shop. Check your connection and try again.';
  return fallback;
}
