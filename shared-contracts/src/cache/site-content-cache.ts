import { calls } from '../api/calls.ts';
import { apiRequest, type RequestOptions } from '../api/client.ts';
import type { SeoSettings, Settings, WinnersSummary } from '../api/content.ts';
import { readCached, readThrough, storedWithinAge, writeCached, type CacheDeps, type CachedValue, type TimedCacheRule } from './timed-local-cache.ts';
import { isZodLoaded, whenZodLoaded } from '../zod/zod-runtime.ts';
import { memoryStorage } from './memory-storage.ts';
import { serverRender } from './server-render.ts';
import { seoCacheRule, settingsCacheRule, winnersSummaryCacheRule } from './cache-rules.ts';
import { pageDataEntries, pageRenderedAt, takeAllPageData, type PageDataEntry } from './page-data.ts';

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
 * their caches, unless a fresh copy is already there (the spec's 15-minute rule: a stored copy
 * under 15 minutes old is what the visitor keeps seeing), so the first render of every front end
 * has them: the announcement bar and titles appear with the page instead of pushing it down a
 * moment later, and nobody asks the API for them again.
 */
export function primeSiteContentCaches(deps: CacheDeps = {}, entries: readonly PageDataEntry[] = takeAllEntries(deps)): void {
  const keep = <T>(rule: TimedCacheRule<T>, value: T) => {
    const keepUnlessFresh = () => {
      if (!readCached(rule, deps)?.fresh) writeCached(rule, value, deps);
    };
    if (isZodLoaded()) keepUnlessFresh();
    // Before zod is on the page (src/zod/) the stored copy cannot be checked: one stored within
    // the rule's age is checked once zod has come (and replaced by the page's answer if it fails);
    // anything else is replaced now by the page's answer, which the shell's server validated.
    else if (storedWithinAge(rule, deps)) whenZodLoaded(keepUnlessFresh);
    else writeCached(rule, value, deps);
  };
  for (const { call, payload, response } of entries) {
    if (call === 'getsettings') keep(settingsCacheRule, (response as { data: Settings }).data);
    if (call === 'winnersSummary') keep(winnersSummaryCacheRule, response as WinnersSummary);
    if (call === 'getSEOSettings') {
      const page = (payload as { page?: unknown } | null)?.page;
      const row = (response as { data: SeoSettings[] }).data[0];
      if (typeof page === 'string' && row) keep(seoCacheRule(page), row);
    }
  }
}

/**
 * A site-content value for a render. While the browser hydrates a server-rendered page, the value
 * the server rendered it from (the page's answers), so the HTML and the first render agree; the
 * app then moves to its stored copy if that one differs (a fresh copy the visitor already had).
 * Otherwise, and on the server (whose storage holds the page's answers), the stored copy.
 */
export function readSiteContent<T>(rule: TimedCacheRule<T>, { hydrating }: { hydrating: boolean }): CachedValue<T> | undefined {
  if (!hydrating || serverRender()) return readCached(rule);
  const storage = memoryStorage();
  const now = pageRenderedAt() ?? Date.now();
  primeSiteContentCaches({ storage, now: () => now }, pageDataEntries());
  // This storage holds only the page's own answers, validated by the shell's server when it read
  // them (page-data.ts): hydration needs no zod (src/zod/).
  return readCached({ ...rule, accept: (value): value is T => value !== undefined }, { storage, now: () => now });
}

function takeAllEntries(deps: CacheDeps): PageDataEntry[] {
  const now = (deps.now ?? Date.now)();
  return (['getsettings', 'winnersSummary', 'getSEOSettings'] as const).flatMap((call) =>
    takeAllPageData(call, now).map(({ payload, response }) => ({ call, payload, response })),
  );
}

// At start-up, before any front end reads a cache (the element is in the page's head).
if (typeof document !== 'undefined') primeSiteContentCaches();
