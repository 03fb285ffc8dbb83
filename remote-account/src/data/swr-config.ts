import type { Cache, SWRConfiguration, State } from 'swr';

/**
 * Account data is per customer: one store for the account pages while signed in,
 * replaced on sign-in and sign-out so one customer never sees another's cached data.
 */
let accountCache = new Map<string, State>();

/** Each SWRConfig mount gets its own view of the one store (unmounting one must not wipe another's state). */
function cacheView(): Cache {
  const store = accountCache;
  return {
    get: (key) => store.get(key),
    set: (key, value) => void store.set(key, value),
    delete: (key) => void store.delete(key),
    keys: () => store.keys(),
  };
}

export function resetAccountCache(): void {
  accountCache = new Map();
}

/** Loaded once per screen visit; a save updates the cache itself. No refetch on focus or reconnect. */
export const accountSwrConfig = {
  provider: cacheView,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: false,
  dedupingInterval: 2_000,
} satisfies SWRConfiguration;
