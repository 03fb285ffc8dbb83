import { useEffect } from 'react';

let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Resolves once the first page the visitor came for has rendered (or said it is unavailable). */
export function mainContentReady(): Promise<void> {
  return ready;
}

/**
 * Rendered next to a page inside its Suspense boundary, so its effect runs when the
 * page itself commits, not when its spinner does.
 */
export function MainContentReady() {
  useEffect(() => markReady(), []);
  return null;
}
