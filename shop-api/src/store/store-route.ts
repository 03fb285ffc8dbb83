import { STORE_ERRORS, STORE_HEADERS } from '@cgg/contracts/store';
import type { FastifyRequest } from 'fastify';
import { declaredRoute, type DeclaredRoute, type RouteContext } from '../http/declared-routes.ts';
import type { RouteDeclaration } from '../http/route-table.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { verifyNonce } from './nonce.ts';
import { resolveSession, seconds, sendSessionHeaders, storeCredential, type StoreDeps, type StoreSession } from './store-session.ts';

const storeError = (e: { code: string; status: number; message: string }, extra: Record<string, unknown> = {}): WpHttpError =>
  new WpHttpError(e.status, e.code, e.message, extra);
export { storeError };

export type StoreRouteContext<D extends RouteDeclaration> = RouteContext<D> & {
  session: StoreSession;
  /** The request's one clock reading (the Nonce, the basket and the answer agree). */
  now: Date;
};

/** Each Store request's basket, from its `prepare` to its handler. */
const sessions = new WeakMap<FastifyRequest, { session: StoreSession; now: Date }>();

/**
 * One Store API route. Writes check the Nonce first (401 missing, 403 invalid, before
 * the body is validated); every answer, errors and refusals included, carries a fresh
 * Nonce and Cart-Token. A `customer` route (checkout) refuses a visitor with
 * WooCommerce's "You must be logged in to checkout."
 */
export function storeRoute<const D extends RouteDeclaration>(
  deps: StoreDeps,
  declaration: D,
  def: { summary: string; description?: string; handler: (ctx: StoreRouteContext<D>) => Promise<unknown> },
): DeclaredRoute {
  const write = declaration.method !== 'GET';
  return declaredRoute(declaration, {
    summary: def.summary,
    ...(def.description ? { description: def.description } : {}),
    prepare: async (request, reply) => {
      const nonceHeader = storeCredential(request, STORE_HEADERS.nonce, 'nonce');
      if (write && (typeof nonceHeader !== 'string' || nonceHeader === '')) throw storeError(STORE_ERRORS.missingNonce);
      const session = await resolveSession(deps, request);
      const now = deps.now();
      if (write) {
        const ids = [session.cartId, ...(session.tokenCartId ? [session.tokenCartId] : [])];
        if (!verifyNonce(session.secret, nonceHeader as string, ids, seconds(now))) throw storeError(STORE_ERRORS.invalidNonce);
      }
      sendSessionHeaders(reply, session, now);
      sessions.set(request, { session, now });
    },
    refuse: () => storeError(STORE_ERRORS.loginRequired),
    handler: (ctx) => def.handler({ ...ctx, ...sessions.get(ctx.request)! }),
  });
}
