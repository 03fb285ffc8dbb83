import { STORE_ERRORS, STORE_HEADERS, type StoreCheckoutResponse } from '@cgg/contracts';
import type { DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { loadPricedCart } from './cart-store.ts';
import { toStoreCart } from './cart-view.ts';
import { NeedsCartError, runCheckout } from './checkout.ts';
import { storeError, storeRoute } from './store-route.ts';
import type { StoreDeps } from './store-session.ts';
import type { TicketAllocator } from './ticket-allocation.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';
import type { RateLimits } from '../http/rate-limits.ts';

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

/** `POST /wc/store/v1/checkout`: signed-in customers only, one order per Idempotency-Key. */
/** Called after an order that won something committed (or a repeat answered it), never awaited: must not throw or block the answer. */
export type OrderCommittedHook = (order: StoreCheckoutResponse) => void;
/** Called after every paid order committed (or a repeat answered it), never awaited: must not throw or block the answer. */
export type OrderPaidHook = (customerId: number, at: Date) => void;

export function checkoutRoute(
  deps: StoreDeps & { allocator: TicketAllocator; gateway: PaymentGateway; limits: RateLimits; onOrderCommitted?: OrderCommittedHook | undefined; onOrderPaid?: OrderPaidHook | undefined },
): DeclaredRoute {
  return storeRoute(deps, routeTable.storeCheckout, {
    summary: "Pays for the signed-in customer's basket and makes the order: one order per Idempotency-Key (a repeat answers the same order).",
    description: 'Headers: `Nonce`, `Cart-Token`, the customer\'s bearer and `Idempotency-Key` (8-128 of `[A-Za-z0-9_-]`, a UUID per attempt; 400 `cgg_rest_invalid_idempotency_key`). Payment: `payment_method` `cgg-demo-card` (demo gateway: 4242 4242 4242 4242 succeeds as a credit card, 4000 0566 5566 5556 as a debit card, 4000 0000 0000 0002 is declined) or `cgg-site-credit`; `payment_data` may redeem points (100 = £1) and site credit. Errors: 401 `woocommerce_rest_checkout_login_required` (visitor), 400 billing fields with the spec\'s texts, 400 `woocommerce_rest_cart_empty`, 400 `woocommerce_rest_checkout_process_payment_error` (card), 400 `woocommerce_rest_checkout_invalid_payment_data`, 400 `cgg_credit_card_refused` (UK prize-draw code 1.3: a credit card, as the gateway reports it before charging, for a competition with instant wins or over the monthly credit-card cap; `data.reason` says which; nothing is charged), 403 `cgg_account_locked` / `cgg_spending_limit_reached`, 403 `cgg_date_of_birth_required` / `cgg_limit_choice_required` (an older account: `data.needs` lists what save_age_and_limit must be given first), 429 `rest_too_many_checkouts` with `Retry-After` past 60 checkouts a minute (per customer), and with `data.cart`: stock or allowance fell, not purchasable, answer required, coupon no longer usable.',
    handler: async ({ session, customer, input, request, now }) => {
      const key = request.headers[STORE_HEADERS.idempotencyKey.toLowerCase()];
      if (typeof key !== 'string' || !KEY_PATTERN.test(key)) throw storeError(STORE_ERRORS.idempotencyKeyInvalid);
      await deps.limits.take('checkoutCustomer', customer.customerId);
      try {
        const { order, mayHaveNewWins } = await runCheckout(deps.pool, deps.allocator, deps.gateway, { customerId: customer.customerId, cartId: session.cartId, request: input, idempotencyKey: key, now, requestId: request.id });
        // Most orders win nothing: no look for winners to mail (a query per order at launch-night rates).
        if (mayHaveNewWins) deps.onOrderCommitted?.(order);
        // The harm markers look at the customer once the order is in (UK code 1.6-1.8).
        deps.onOrderPaid?.(customer.customerId, now);
        return order;
      } catch (err) {
        if (!(err instanceof NeedsCartError)) throw err;
        const cart = toStoreCart(await loadPricedCart(deps.pool, session.cartId, customer.customerId, now));
        throw new WpHttpError(err.wp.status, err.wp.code, err.wp.message, { ...err.wp.extra, cart });
      }
    },
  });
}
