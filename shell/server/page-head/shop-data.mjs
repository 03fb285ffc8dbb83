import { apiRequest, calls, pageDataKey } from '@cgg/contracts';

/** A head waits at most this long for the API; a slow answer leaves the page its default head. */
const defaultTimeoutMs = 1500;
/** Crawlers fetch the sitemap often; it is read again after five minutes. */
const sitemapTtlMs = 5 * 60_000;

/**
 * What the shell's server reads from the shop API to write page heads and the sitemap:
 * the contracts' calls with the storefront's site credential (never a customer's token,
 * so nothing personal reaches cached HTML). Requests arriving together share one read (a
 * link shared on social media brings many at once); a finished read is reused for `ttlMs`
 * (none by default: the answers also travel in the page as its data, and tickets left or a
 * changed setting must be as fresh as the API's). A failed or slow read resolves to
 * undefined; a competition the API does not have, to null.
 */
export function createShopData({ apiUrl, ttlMs = 0, timeoutMs = defaultTimeoutMs, now = Date.now, log = console }) {
  const cache = new Map();

  function read(key, load, ttl = ttlMs) {
    const hit = cache.get(key);
    if (hit && (hit.pending || now() - hit.settledAt < ttl)) return hit.value;
    const entry = { pending: true, settledAt: 0, value: undefined };
    entry.value = load(AbortSignal.timeout(timeoutMs)).then(
      (value) => {
        entry.pending = false;
        entry.settledAt = now();
        return value;
      },
      (error) => {
        log.warn(`[shell] page head: ${key} unavailable (${error instanceof Error ? error.message : String(error)})`);
        // A failure is not kept: the next request asks again.
        if (cache.get(key) === entry) cache.delete(key);
        return undefined;
      },
    );
    cache.set(key, entry);
    // The cache never outgrows what a site has: bounded anyway against odd ids in URLs.
    if (cache.size > 2000) cache.delete(cache.keys().next().value);
    return entry.value;
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
    /** Any public call a server render needs (server/render/); null for a 404. */
    read: (name, payload) =>
      read(pageDataKey(name, payload), (signal) =>
        call(name, payload ?? undefined, signal).catch((error) => {
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
      }, sitemapTtlMs),
  };
}
