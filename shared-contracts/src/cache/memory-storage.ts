import type { CacheStorage } from './timed-local-cache.ts';

/** A localStorage stand-in for tests and for environments without storage. */
export function memoryStorage(initial: Record<string, string> = {}): CacheStorage & { dump(): Record<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    dump: () => Object.fromEntries(data),
  };
}
