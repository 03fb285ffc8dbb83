import { randomUUID } from 'node:crypto';
import { STORE_HEADERS, type StoreCartError } from '@cgg/contracts/store';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { inTransaction } from '../accounts/queryable.ts';
import { customerTokenOf, invalidToken, sessionOfRequest } from '../http/access-guard.ts';
import { signJwt, verifyJwt } from './jwt.ts';
import { issueNonce } from './nonce.ts';
import { customerBasket } from './merge-carts.ts';

/** A Cart-Token lives 30 days; every answer carries a fresh one. */
export const CART_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface StoreDeps {
  pool: pg.Pool;
  now: () => Date;
  /** The shared signing key (loaded once from env or the database). */
  secret: () => Promise<Buffer>;
}

export interface StoreSession {
  secret: Buffer;
  cartId: string;
  customerId: number | null;
  /** The basket the request's Cart-Token named (a nonce issued for it stays good after sign-in). */
  tokenCartId: string | null;
  /** Notices from merging a visitor basket into the customer's on this request. */
  notices: StoreCartError[];
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const v = request.headers[name.toLowerCase()];
  return typeof v === 'string' ? v : undefined;
};

/**
 * A Store credential from its WooCommerce header, or else from the body field the spec's
 * add-item uses (`nonce`, `cart_header`). The header wins when both are sent, so a body
 * can never redirect a request that names its basket in the headers.
 */
export function storeCredential(request: FastifyRequest, headerName: string, bodyField: 'nonce' | 'cart_header'): string | undefined {
  const fromHeader = header(request, headerName);
  if (fromHeader) return fromHeader;
  const body = request.body as Record<string, unknown> | undefined;
  const v = body && typeof body === 'object' ? body[bodyField] : undefined;
  return typeof v === 'string' && v !== '' ? v : undefined;
}

export const seconds = (d: Date): number => Math.floor(d.getTime() / 1000);

/**
 * Which basket a request uses. A visitor's is the one its Cart-Token names (a token
 * naming a customer's basket is ignored: that basket is only reachable signed in).
 * A signed-in customer's is their own; a visitor basket named by the Cart-Token is
 * merged into it (once) and the customer's basket is used from then on.
 */
export async function resolveSession(deps: StoreDeps, request: FastifyRequest): Promise<StoreSession> {
  const secret = await deps.secret();
  const now = deps.now();
  const token = storeCredential(request, STORE_HEADERS.cartToken, 'cart_header');
  const claims = token ? verifyJwt(secret, token, seconds(now)) : null;
  const tokenCartId = typeof claims?.cart === 'string' && UUID.test(claims.cart) ? claims.cart : null;
  const bearer = customerTokenOf(request);
  const { pool } = deps;

  if (!bearer) {
    if (tokenCartId) {
      const { rows } = await pool.query<{ customer_id: number | null }>('SELECT customer_id FROM carts WHERE id = $1', [tokenCartId]);
      if (!rows[0] || rows[0].customer_id === null) return { secret, cartId: tokenCartId, customerId: null, tokenCartId, notices: [] };
    }
    return { secret, cartId: randomUUID(), customerId: null, tokenCartId, notices: [] };
  }

  const hit = await sessionOfRequest(pool, request, bearer, now);
  if (!hit) throw invalidToken();
  const { customerId } = hit;
  // Most requests: the customer's own basket (read with the session), and no visitor basket to take in; no lock needed.
  const own = hit.cartId ? { id: hit.cartId } : undefined;
  const named = tokenCartId && tokenCartId !== own?.id
    ? (await pool.query<{ customer_id: number | null }>('SELECT customer_id FROM carts WHERE id = $1', [tokenCartId])).rows[0]
    : undefined;
  if (own && !(named && named.customer_id === null)) return { secret, cartId: own.id, customerId, tokenCartId, notices: [] };
  // A basket to make, adopt or merge: decided again under the customer's lock (customerBasket).
  const { cartId, notices } = await inTransaction(pool, (client) => customerBasket(client, { tokenCartId, customerId, now }));
  return { secret, cartId, customerId, tokenCartId, notices };
}

/** Fresh Nonce, Nonce-Timestamp and Cart-Token on every Store answer (errors included). */
export function sendSessionHeaders(reply: FastifyReply, session: StoreSession, now: Date): void {
  const nowSeconds = seconds(now);
  const { nonce, timestamp } = issueNonce(session.secret, session.cartId, nowSeconds);
  void reply.header(STORE_HEADERS.nonce, nonce);
  void reply.header(STORE_HEADERS.nonceTimestamp, String(timestamp));
  void reply.header(STORE_HEADERS.cartToken, signJwt(session.secret, { cart: session.cartId, iat: nowSeconds, exp: nowSeconds + CART_TOKEN_TTL_SECONDS }));
  void reply.header('Cache-Control', 'no-store');
}
