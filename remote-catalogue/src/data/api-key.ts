import { apiRequest, calls, type CallName } from '@cgg/contracts';

/** swr keys are `['catalogue', call name, payload]`, so two pages asking the same thing share one entry. */
export type ApiKey<N extends CallName = CallName> = readonly ['catalogue', N, unknown];

export function apiKey<N extends CallName>(name: N, payload?: unknown): ApiKey<N> {
  return ['catalogue', name, payload ?? null] as const;
}

/** The one swr fetcher: runs the named call of the contracts registry (validated with zod there). */
export function apiFetcher([, name, payload]: ApiKey): Promise<unknown> {
  const call = calls[name];
  return (apiRequest as (c: typeof call, p: unknown) => Promise<unknown>)(call, payload ?? undefined);
}
