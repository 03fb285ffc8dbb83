import { calls } from '../api/calls.ts';
import { apiRequest, type RequestOptions } from '../api/client.ts';
import type { SeoSettings, Settings, WinnersSummary } from '../api/content.ts';
import { readThrough, writeCached, type CacheDeps } from './timed-local-cache.ts';
import { seoCacheRule, settingsCacheRule, winnersSummaryCacheRule } from './cache-rules.ts';
import { takeAllPageData, type PageDataEntry } from './page-data.ts';

/*
 * The three cached site-content reads (spec sections 4, 8, 9), shared by the shell and
 * the catalogue: 15-minute localStorage caches; a failure is logged and answers the
 * stale value or undefined.
 */

export function loadSettings(deps?: CacheDeps, request?: RequestOptions): Promise<Settings | undefined> {
  return readThrough(settingsCacheRule, async () => (await apiRequest(calls.getsettings, undefined, request)).data, deps);
}

export function loadWinnersSummary(deps?: CacheDeps, request?: RequestOptions): Promise<WinnersSummary | undefined> {
  return readThrough(winnersSummaryCacheRule, () => apiRequest(calls.winnersSummary, undefined, request), deps);
}

export function loadSeoSettings(page: string, deps?: CacheDeps, request?: RequestOptions): Promise<SeoSettings | undefined> {
  return readThrough(
    seoCacheRule(page),
    async () => {
      const answer = await apiRequest(calls.getSEOSettings, { page }, request);
      const row = answer.data[0];
      if (!answer.success || !row) throw new Error(`no SEO settings for page "${page}"`);
      return row;
    },
    deps,
  );
}

/**
 * Stores the settings, SEO rows and winners summary the page's HTML carried (page-data.ts) in
 * their caches, so the first render of every front end has them: the announcement bar and
 * titles appear with the page instead of pushing it down a moment later, and nobody asks the
 * API for them again. The page's copy replaces a stored one: it is at most a minute old, and it
 * is what the server rendered the page from, so the browser's first render matches the HTML.
 * The shell's server primes each render's storage stand-in the same way (`entries`).
 */
export function primeSiteContentCaches(deps: CacheDeps = {}, entries: readonly PageDataEntry[] = takeAllEntries(deps)): void {
  for (const { call, payload, response } of entries) {
    if (call === 'getsettings') writeCached(settingsCacheRule, (response as { data: Settings }).data, deps);
    if (call === 'winnersSummary') writeCached(winnersSummaryCacheRule, response as WinnersSummary, deps);
    if (call === 'getSEOSettings') {
      const page = (payload as { page?: unknown } | null)?.page;
      const row = (response as { data: SeoSettings[] }).data[0];
      if (typeof page === 'string' && row) writeCached(seoCacheRule(page), row, deps);
    }
  }
}

function takeAllEntries(deps: CacheDeps): PageDataEntry[] {
  const now = (deps.now ?? Date.now)();
  return (['getsettings', 'winnersSummary', 'getSEOSettings'] as const).flatMap((call) =>
    takeAllPageData(call, now).map(({ payload, response }) => ({ call, payload, response })),
  );
}

// At start-up, before any front end reads a cache (the element is in the page's head).
if (typeof document !== 'undefined') primeSiteContentCaches();
