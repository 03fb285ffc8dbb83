import {
  loadSeoSettings,
  loadSettings,
  loadWinnersSummary,
  readCached,
  readSiteContent,
  serverRender,
  zodLoaded,
  seoCacheRule,
  settingsCacheRule,
  winnersSummaryCacheRule,
  type CallName,
  type SeoSettings,
  type Settings,
  type TimedCacheRule,
  type WinnersSummary,
} from '@cgg/contracts';
import { useEffect, useState } from 'react';
import { useHydrating } from '../components/use-hydrating.ts';

/*
 * Settings, SEO and the winners summary go through the shared 15-minute localStorage
 * caches of @cgg/contracts (spec sections 4 and 9), the same stored copies the shell
 * reads: a stored value renders at once, a refresh runs only when it is 15 minutes old,
 * and a failed fetch is logged while the page works without it (section 8).
 */
function useCachedContent<T>(
  rule: TimedCacheRule<T>,
  load: () => Promise<T | undefined>,
  read: { call: CallName; payload: unknown },
): { value: T | undefined; isLoading: boolean } {
  const hydrating = useHydrating();
  const [state, setState] = useState(() => {
    const cached = readSiteContent(rule, { hydrating });
    // On the server, a value the page's answers lack is fetched for the next render pass.
    if (!cached) serverRender()?.want(read.call, read.payload);
    return { value: cached?.value, isLoading: !cached?.fresh };
  });
  useEffect(() => {
    let live = true;
    // The stored copy is checked with zod, which comes after the first screen (@cgg/contracts,
    // src/zod/): until then the page keeps what it rendered (the page's own answers).
    void zodLoaded()
      .then(() => {
        if (!live) return undefined;
        const cached = readCached(rule);
        setState({ value: cached?.value, isLoading: !cached?.fresh });
        return load();
      })
      .then((value) => {
        if (live) setState((s) => ({ value: value ?? s.value, isLoading: false }));
      });
    return () => {
      live = false;
    };
    // The rule's key identifies what is loaded (rule and load are new objects each render).
  }, [rule.key]);
  return state;
}

export function useSettings(): { settings: Settings | undefined; isLoading: boolean } {
  const { value, isLoading } = useCachedContent(settingsCacheRule, () => loadSettings(), { call: 'getsettings', payload: null });
  return { settings: value, isLoading };
}

export function useSeoSettings(page: string): SeoSettings | undefined {
  return useCachedContent(seoCacheRule(page), () => loadSeoSettings(page), { call: 'getSEOSettings', payload: { page } }).value;
}

export function useWinnersSummary(): { summary: WinnersSummary | undefined; isLoading: boolean } {
  const { value, isLoading } = useCachedContent(winnersSummaryCacheRule, () => loadWinnersSummary(), { call: 'winnersSummary', payload: null });
  return { summary: value, isLoading };
}
