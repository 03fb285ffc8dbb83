import { STORE_ERRORS, STORE_HEADERS, storeCheckoutRequestSchema, type StoreCheckoutResponse } from '@cgg/contracts';
import type { RestRoute } from '../http/rest-router.ts';
import { parseInput } from '../http/validate.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { loadPricedCart } from './cart-store.ts';
import { toStoreCart } from './cart-view.ts';
import { NeedsCartError, runCheckout } from './checkout.ts';
import { storeError, storeRoute } from './store-route.ts';
import type { StoreDeps } from './store-session.ts';
import type { TicketAllocator } from './ticket-allocation.ts';

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

/** `POST /wc/store/v1/checkout`: signed-in customers only, one order per Idempotency-Key. */
/** Called after an order that won something committed (or a repeat answered it), never awaited: must not throw or block the answer. */
export type OrderCommittedHook = (order: StoreCheckoutResponse) => void;

export function checkoutRoute(deps: StoreDeps & { allocator: TicketAllocator; onOrderCommitted?: OrderCommittedHook | undefined }): RestRoute {
  return storeRoute(deps, {
    method: 'POST',
    route: '/checkout',
    handler: async ({ session, request, now }) => {
      if (session.customerId === null) throw storeError(STORE_ERRORS.loginRequired);
      const key = request.headers[STORE_HEADERS.idempotencyKey.toLowerCase()];
      if (typeof key !== 'string' || !KEY_PATTERN.test(key)) throw storeError(STORE_ERRORS.idempotencyKeyInvalid);
      const input = parseInput(storeCheckoutRequestSchema, request.body ?? {});
      try {
        const { order, mayHaveNewWins } = await runCheckout(deps.pool, deps.allocator, { customerId: session.customerId, cartId: session.cartId, request: input, idempotencyKey: key, now });
        // Most orders win nothing: no look for winners to mail (a query per order at launch-night rates).
        if (mayHaveNewWins) deps.onOrderCommitted?.(order);
        return order;
      } catch (err) {
        if (!(err instanceof NeedsCartError)) throw err;
        const cart = toStoreCart(await loadPricedCart(deps.pool, session.cartId, session.customerId, now));
        throw new WpHttpError(err.wp.status, err.wp.code, err.wp.message, { ...err.wp.extra, cart });
      }
    },
  });
}
