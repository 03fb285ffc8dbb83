import { useEffect } from 'react';

let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Resolves once the first page the visitor came for has rendered (or said it is unavailable). */
export function mainContentReady(): Promise<void> {
  return ready;
}

/** What waits for the page goes on anyway if it never settles (a hung API, say). */
const MAIN_CONTENT_WAIT_MS = 4000;

/** mainContentReady, or MAIN_CONTENT_WAIT_MS from the first ask, whichever comes first. */
export function mainContentSettled(): Promise<void> {
  settled ??= Promise.race([ready, new Promise<void>((done) => setTimeout(done, MAIN_CONTENT_WAIT_MS))]);
  return settled;
}
let settled: Promise<void> | null = null;

/**
 * Rendered next to a page inside its Suspense boundary, so its effect runs when the
 * page itself commits, not when its spinner does.
 */
export function MainContentReady() {
  useEffect(() => markReady(), []);
  return null;
}
