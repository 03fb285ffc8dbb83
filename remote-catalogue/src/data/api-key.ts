import { apiRequest, calls, readSessionToken, takePageData, type CallName } from '@cgg/contracts';

/** swr keys are `['catalogue', call name, payload]`, so two pages asking the same thing share one entry. */
export type ApiKey<N extends CallName = CallName> = readonly ['catalogue', N, unknown];

export function apiKey<N extends CallName>(name: N, payload?: unknown): ApiKey<N> {
  return ['catalogue', name, payload ?? null] as const;
}

/**
 * The one swr fetcher: runs the named call of the contracts registry (validated with zod there).
 * Competition calls carry the signed-in customer's token in the body (spec section 6), read at
 * call time; it is not part of the key, so the account remote rotating it refetches nothing.
 */
export function apiFetcher([, name, payload]: ApiKey): Promise<unknown> {
  const call = calls[name];
  // The first load uses what the page's HTML carried (contracts' page-data.ts), without a second
  // trip to the API: the API answers these calls alike for visitors and customers (it accepts the
  // token and does not need it: shop-api's competition-routes.ts). Later calls carry the token.
  const carried = takePageData(name, payload);
  if (carried !== undefined) return Promise.resolve(carried);
  const token = call.auth === 'body-token' ? readSessionToken() : null;
  const body = token ? { ...((payload as object | null) ?? {}), token } : (payload ?? undefined);
  return (apiRequest as (c: typeof call, p: unknown) => Promise<unknown>)(call, body);
}
