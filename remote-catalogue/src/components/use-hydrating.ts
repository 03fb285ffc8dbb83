import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * True on the server and while the browser hydrates the server's HTML (React then reads the
 * server snapshot); false in a render the browser does alone. For first values that must match
 * what the server rendered.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(noSubscription, () => false, () => true);
}
