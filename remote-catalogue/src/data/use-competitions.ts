import useSWR from 'swr';
import type { Competition, CompetitionListRequest, CompetitionListResponse } from '@cgg/contracts';
import { apiFetcher, apiKey } from './api-key.ts';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  /** Nothing to show yet: no answer (not even the one the page's HTML carried) while one is fetched. */
  isLoading: boolean;
}

/**
 * swr's own isLoading is also true on a mount that asks the API again (`revalidateOnMount`) while
 * the page's carried answers are already in `data`. A spinner then would differ from the server's
 * HTML: a hydration error, and the page rebuilt in the browser (a signed-in customer's pages did).
 */
export function loaded<T>(result: { data: unknown; error: unknown; isLoading: boolean }, pick: (raw: never) => T): Loaded<T> {
  const data = result.data === undefined ? undefined : pick(result.data as never);
  return { data, error: result.error, isLoading: result.isLoading && data === undefined };
}

export function useCompetitionList(request: Omit<CompetitionListRequest, 'token'>): Loaded<CompetitionListResponse> {
  return loaded(useSWR(apiKey('competition', request), apiFetcher), (r: CompetitionListResponse) => r);
}

export interface FeaturedCompetitions {
  featured: Competition[];
  competitions: Competition[];
}

/** Featured (carousel) and every open competition ("comps for everyone"), one call. */
export function useFeaturedCompetitions(): Loaded<FeaturedCompetitions> {
  return loaded(useSWR(apiKey('featuredCompetition', {}), apiFetcher), (r: { data: FeaturedCompetitions }) => r.data);
}

export function useDrawnNext(): Loaded<Competition[]> {
  return loaded(useSWR(apiKey('drawnNextCompetition', {}), apiFetcher), (r: { data: Competition[] }) => r.data);
}

export function useFinishedCompetitions(): Loaded<Competition[]> {
  return loaded(useSWR(apiKey('finishedSoldoutCompetition', {}), apiFetcher), (r: { data: Competition[] }) => r.data);
}

/**
 * `id` null (an unparseable link) fetches nothing. Never the previous competition's answer while
 * another's loads (the catalogue's keepPreviousData): its page, with its Add button, would show
 * under the new address, and stay there if the new one failed.
 */
export function useCompetition(id: number | null): Loaded<Competition> {
  return loaded(useSWR(id === null ? null : apiKey('getcompetition', { id }), apiFetcher, { shouldRetryOnError: false, keepPreviousData: false }), (r: { data: Competition }) => r.data);
}

export function useOtherCompetitions(id: number | null): Loaded<Competition[]> {
  return loaded(useSWR(id === null ? null : apiKey('getOtherComps', { id, limit: 4 }), apiFetcher, { keepPreviousData: false }), (r: { data: Competition[] }) => r.data);
}
