import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createImageVariants } from '../http/image-variants.ts';
import type { FastifyInstance } from 'fastify';
import { createApiPools } from '../db/database.ts';
import { buildApp } from '../app.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { createTestDatabase } from '../test/test-database.ts';
import type { TicketAllocator } from './ticket-allocation.ts';
import { createBackgroundWork } from '../lib/background-work.ts';
import { demoPayments } from '../payments/gateways.ts';

/** Session state a Store client keeps between calls (what the browser keeps in localStorage). */
export interface StoreClientState {
  nonce?: string;
  cartToken?: string;
  bearer?: string;
}

export interface StoreAnswer {
  status: number;
  body: any;
  headers: Record<string, string | undefined>;
}

export const storePath = (route: string): string => `/?rest_route=/wc/store/v1${route}`;

/** Calls a Store route through `app.inject`, keeping the Nonce / Cart-Token it is given back. */
export async function storeInject(
  app: FastifyInstance,
  state: StoreClientState,
  method: 'GET' | 'POST' | 'DELETE',
  route: string,
  payload?: unknown,
  extra: Record<string, string> = {},
): Promise<StoreAnswer> {
  const headers: Record<string, string> = { ...extra };
  if (state.nonce) headers.nonce = state.nonce;
  if (state.cartToken) headers['cart-token'] = state.cartToken;
  if (state.bearer) headers.authorization = `Bearer ${state.bearer}`;
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const res = await app.inject({ method, url: storePath(route), headers, payload: payload as object });
  const h = res.headers as Record<string, string | undefined>;
  if (h.nonce) state.nonce = h.nonce;
  if (h['cart-token']) state.cartToken = h['cart-token'];
  return { status: res.statusCode, body: res.body ? res.json() : null, headers: h };
}

/**
 * Checkout as the browser does it with a card: POST checkout, then, while the order is pending
 * (the demo provider confirms asynchronously), the client's return - until it is paid or refused.
 * Answers the last answer. (3-D Secure orders stay pending: answer the challenge first.)
 */
export async function payCheckout(app: FastifyInstance, state: StoreClientState, payload: unknown, extra: Record<string, string> = {}): Promise<StoreAnswer> {
  let res = await storeInject(app, state, 'POST', '/checkout', payload, extra);
  for (let i = 0; i < 20 && res.status === 200 && res.body?.status === 'pending' && res.body.extensions?.cgg?.payment?.status === 'processing'; i++) {
    res = await storeInject(app, state, 'POST', '/cgg/checkout-return', { order_id: res.body.order_id, order_key: res.body.order_key });
  }
  return res;
}

/**
 * A migrated, seeded database and the app (optionally with another allocator). `settleAfterMs`:
 * the demo provider's background settling (null: only when retrieved, for tests that order events).
 */
export async function storeTestApp(options: { allocator?: TicketAllocator; poolSize?: number; settleAfterMs?: number | null } = {}) {
  const db = await createTestDatabase();
  await prepareDatabase(db.pool, { demoData: true });
  // The app's two pools as main.ts opens them (db/database.ts), so its statements are planned as in
  // production. The race tests want more connections than the default 5, so transactions truly overlap.
  const { pool: appPool, keyedPool } = createApiPools({ connectionString: db.url, max: options.poolSize ?? 5 });
  // Uploaded photos and their variants go to a folder of this run's own, removed on close.
  const media = await mkdtemp(path.join(os.tmpdir(), 'cgg-store-media-'));
  const background = createBackgroundWork();
  const payments = demoPayments(keyedPool, { settleAfterMs: options.settleAfterMs === undefined ? 0 : options.settleAfterMs });
  const app = buildApp({
    pool: appPool, keyedPool, background, ...payments, store: { secret: 'test-secret-test-secret-test-secret-0123', allocator: options.allocator },
    uploadsDir: path.join(media, 'uploads'), imageVariants: createImageVariants(path.join(media, 'variants')),
  });
  await app.ready();
  return {
    app,
    pool: db.pool,
    /** The pools the app itself queries with: its keyed work (basket, checkout, payment, session lookup) on `keyedPool`. */
    appPool,
    keyedPool,
    /** The demo provider and its gateway the app takes cards with. */
    payments,
    url: db.url,
    /** Waits for the work answers did not wait for (the harm markers after a checkout). */
    settled: () => background.settled(),
    /** Listens on an ephemeral port and returns the origin, for real HTTP requests. */
    listen: async (): Promise<string> => {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      return address;
    },
    close: async () => {
      await app.close();
      await Promise.all([appPool.end(), keyedPool.end()]);
      await db.drop();
      await rm(media, { recursive: true, force: true });
    },
  };
}
