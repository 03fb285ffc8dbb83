import useSWR from 'swr';
import type { SeoSettings, Settings, WinnersSummary } from '@cgg/contracts';
import { apiFetcher, apiKey } from './api-key.ts';

/*
 * Settings, SEO and the winners summary fail silently (spec section 8): logged, and the
 * page works without them. Their 15-minute local caches are a later issue; swr holds
 * them for now.
 */
function logSilently(what: string) {
  return (error: unknown) => console.warn(`[catalogue] ${what} unavailable`, error);
}

export function useSettings(): { settings: Settings | undefined; isLoading: boolean } {
  const { data, isLoading } = useSWR(apiKey('getsettings'), apiFetcher, { onError: logSilently('settings'), shouldRetryOnError: false });
  return { settings: (data as { data: Settings } | undefined)?.data, isLoading };
}

export function useSeoSettings(page: string): SeoSettings | undefined {
  const { data } = useSWR(apiKey('getSEOSettings', { page }), apiFetcher, { onError: logSilently('SEO settings'), shouldRetryOnError: false });
  return (data as { data: SeoSettings[] } | undefined)?.data[0];
}

export function useWinnersSummary(): { summary: WinnersSummary | undefined; isLoading: boolean } {
  const { data, isLoading } = useSWR(apiKey('winnersSummary'), apiFetcher, { onError: logSilently('winners summary'), shouldRetryOnError: false });
  return { summary: data as WinnersSummary | undefined, isLoading };
}
