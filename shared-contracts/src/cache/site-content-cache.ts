import { calls } from '../api/calls.ts';
import { apiRequest, type RequestOptions } from '../api/client.ts';
import type { SeoSettings, Settings, WinnersSummary } from '../api/content.ts';
import { readCached, readThrough, writeCached, type CacheDeps } from './timed-local-cache.ts';
import { seoCacheRule, settingsCacheRule, winnersSummaryCacheRule } from './cache-rules.ts';
import { takeAllPageData } from './page-data.ts';

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
 * Stores the settings and SEO rows the page's HTML carried (page-data.ts) in their caches,
 * unless a fresh copy is already there, so the first render of every front end has them:
 * the announcement bar and titles appear with the page instead of pushing it down a moment
 * later, and nobody asks the API for them again.
 */
export function primeSiteContentCaches(deps: CacheDeps = {}): void {
  for (const { response } of takeAllPageData('getsettings', (deps.now ?? Date.now)())) {
    if (!readCached(settingsCacheRule, deps)?.fresh) writeCached(settingsCacheRule, (response as { data: Settings }).data, deps);
  }
  for (const { payload, response } of takeAllPageData('getSEOSettings', (deps.now ?? Date.now)())) {
    const page = (payload as { page?: unknown }).page;
    const row = (response as { data: SeoSettings[] }).data[0];
    if (typeof page !== 'string' || !row) continue;
    if (!readCached(seoCacheRule(page), deps)?.fresh) writeCached(seoCacheRule(page), row, deps);
  }
}

// At start-up, before any front end reads a cache (the element is in the page's head).
if (typeof document !== 'undefined') primeSiteContentCaches();
