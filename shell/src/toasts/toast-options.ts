import type { EventPayload } from '@cgg/contracts';

export type ToastVariant = EventPayload<'shell:toast'>['variant'];

/**
 * Spec section 9: 4000 ms for errors and blank (default) toasts, 2000 ms for success, none
 * timed while loading (null: a loading toast stays until it is replaced or dismissed).
 */
export function toastDuration(variant: ToastVariant): number | null {
  if (variant === 'loading') return null;
  return variant === 'success' ? 2000 : 4000;
}

/** Spec section 9: at most 20 toasts at once. */
export const MAX_TOASTS = 20;
