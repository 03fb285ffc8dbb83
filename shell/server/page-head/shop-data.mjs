import { apiRequest, calls } from '@cgg/contracts';

/** A head waits at most this long for the API; a slow answer leaves the page its default head. */
const defaultTimeoutMs = 1500;
/** Shared links arrive in bursts (one post, many phones and link previewers): one API read per minute serves them all. */
const defaultTtlMs = 60_000;

/**
 * What the shell's server reads from the shop API to write page heads and the sitemap:
 * the contracts' calls with the storefront's site credential (never a customer's token,
 * so nothing personal reaches cached HTML), each answer kept for a minute and shared by
 * concurrent requests. A failed or slow read resolves to undefined; a competition the API
 * does not have, to null.
 */
export function createShopData({ apiUrl, ttlMs = defaultTtlMs, timeoutMs = defaultTimeoutMs, now = Date.now, log = console }) {
  const cache = new Map();

  function read(key, load) {
    const hit = cache.get(key);
    if (hit && now() - hit.at < ttlMs) return hit.value;
    const value = load(AbortSignal.timeout(timeoutMs)).catch((error) => {
      log.warn(`[shell] page head: ${key} unavailable (${error instanceof Error ? error.message : String(error)})`);
      // A failure is not kept: the next request asks again.
      cache.delete(key);
      return undefined;
    });
    cache.set(key, { at: now(), value });
    // The cache never outgrows what a site has: bounded anyway against odd ids in URLs.
    if (cache.size > 2000) cache.delete(cache.keys().next().value);
    return value;
  }

  const call = (name, payload, signal) => apiRequest(calls[name], payload, { baseUrl: apiUrl, signal });

  return {
    // Whole answers, as the API gave them: they also travel to the browser as page data.
    seo: (page) => read(`seo:${page}`, (signal) => call('getSEOSettings', { page }, signal)),
    settings: () => read('settings', (signal) => call('getsettings', undefined, signal)),
    featured: () => read('featured', (signal) => call('featuredCompetition', {}, signal)),
    competition: (id) =>
      read(`competition:${id}`, (signal) =>
        call('getcompetition', { id }, signal).catch((error) => {
          // An unknown id is an answer, not an outage: the page gets a not-found head.
          if (error?.status === 404) return null;
          throw error;
        }),
      ),
    /** Every competition that is on sale or awaiting its draw, for the sitemap. */
    listedCompetitions: () =>
      read('listed', async (signal) => {
        const first = await call('competition', { status: 'all', limit: 100, page: 1 }, signal);
        const rest = [];
        for (let page = 2; page <= Math.min(first.total_pages, 50); page += 1) {
          rest.push(call('competition', { status: 'all', limit: 100, page }, signal));
        }
        return [first, ...(await Promise.all(rest))].flatMap((r) => r.data);
      }),
  };
}
