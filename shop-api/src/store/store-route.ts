import { STORE_ERRORS, STORE_HEADERS, STORE_ROUTE_PREFIX } from '@cgg/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { restRoute, type RestRoute } from '../http/rest-router.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { verifyNonce } from './nonce.ts';
import { resolveSession, seconds, sendSessionHeaders, storeCredential, type StoreDeps, type StoreSession } from './store-session.ts';

const storeError = (e: { code: string; status: number; message: string }, extra: Record<string, unknown> = {}): WpHttpError =>
  new WpHttpError(e.status, e.code, e.message, extra);
export { storeError };

export interface StoreRouteContext {
  session: StoreSession;
  request: FastifyRequest;
  reply: FastifyReply;
  now: Date;
}

/**
 * One Store API route. Writes check the Nonce first (401 missing, 403 invalid, before
 * the body is read); every answer, errors included, carries a fresh Nonce and Cart-Token.
 */
export function storeRoute(
  deps: StoreDeps,
  def: { method: 'GET' | 'POST' | 'DELETE'; route: string; handler: (ctx: StoreRouteContext) => Promise<unknown> },
): RestRoute {
  const write = def.method !== 'GET';
  return restRoute({
    method: def.method,
    route: `${STORE_ROUTE_PREFIX}${def.route}`,
    request: null,
    handler: async ({ request, reply }) => {
      const nonceHeader = storeCredential(request, STORE_HEADERS.nonce, 'nonce');
      if (write && (typeof nonceHeader !== 'string' || nonceHeader === '')) throw storeError(STORE_ERRORS.missingNonce);
      const session = await resolveSession(deps, request);
      const now = deps.now();
      if (write) {
        const ids = [session.cartId, ...(session.tokenCartId ? [session.tokenCartId] : [])];
        if (!verifyNonce(session.secret, nonceHeader as string, ids, seconds(now))) throw storeError(STORE_ERRORS.invalidNonce);
      }
      sendSessionHeaders(reply, session, now);
      return def.handler({ session, request, reply, now });
    },
  });
}
