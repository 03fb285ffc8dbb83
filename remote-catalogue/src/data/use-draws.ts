import useSWR from 'swr';
import type { DrawResultsResponse, WinnersListResponse } from '@cgg/contracts';
import { apiFetcher, apiKey } from './api-key.ts';
import type { Loaded } from './use-competitions.ts';

export const RESULTS_PAGE_SIZE = 10;
export const WINNERS_PAGE_SIZE = 20;

/** Drawn competitions with their proofs, newest draw first. */
export function useDrawResults(page: number): Loaded<DrawResultsResponse> {
  const r = useSWR(apiKey('drawResults', { page, limit: RESULTS_PAGE_SIZE }), apiFetcher, { keepPreviousData: true });
  return { data: r.data as DrawResultsResponse | undefined, error: r.error, isLoading: r.isLoading };
}

/** Draw and instant winners, newest first. */
export function useWinnersList(page: number): Loaded<WinnersListResponse> {
  const r = useSWR(apiKey('winnersList', { page, limit: WINNERS_PAGE_SIZE }), apiFetcher, { keepPreviousData: true });
  return { data: r.data as WinnersListResponse | undefined, error: r.error, isLoading: r.isLoading };
}
