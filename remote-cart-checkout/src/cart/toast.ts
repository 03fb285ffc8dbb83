import { ApiError, emit } from '@cgg/contracts';

/** Toasts belong to the shell (docs/decisions.md#events-between-apps): ask for one. Errors show red for 4 s. */
export function toastError(message: string): void {
  emit('shell:toast', { variant: 'error', message: message.slice(0, 500) });
}

export function toastSuccess(message: string): void {
  emit('shell:toast', { variant: 'success', message });
}

/** How an operation shown by a loading toast ends: its outcome replaces the toast, or it just closes. */
export interface LoadingToast {
  error(message: string): void;
  success(message: string): void;
  done(): void;
  /** Closes what it shows now, its outcome included (a new attempt makes the last one's outcome old news). */
  dismiss(): void;
}

let loadingCount = 0;

/**
 * A loading toast (never timed, spec section 9) for an operation that takes noticeable
 * time. The first of error / success / done ends it; later calls do nothing, so a
 * `finally { done() }` never closes the outcome that replaced it.
 */
export function toastLoading(message: string, name = 'cart'): LoadingToast {
  const id = `${name}-${++loadingCount}`;
  emit('shell:toast', { variant: 'loading', message, id });
  let open = true;
  const end = (run: () => void) => {
    if (!open) return;
    open = false;
    run();
  };
  return {
    error: (text) => end(() => emit('shell:toast', { variant: 'error', message: text.slice(0, 500), id })),
    success: (text) => end(() => emit('shell:toast', { variant: 'success', message: text, id })),
    done: () => end(() => emit('shell:toast-dismiss', { id })),
    dismiss: () => {
      open = false;
      emit('shell:toast-dismiss', { id });
    },
  };
}

/** The server's own message (spec section 8), or a plain one when the shop could not be reached. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError && error.code !== 'http_error' && error.code !== 'invalid_response' && error.message) return error.message;
  if (error instanceof TypeError) return 'We could not reach the shop. Check your connection and try again.';
  return fallback;
}
