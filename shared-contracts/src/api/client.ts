import type { z } from 'zod/mini';
import { ApiError, apiErrorFromResponse } from './wp-error.ts';
import type { ApiCall } from './calls.ts';
import { loadZod } from '../zod/zod-runtime.ts';

/**
 * The fixed built-in credential the front end sends on settings-type calls (spec
 * section 6). It is public by nature (it ships in every bundle): it marks the
 * caller as the shop's own front end, it grants nothing a visitor cannot see.
 */
export const SITE_BEARER = 'cgg-storefront';

/** `/?rest_route=/api/v1/x&a=b`: the spec's addressing on the site's own origin. */
export function restUrl(route: string, query: Record<string, string> = {}, base = ''): string {
  const params = new URLSearchParams({ rest_route: route, ...query });
  // rest_route keeps its slashes readable, as WordPress writes it.
  return `${base}/?${params.toString().replace(/%2F/g, '/')}`;
}

export interface RequestOptions {
  /** Origin to prefix; '' (same origin) in the browser. */
  baseUrl?: string;
  fetchImpl?: typeof fetch;
  signal?: AbortSignal;
  /** A credential of the caller's own (a staff session's token) instead of the site's or the payload's. */
  bearer?: string;
}

function bearerFor(auth: ApiCall<z.ZodMiniType | null, z.ZodMiniType>['auth'], body: unknown): string {
  if (auth === 'body-token' && body && typeof body === 'object' && 'token' in body) {
    const token = (body as { token?: unknown }).token;
    if (typeof token === 'string' && token.length > 0) return token;
  }
  return SITE_BEARER;
}

/**
 * Calls one API route. No timeout (spec section 7). GET calls send their payload as
 * the query string, POST calls as JSON. The answer is checked against the call's
 * response schema, so a drifted server shows up as an error, not as undefined fields.
 * In the browser zod may not be loaded yet (src/zod/): it is fetched alongside the request.
 */
export async function apiRequest<Req extends z.ZodMiniType | null, Res extends z.ZodMiniType>(
  call: ApiCall<Req, Res>,
  payload: Req extends z.ZodMiniType ? z.input<Req> : undefined,
  options: RequestOptions = {},
): Promise<z.infer<Res>> {
  const fetchImpl = options.fetchImpl ?? fetch;
  // Never left unhandled: a failed download is reported where the answer is checked.
  const validator = loadZod();
  validator.catch(() => undefined);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Authorization: `Bearer ${options.bearer ?? bearerFor(call.auth, payload)}`,
  };
  let url: string;
  let body: string | undefined;
  if (call.method === 'GET') {
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries((payload as Record<string, unknown> | undefined) ?? {})) {
      if (v !== undefined && v !== null) query[k] = String(v);
    }
    url = restUrl(call.route, query, options.baseUrl);
  } else {
    url = restUrl(call.route, {}, options.baseUrl);
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(payload ?? {});
  }
  const res = await fetchImpl(url, { method: call.method, headers, body, signal: options.signal, credentials: 'same-origin' });
  if (!res.ok) throw await apiErrorFromResponse(res);
  const json: unknown = await res.json().catch(() => {
    throw new ApiError('invalid_json', 'The server sent an unreadable answer.', res.status);
  });
  await validator;
  const parsed = call.response.safeParse(json);
  if (!parsed.success) {
    throw new ApiError('invalid_response', `Unexpected answer from ${call.route}: ${parsed.error.issues[0]?.message ?? ''}`, res.status);
  }
  return parsed.data;
}
