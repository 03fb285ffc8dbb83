import { useSyncExternalStore } from 'react';

const query = '(prefers-reduced-motion: reduce)';
const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null);

function subscribe(listener: () => void): () => void {
  const m = media();
  m?.addEventListener?.('change', listener);
  return () => m?.removeEventListener?.('change', listener);
}

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => media()?.matches ?? false, () => false);
}
