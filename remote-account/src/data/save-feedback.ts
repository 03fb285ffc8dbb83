import { ApiError, emit } from '@cgg/contracts';
import { noticeRefusedCall } from '../session/session.ts';

/** Spec section 8 success toasts (the leading space of the first is the spec's). */
export const PROFILE_UPDATED = ' Profile updated successfully!';
export const DETAILS_UPDATED = 'Details updated successfully!';
/** Fallbacks when a failed save carries no text: profile saves, then user-details saves. */
export const PROFILE_SAVE_FALLBACK = 'An error occurred.';
export const DETAILS_SAVE_FALLBACK = 'Failed to update user details.';

export function toastSuccess(message: string): void {
  emit('shell:toast', { message, variant: 'success' });
}

export function toastError(message: string): void {
  emit('shell:toast', { message, variant: 'error' });
}

/**
 * The server's error text of a failed call; `fallback` when it has none worth showing. A call
 * refused because the session ended also sends the customer to sign in (noticeRefusedCall).
 */
export function errorText(error: unknown, fallback: string): string {
  noticeRefusedCall(error);
  // A drifted or unreadable answer has a technical message; the customer gets the fallback.
  if (error instanceof ApiError && !['invalid_response', 'invalid_json', 'http_error'].includes(error.code) && error.message.trim()) {
    return error.message;
  }
  return fallback;
}

/** A `{success: false, error}` answer: its error text, or the fallback. */
export function unsuccessfulText(answer: { error?: string }, fallback: string): string {
  return answer.error?.trim() ? answer.error : fallback;
}
