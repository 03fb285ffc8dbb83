import { unstable_serialize, type Cache, type Middleware, type SWRConfiguration } from 'swr';
import { calls, pageDataEntries, serverRender, type CallName } from '@cgg/contracts';
import { apiKey } from './api-key.ts';
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
 * The answers the page was rendered from (contracts' page data), as swr fallback data: on the
 * server they are what the page renders (swr never fetches there), and in the browser the first
 * render shows exactly the same, so hydration matches and asks the API nothing. Only while the
 * page data is fresh (a minute), like anything else the catalogue keeps.
 */
function pageFallback(): Record<string, unknown> {
  const fallback: Record<string, unknown> = {};
  for (const { call, payload, response } of pageDataEntries()) fallback[unstable_serialize(apiKey(call, payload))] = response;
  return fallback;
}

/**
 * On the server, a read with no answer in the page data is reported, so the shell's server
 * fetches it and renders the page again with it (contracts' server-render.ts).
 */
const reportMissingOnServer: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const render = serverRender();
  if (render && Array.isArray(key) && key[0] === 'catalogue' && (key[1] as string) in calls) {
    const [, call, payload] = key as [string, CallName, unknown];
    if (!(unstable_serialize(key) in (config.fallback ?? {}))) render.want(call, payload);
  }
  return useSWRNext(key, fetcher, config);
};

/**
 * The spec's competition-list caching (section 9): unused data kept 60 s, no refetch on
 * focus, reconnect or mount. `revalidateIfStale: false` is "no refetch on mount when
 * cached": a first visit still fetches, a return visit within 60 s does not.
 * Built per page mount: the page's data is its fallback (above), for a signed-in customer too:
 * the API answers these calls alike for everyone (api-key.ts). Should it ever answer a customer
 * differently, a customer's page must ask again once mounted (`revalidateOnMount`), and a
 * spinner must not replace the carried answers meanwhile (use-competitions.ts' `loaded`).
 */
export function catalogueSwrConfig(): SWRConfiguration {
  return {
    provider: cacheView,
    dedupingInterval: RETENTION_MS,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
    errorRetryCount: 2,
    keepPreviousData: true,
    fallback: pageFallback(),
    use: [reportMissingOnServer],
  };
}
