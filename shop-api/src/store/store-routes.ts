import type pg from 'pg';
import type { DeclaredRoute } from '../http/declared-routes.ts';
import { cartRoutes } from './cart-routes.ts';
import { checkoutReturnRoute, checkoutRoute, paymentConfigRoute, type OrderCommittedHook, type OrderPaidHook } from './checkout-route.ts';
import { cancelHeldOrderRoute, heldOrderRoute } from './held-order-route.ts';
import { loadStoreSecret } from './store-secret.ts';
import { guardedAllocator, type TicketAllocator } from './ticket-allocation.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';
import type { RateLimits } from '../http/rate-limits.ts';

export interface StoreOptions {
  pool: pg.Pool;
  now: () => Date;
  /** env STORE_SECRET; unset: a secret kept in the database. */
  secret?: string;
  /** Tests only: the control run swaps in an unguarded allocator. */
  allocator?: TicketAllocator;
  /** After each committed checkout (issue 5: the winners' mails); fire and forget. */
  onOrderCommitted?: OrderCommittedHook;
  /** After every paid order commits (the harm markers); fire and forget. */
  onOrderPaid?: OrderPaidHook;
  /** Who takes card payments. */
  gateway: PaymentGateway;
  /** Checkouts per customer (http/rate-limits.ts). */
  limits: RateLimits;
  /** RESERVATION_SECONDS: how long a card order holds its tickets; default 10 minutes. */
  reservationSeconds?: number;
}

/** The WooCommerce Store API routes (issue 4). */
export function storeRoutes(options: StoreOptions): DeclaredRoute[] {
  let secret: Promise<Buffer> | null = null;
  const deps = {
    pool: options.pool,
    now: options.now,
    secret: () => {
      secret ??= loadStoreSecret(options.pool, options.secret).catch((err: unknown) => {
        secret = null;
        throw err;
      });
      return secret;
    },
    allocator: options.allocator ?? guardedAllocator,
    onOrderCommitted: options.onOrderCommitted,
    onOrderPaid: options.onOrderPaid,
    gateway: options.gateway,
    limits: options.limits,
    reservationSeconds: options.reservationSeconds,
  };
  return [...cartRoutes(deps), checkoutRoute(deps), checkoutReturnRoute(deps), paymentConfigRoute(deps), heldOrderRoute(deps), cancelHeldOrderRoute(deps)];
}
