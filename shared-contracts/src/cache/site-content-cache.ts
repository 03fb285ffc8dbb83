import { calls } from '../api/calls.ts';
import { apiRequest, type RequestOptions } from '../api/client.ts';
import type { SeoSettings, Settings, WinnersSummary } from '../api/content.ts';
import { readThrough, type CacheDeps } from './timed-local-cache.ts';
import { seoCacheRule, settingsCacheRule, winnersSummaryCacheRule } from './cache-rules.ts';

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
