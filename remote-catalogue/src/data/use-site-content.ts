import {
  loadSeoSettings,
  loadSettings,
  loadWinnersSummary,
  readCached,
  seoCacheRule,
  settingsCacheRule,
  winnersSummaryCacheRule,
  type SeoSettings,
  type Settings,
  type TimedCacheRule,
  type WinnersSummary,
} from '@cgg/contracts';
import { useEffect, useState } from 'react';

/*
 * Settings, SEO and the winners summary go through the shared 15-minute localStorage
 * caches of @cgg/contracts (spec sections 4 and 9), the same stored copies the shell
 * reads: a stored value renders at once, a refresh runs only when it is 15 minutes old,
 * and a failed fetch is logged while the page works without it (section 8).
 */
function useCachedContent<T>(rule: TimedCacheRule<T>, load: () => Promise<T | undefined>): { value: T | undefined; isLoading: boolean } {
  const [state, setState] = useState(() => {
    const cached = readCached(rule);
    return { value: cached?.value, isLoading: !cached?.fresh };
  });
  useEffect(() => {
    let live = true;
    const cached = readCached(rule);
    setState({ value: cached?.value, isLoading: !cached?.fresh });
    void load().then((value) => {
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
  const { value, isLoading } = useCachedContent(settingsCacheRule, () => loadSettings());
  return { settings: value, isLoading };
}

export function useSeoSettings(page: string): SeoSettings | undefined {
  return useCachedContent(seoCacheRule(page), () => loadSeoSettings(page)).value;
}

export function useWinnersSummary(): { summary: WinnersSummary | undefined; isLoading: boolean } {
  const { value, isLoading } = useCachedContent(winnersSummaryCacheRule, () => loadWinnersSummary());
  return { summary: value, isLoading };
}
