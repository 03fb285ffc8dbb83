import { useSyncExternalStore } from 'react';
import { pageRenderedAt } from '@cgg/contracts';
import { useHydrating } from './use-hydrating.ts';

/*
 * One shared one-second clock for every countdown on the page: twenty cards tick
 * from one interval instead of twenty. It runs only while something listens.
 */
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * The current time, ticking each second. A server-rendered page shows the time its answers were
 * read, on the server and while the browser hydrates it, so both render the same countdowns;
 * the clock moves on from there.
 */
export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now, () => pageRenderedAt() ?? now);
}

/**
 * The time for a coarse decision (is the draw within three days? closed yet? NEW?): on the
 * server and while hydrating, the time the page's answers were read, like useNow, so the
 * browser's first render matches the server's HTML; in any other render, the time of that
 * render. It does not re-render each second.
 */
export function useRenderTime(): number {
  return useHydrating() ? (pageRenderedAt() ?? Date.now()) : Date.now();
}
