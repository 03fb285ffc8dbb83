import useSWR from 'swr';
import type { DrawResultsResponse, WinnersListResponse } from '@cgg/contracts';
import { apiFetcher, apiKey } from './api-key.ts';
import { loaded, type Loaded } from './use-competitions.ts';

export const RESULTS_PAGE_SIZE = 10;
export const WINNERS_PAGE_SIZE = 20;

/** Drawn competitions with their proofs, newest draw first. */
export function useDrawResults(page: number): Loaded<DrawResultsResponse> {
  return loaded(useSWR(apiKey('drawResults', { page, limit: RESULTS_PAGE_SIZE }), apiFetcher, { keepPreviousData: true }), (r: DrawResultsResponse) => r);
}

/** Draw and instant winners, newest first. */
export function useWinnersList(page: number): Loaded<WinnersListResponse> {
  return loaded(useSWR(apiKey('winnersList', { page, limit: WINNERS_PAGE_SIZE }), apiFetcher, { keepPreviousData: true }), (r: WinnersListResponse) => r);
}
