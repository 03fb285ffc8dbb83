import { isZodLoaded, loadZod, zodLoaded } from '../zod/zod-runtime.ts';
import { serverRender } from './server-render.ts';

/**
 * The one place the spec's client cache rule lives (sections 4 and 9): a value kept in
 * localStorage with a timestamp, reused while younger than its maximum age, otherwise
 * fetched again and rewritten. A failed fetch is logged and answers the stale value (or
 * nothing): the page keeps working (section 8's silent failures).
 *
 * Clock, storage and logger are injectable so the rule is unit-tested with a fake clock.
 */

/** SEO, settings and winners-summary caches: 15 minutes (spec section 9). */
export const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;

export type CacheStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface TimedCacheRule<T> {
  /** localStorage key of the value (JSON). */
  key: string;
  /** localStorage key of the write time (milliseconds since the epoch, as text). */
  timestampKey: string;
  maxAgeMs: number;
  /** Accepts a stored or fetched value; a value it rejects counts as absent. */
  accept: (value: unknown) => value is T;
  /** Extra keys written with each fresh value (e.g. the spec's per-setting keys). */
  onWrite?: (value: T, storage: CacheStorage) => void;
}

export interface CacheDeps {
  storage?: CacheStorage | undefined;
  now?: () => number;
  log?: (message: string, error: unknown) => void;
}

export interface CachedValue<T> {
  value: T;
  /** Write time in milliseconds. */
  storedAt: number;
  fresh: boolean;
}

function defaultStorage(): CacheStorage | undefined {
  try {
    // On the server, the render's own stand-in, primed from the page's answers (server-render.ts).
    return globalThis.localStorage ?? serverRender()?.storage;
  } catch {
    // Storage can throw when blocked (privacy settings): run without a cache.
    return undefined;
  }
}

const defaultLog = (message: string, error: unknown): void => console.warn(message, error);

/** Where and how long a rule keeps its value (what reading it unchecked needs). */
type StoredPlace = Pick<TimedCacheRule<unknown>, 'key' | 'timestampKey' | 'maxAgeMs'>;

/** The stored text and its write time, unchecked; undefined when absent or unreadable. */
function readStored(rule: StoredPlace, storage: CacheStorage): { raw: string; storedAt: number } | undefined {
  const raw = storage.getItem(rule.key);
  const storedAt = Number(storage.getItem(rule.timestampKey));
  if (raw === null || !Number.isFinite(storedAt) || storedAt <= 0) return undefined;
  return { raw, storedAt };
}

function isFresh(rule: StoredPlace, storedAt: number, deps: CacheDeps): boolean {
  const age = (deps.now ?? Date.now)() - storedAt;
  // A timestamp in the future (clock changed) is not trusted as fresh.
  return age >= 0 && age < rule.maxAgeMs;
}

/**
 * Whether a value was stored within the rule's maximum age, without checking the value itself
 * (which needs zod: see readThrough). Never throws.
 */
export function storedWithinAge(rule: StoredPlace, deps: CacheDeps = {}): boolean {
  const storage = deps.storage ?? defaultStorage();
  try {
    const stored = storage && readStored(rule, storage);
    return stored ? isFresh(rule, stored.storedAt, deps) : false;
  } catch {
    return false;
  }
}

/**
 * The stored value, whether it is still fresh, or undefined when absent or unreadable. The
 * rules' `accept` are zod schemas: in the browser before zod is on the page (src/zod/) a stored
 * value cannot be checked, so it counts as absent and zod is asked for.
 */
export function readCached<T>(rule: TimedCacheRule<T>, deps: CacheDeps = {}): CachedValue<T> | undefined {
  const storage = deps.storage ?? defaultStorage();
  if (!storage) return undefined;
  try {
    const stored = readStored(rule, storage);
    if (!stored) return undefined;
    const value: unknown = JSON.parse(stored.raw);
    if (!rule.accept(value)) return undefined;
    return { value, storedAt: stored.storedAt, fresh: isFresh(rule, stored.storedAt, deps) };
  } catch {
    if (!isZodLoaded()) loadZod().catch(() => undefined);
    return undefined;
  }
}

/** Stores a value with the current time (and the rule's extra keys). Never throws. */
export function writeCached<T>(rule: TimedCacheRule<T>, value: T, deps: CacheDeps = {}): void {
  const storage = deps.storage ?? defaultStorage();
  if (!storage) return;
  try {
    storage.setItem(rule.key, JSON.stringify(value));
    storage.setItem(rule.timestampKey, String((deps.now ?? Date.now)()));
    rule.onWrite?.(value, storage);
  } catch (error) {
    // Quota exceeded or blocked: the fetched value is still used for this page.
    (deps.log ?? defaultLog)(`[cache] could not store ${rule.key}`, error);
  }
}

// One request per key at a time: the shell and a remote asking together share it
// (@cgg/contracts is a federation singleton, so this map is too).
const inFlight = new Map<string, Promise<unknown>>();

/**
 * The cache rule: a fresh stored value is returned without fetching; otherwise `fetcher`
 * runs and its value is stored with a new timestamp. If the fetch fails, the failure is
 * logged and the stale stored value (or undefined) is returned.
 */
export async function readThrough<T>(rule: TimedCacheRule<T>, fetcher: () => Promise<T>, deps: CacheDeps = {}): Promise<T | undefined> {
  // The stored value is checked with zod, which the browser loads after the first screen
  // (src/zod/). A value stored within the rule's age waits for it without asking for it: the
  // page already shows what it was rendered with, and the shell loads zod once the page is
  // interactive. Otherwise the value is fetched, and the answer must be checked now.
  await (storedWithinAge(rule, deps) ? zodLoaded() : loadZod().catch(() => undefined));
  const cached = readCached(rule, deps);
  if (cached?.fresh) return cached.value;
  const running = inFlight.get(rule.key) as Promise<T | undefined> | undefined;
  if (running) return running;
  const request = (async () => {
    try {
      const value = await fetcher();
      if (!rule.accept(value)) throw new Error(`unexpected value for ${rule.key}`);
      writeCached(rule, value, deps);
      return value;
    } catch (error) {
      (deps.log ?? defaultLog)(`[cache] ${rule.key} could not be refreshed`, error);
      return cached?.value;
    } finally {
      inFlight.delete(rule.key);
    }
  })();
  inFlight.set(rule.key, request);
  return request;
}
