import type { Cache, State } from 'swr';

/** Spec section 9: unused competition data is kept 60 seconds. */
export const RETENTION_MS = 60_000;

/**
 * An swr cache that forgets an entry once nobody has read or written it for `ttlMs`.
 * A mounted hook reads its entry on every render, so data in use stays; data a page
 * left behind goes 60 s later and the next visit fetches it again.
 */
export function createRetentionCache(ttlMs = RETENTION_MS, now: () => number = Date.now): Cache & { size(): number } {
  const entries = new Map<string, { state: State; lastUsed: number }>();
  const expired = (lastUsed: number) => now() - lastUsed >= ttlMs;
  const prune = () => {
    for (const [key, entry] of entries) if (expired(entry.lastUsed)) entries.delete(key);
  };
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (expired(entry.lastUsed)) {
        entries.delete(key);
        return undefined;
      }
      entry.lastUsed = now();
      return entry.state;
    },
    set(key, state) {
      prune();
      entries.set(key, { state, lastUsed: now() });
    },
    delete(key) {
      entries.delete(key);
    },
    keys() {
      prune();
      return entries.keys();
    },
    size() {
      prune();
      return entries.size;
    },
  };
}
