import { competitionSchema, isZodLoaded, type Competition } from '@cgg/contracts';

/**
 * The spec's locally stored keys (section 9) the catalogue owns: "competitions to fetch"
 * and "fetched competition". (The show-question flag it reads is in show-question.ts; the
 * settings, SEO and winners caches live in @cgg/contracts.)
 */
export const catalogueStorageKeys = {
  /** `{list, pages}`: the competition list the list page fetches and how many of its pages. */
  competitionsToFetch: 'competitions_to_fetch',
  /** The competition the details page fetched last (the content API payload). */
  fetchedCompetition: 'fetched_competition',
} as const;

/** A restored list fetches at most this many pages again. */
export const MAX_RESTORED_PAGES = 10;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** localStorage, or nothing when the browser blocks it (private mode): the pages work without it. */
function local(): KeyValueStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function readJson(key: string, storage: KeyValueStorage | undefined): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown, storage: KeyValueStorage | undefined): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch (error) {
    // Full or blocked storage: the page still works, it just starts afresh next time.
    console.warn(`[catalogue] could not store ${key}`, error);
  }
}

/**
 * How many pages of `list` to fetch: as many as were shown when the customer last left
 * this same list (back from a competition, or a reload), else 1.
 */
export function pagesToFetch(list: string, storage = local()): number {
  const stored = readJson(catalogueStorageKeys.competitionsToFetch, storage) as { list?: unknown; pages?: unknown } | null;
  if (!stored || stored.list !== list || typeof stored.pages !== 'number' || !Number.isInteger(stored.pages)) return 1;
  return Math.min(Math.max(stored.pages, 1), MAX_RESTORED_PAGES);
}

export function rememberCompetitionsToFetch(list: string, pages: number, storage = local()): void {
  writeJson(catalogueStorageKeys.competitionsToFetch, { list, pages }, storage);
}

/**
 * The stored fetched competition when it still reads as a competition payload; anything else
 * counts as none, and so does one read before zod is on the page (it comes after the first
 * screen: @cgg/contracts, src/zod/), which cannot be checked yet.
 */
export function readFetchedCompetition(storage = local()): Competition | null {
  if (!isZodLoaded()) return null;
  const parsed = competitionSchema.safeParse(readJson(catalogueStorageKeys.fetchedCompetition, storage));
  return parsed.success ? parsed.data : null;
}

export function rememberFetchedCompetition(competition: Competition, storage = local()): void {
  writeJson(catalogueStorageKeys.fetchedCompetition, competition, storage);
}

/** A competition the API no longer has is not kept. */
export function forgetFetchedCompetition(id: number, storage = local()): void {
  if (readFetchedCompetition(storage)?.id === id) writeJson(catalogueStorageKeys.fetchedCompetition, null, storage);
}
