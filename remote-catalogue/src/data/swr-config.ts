import type { SWRConfiguration } from 'swr';
import { createRetentionCache, RETENTION_MS } from './retention-cache.ts';

/** One cache for every catalogue page, so moving between them reuses what was fetched. */
let catalogueCache = createRetentionCache();

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
  provider: () => catalogueCache,
  dedupingInterval: RETENTION_MS,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  errorRetryCount: 2,
  keepPreviousData: true,
} satisfies SWRConfiguration;
