import type { Cache, SWRConfiguration } from 'swr';
import { createRetentionCache, RETENTION_MS } from './retention-cache.ts';

/** One store for every catalogue page, so moving between them reuses what was fetched. */
let catalogueCache = createRetentionCache();

/**
 * Each page mounts its own SWRConfig, and swr forgets a provider's state when the
 * SWRConfig that registered it unmounts. Handing every mount the same object would
 * let the page being left wipe the state of the page being entered (its hooks then
 * crash on their next render), so every mount gets its own view of the one store.
 */
function cacheView(): Cache {
  const store = catalogueCache;
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
    keys: () => store.keys(),
  };
}

/** A fresh cache (tests; a future sign-out): pages mounted afterwards start empty. */
export function resetCatalogueCache(): void {
  catalogueCache = createRetentionCache();
}

/**
 * The spec's competition-list caching (section 9): unused data kept 60 s, no refetch on
 * focus, reconnect or mount. `revalidateIfStale: false` is "no refetch on mount when
 * cached": a first visit still fetches, a return visit within 60 s does not.
 */
export const catalogueSwrConfig = {
  provider: cacheView,
  dedupingInterval: RETENTION_MS,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  errorRetryCount: 2,
  keepPreviousData: true,
} satisfies SWRConfiguration;
