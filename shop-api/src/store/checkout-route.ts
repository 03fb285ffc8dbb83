import { IDEMPOTENCY_KEY } from '@cgg/contracts';
import { STORE_ERRORS, STORE_HEADERS, type StoreCheckoutResponse } from '@cgg/contracts/store';
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
import type { PaymentHooks } from '../payments/order-payment.ts';
import { DEFAULT_RESERVATION_SECONDS } from '../payments/order-payment.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import { answerOrder, storedResultOf } from './order-answer.ts';
import { fallbackLogger } from '../lib/logger.ts';
import { refuseWhileAssisted } from '../accounts/assisted-session.ts';

/** Called after an order that won something committed (or a repeat answered it), never awaited: must not throw or block the answer. */
export type OrderCommittedHook = (order: StoreCheckoutResponse) => void;
/** Called after every paid order committed (or a repeat answered it), never awaited: must not throw or block the answer. */
export type OrderPaidHook = (customerId: number, at: Date) => void;

export type CheckoutDeps = StoreDeps & {
  allocator: TicketAllocator;
  gateway: PaymentGateway;
  limits: RateLimits;
  onOrderCommitted?: OrderCommittedHook | undefined;
  onOrderPaid?: OrderPaidHook | undefined;
  /** RESERVATION_SECONDS: how long a card order holds its tickets; default 10 minutes. */
  reservationSeconds?: number | undefined;
};

/**
 * What happens when a card order is paid, whoever learnt it (checkout, return, webhook,
 * reconciliation): the same hooks as an order paid at once.
 */
export function paymentHooks(deps: Pick<CheckoutDeps, 'pool' | 'onOrderCommitted' | 'onOrderPaid'>): PaymentHooks {
  return {
    onWins: (orderId) => {
      if (!deps.onOrderCommitted) return;
      void deps.pool.query<{ store_result: StoreCheckoutResponse }>('SELECT store_result FROM orders WHERE id = $1', [orderId])
        .then(async ({ rows }) => deps.onOrderCommitted?.(await storedResultOf(deps.pool, orderId, rows[0]!.store_result)))
        .catch((err: unknown) => fallbackLogger().error({ err, order: orderId }, 'reading the order for the winner mails failed'));
    },
    onPaid: (customerId, at) => deps.onOrderPaid?.(customerId, at),
  };
}

/** A refusal that should show the basket as it is now (restored after a failed payment, or after a stock change). */
async function withCart(deps: CheckoutDeps, cartId: string, customerId: number, now: Date, err: unknown): Promise<never> {
  if (!(err instanceof NeedsCartError)) throw err;
  const cart = toStoreCart(await loadPricedCart(deps.pool, cartId, customerId, now));
  throw new WpHttpError(err.wp.status, err.wp.code, err.wp.message, { ...err.wp.extra, cart });
}

/** `POST /wc/store/v1/checkout`: signed-in customers only, one order per Idempotency-Key. */
export function checkoutRoute(deps: CheckoutDeps): DeclaredRoute {
  const hooks = paymentHooks(deps);
  return storeRoute(deps, routeTable.storeCheckout, {
    summary: "Pays for the signed-in customer's basket and makes the order: one order per Idempotency-Key (a repeat answers the same order).",
    description: 'Headers: `Nonce`, `Cart-Token`, the customer\'s bearer and `Idempotency-Key` (8-128 of `[A-Za-z0-9_-]`, a UUID per attempt; 400 `cgg_rest_invalid_idempotency_key`). Payment: `payment_method` `cgg-card` with `payment_data` `payment_method_id` (the payment provider\'s card field makes it in the browser; the API never sees a card number) or `cgg-site-credit`; `payment_data` may redeem points (100 = £1) and site credit. A card order reserves its tickets for 10 minutes and answers `pending` with `extensions.cgg.payment` (3-D Secure to complete, or the provider still confirming: call `cgg/checkout-return`) or `completed` once the provider has confirmed. Card numbers (the old `cgg-demo-card` fields) are refused: 400 `cgg_card_numbers_refused`. Errors: 401 `woocommerce_rest_checkout_login_required` (visitor), 400 billing fields with the spec\'s texts, 400 `woocommerce_rest_cart_empty`, 400 `woocommerce_rest_checkout_process_payment_error` (declined: the reservation released, `data.reason` the decline code, `data.cart` the basket restored), 400 `woocommerce_rest_checkout_invalid_payment_data`, 400 `cgg_credit_card_refused` (UK prize-draw code 1.3: a credit card, as the provider reports it before any money moves, for a competition with instant wins or over the monthly credit-card cap; `data.reason` says which), 403 `cgg_account_locked` / `cgg_spending_limit_reached`, 403 `cgg_assisted_session` (signed in as the customer by support: login-as-user), 403 `cgg_date_of_birth_required` / `cgg_limit_choice_required` (an older account: `data.needs` lists what save_age_and_limit must be given first), 429 `rest_too_many_checkouts` with `Retry-After` past 60 checkouts a minute (per customer), and with `data.cart`: stock or allowance fell, not purchasable, answer required, coupon no longer usable.',
    handler: async ({ session, customer, input, request, now }) => {
      const key = request.headers[STORE_HEADERS.idempotencyKey.toLowerCase()];
      if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) throw storeError(STORE_ERRORS.idempotencyKeyInvalid);
      refuseWhileAssisted(customer);
      await deps.limits.take('checkoutCustomer', customer.customerId);
      try {
        const { order, mayHaveNewWins, paidNow } = await runCheckout(deps.pool, deps.allocator, deps.gateway, { customerId: customer.customerId, cartId: session.cartId, request: input, idempotencyKey: key, now, requestId: request.id, reservationSeconds: deps.reservationSeconds }, hooks);
        // Most orders win nothing: no look for winners to mail (a query per order at launch-night rates).
        if (mayHaveNewWins) deps.onOrderCommitted?.(order);
        // The harm markers look at the customer once the order is in (UK code 1.6-1.8); a card order when it is paid.
        if (paidNow) deps.onOrderPaid?.(customer.customerId, now);
        return order;
      } catch (err) {
        return withCart(deps, session.cartId, customer.customerId, now, err);
      }
    },
  });
}

/** `POST /wc/store/v1/cgg/checkout-return`: the client is back from 3-D Secure (or waiting): the provider is asked, the order answered. */
export function checkoutReturnRoute(deps: CheckoutDeps): DeclaredRoute {
  const hooks = paymentHooks(deps);
  return storeRoute(deps, routeTable.storeCheckoutReturn, {
    summary: 'Looks at a card order\'s payment again (after 3-D Secure, or while the provider is confirming) and answers the order as checkout does.',
    description: 'Body `{order_id, order_key}` from the checkout answer; Store headers (Nonce, Cart-Token, bearer). Safe to repeat: the order is paid once, whether this call or the provider\'s webhook learns it first. Answers 200 `completed` (tickets, instant wins) or `pending` (`extensions.cgg.payment`; with `under_review` when the provider took the wrong amount: staff settle it, stop asking), 400 `woocommerce_rest_checkout_process_payment_error` (declined or 3-D Secure failed; `data.cart`), 409 `cgg_reservation_expired` (the 10 minutes ran out; `data.refunded`: a payment that went through late, or for the wrong amount, was refunded; `data.cart`), 404 `cgg_rest_order_not_found`, 503 `cgg_payment_provider_unavailable` (the provider did not answer: the order stays held, ask again; `data.retry_after`), 429 `rest_too_many_order_checks` past 120 asks a minute that reach the provider (per customer; an order already settled is not counted, nor an ask the provider did not answer).',
    handler: async ({ session, customer, input, now }) => {
      let counted = false;
      try {
        // Counted only when the provider is asked: the page asks once a second while it confirms, and a settled order costs it nothing.
        const beforeProviderCall = async () => {
          await deps.limits.take('orderReturnCustomer', customer.customerId);
          counted = true;
        };
        return await answerOrder({ pool: deps.pool, gateway: deps.gateway, hooks, beforeProviderCall }, input.order_id, now, true, { customerId: customer.customerId, orderKey: input.order_key });
      } catch (err) {
        // The provider did not answer: the ask was not the customer's doing, so it is not counted (an outage must not lock them out of their order).
        if (counted && err instanceof WpHttpError && err.code === STORE_ERRORS.paymentProviderUnavailable.code) {
          await deps.limits.giveBack('orderReturnCustomer', customer.customerId).catch(() => {});
        }
        return withCart(deps, session.cartId, customer.customerId, now, err);
      }
    },
  });
}

/** `GET /wc/store/v1/cgg/payment-config`: which card field the checkout page loads (never a secret). */
export function paymentConfigRoute(deps: CheckoutDeps): DeclaredRoute {
  return storeRoute(deps, routeTable.storePaymentConfig, {
    summary: 'Which payment provider takes cards, and what the browser needs to load its card field (Stripe\'s publishable key, or the demo provider\'s address).',
    handler: async () => ({
      provider: deps.gateway.publicConfig.provider,
      publishable_key: deps.gateway.publicConfig.publishableKey,
      demo_api_base: deps.gateway.publicConfig.demoApiBase,
      // A whole number in the contract; a RESERVATION_SECONDS under a minute (the e2e site's) shows as 1.
      reservation_minutes: Math.max(1, Math.round((deps.reservationSeconds ?? DEFAULT_RESERVATION_SECONDS) / 60)),
    }),
  });
}
