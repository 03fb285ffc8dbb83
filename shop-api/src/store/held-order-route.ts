import { STORE_ERRORS, type StoreHeldOrder, type StoreHeldOrderLine } from '@cgg/contracts/store';
import type pg from 'pg';
import type { DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { cancelHeldOrder } from '../payments/cancel-held-order.ts';
import { loadPricedCart } from './cart-store.ts';
import { toStoreCart } from './cart-view.ts';
import { paymentHooks, type CheckoutDeps } from './checkout-route.ts';
import { NeedsCartError } from './needs-cart-error.ts';
import { answerOrder } from './order-answer.ts';
import { storeError, storeRoute } from './store-route.ts';

/*
 * A card order waiting for its payment holds its tickets and took the basket. A checkout page
 * opened again (a reload, another tab, back from the basket) finds it here, to finish paying
 * (checkout-return, then any challenge) or to give it up.
 */

const NOTHING_HELD: StoreHeldOrder = { order: null, lines: [], released: null };

/**
 * The customer's newest order waiting for its payment, with its lines (one round trip). One whose
 * reservation ran out and the expiry job has not yet released is found too: answering it releases
 * it. One whose payment is under review (paid the wrong amount) is found too, and answered so:
 * the customer is told, and staff settle it.
 */
async function findHeldOrder(pool: pg.Pool, customerId: number): Promise<{ id: number; order_key: string; lines: StoreHeldOrderLine[] } | null> {
  const { rows } = await pool.query<{ id: number; order_key: string; lines: Array<{ competition_id: number; title: string; quantity: number; pence: number }> }>(
    `SELECT o.id, o.order_key,
       (SELECT json_agg(json_build_object('competition_id', i.competition_id, 'title', i.title, 'quantity', i.quantity, 'pence', i.line_total_pence) ORDER BY i.position, i.id)
        FROM order_items i WHERE i.order_id = o.id) AS lines
     FROM orders o
     WHERE o.customer_id = $1 AND o.status = 'pending' AND o.reserved_until IS NOT NULL AND o.store_result IS NOT NULL
     ORDER BY o.created_at DESC, o.id DESC LIMIT 1`,
    [customerId],
  );
  const o = rows[0];
  if (!o) return null;
  return {
    id: o.id,
    order_key: o.order_key,
    lines: (o.lines ?? []).map((l) => ({ competition_id: l.competition_id, title: l.title, quantity: l.quantity, total: String(l.pence) })),
  };
}

/** `GET /wc/store/v1/cgg/held-order`. */
export function heldOrderRoute(deps: CheckoutDeps): DeclaredRoute {
  const hooks = paymentHooks(deps);
  return storeRoute(deps, routeTable.storeHeldOrder, {
    summary: "The signed-in customer's card order still waiting for its payment (its tickets held), to finish paying or to cancel.",
    description: 'Store headers (Cart-Token, the customer\'s bearer). Answers `{order, lines, released}`: the order as checkout-return answers it, the provider asked first (`pending` with `extensions.cgg.payment`: 3-D Secure to complete or still confirming; `completed` if the payment went through meanwhile; `payment.under_review` when the wrong amount was taken, the provider not asked: staff settle it), and its lines as priced at checkout; `{order: null, lines: [], released: null}` when nothing is held. A payment found refused, or a reservation run out that the expiry job had not yet released, is released by this call: `released` says why (`code`, `message` and `refunded` as checkout-return refuses) with the basket given back (`cart`). 401 `woocommerce_rest_checkout_login_required` for a visitor; 429 `rest_too_many_order_checks` past 30 reads and cancels a minute (per customer).',
    handler: async ({ session, customer, now }) => {
      await deps.limits.take('heldOrderCustomer', customer.customerId);
      const held = await findHeldOrder(deps.pool, customer.customerId);
      if (!held) return NOTHING_HELD;
      try {
        const order = await answerOrder({ pool: deps.pool, gateway: deps.gateway, hooks }, held.id, now, true, { customerId: customer.customerId, orderKey: held.order_key });
        return { order, lines: held.lines, released: null };
      } catch (err) {
        // Refused, or run out, as the provider was asked: released by this answer, its basket given back.
        if (!(err instanceof NeedsCartError)) throw err;
        const cart = toStoreCart(await loadPricedCart(deps.pool, session.cartId, customer.customerId, now));
        return { ...NOTHING_HELD, released: { code: err.wp.code, message: err.wp.message, refunded: err.wp.extra.refunded === true, cart } };
      }
    },
  });
}

/** `POST /wc/store/v1/cgg/held-order/cancel`. */
export function cancelHeldOrderRoute(deps: CheckoutDeps): DeclaredRoute {
  const hooks = paymentHooks(deps);
  return storeRoute(deps, routeTable.storeCancelHeldOrder, {
    summary: 'Gives up a card order still waiting for its payment: the provider is asked to stop the payment, the tickets go back on sale and the lines back into the basket.',
    description: 'Body `{order_id, order_key}` from the checkout (or held-order) answer; Store headers (Nonce, Cart-Token, bearer). Safe to repeat. Answers `{outcome, order, cart}`: `cancelled` (released: tickets back on sale, points and site credit given back, the lines back in `cart`), `paid` (the payment went through first: `order` is the paid order) or `confirming` (the provider is already confirming it and cannot stop it: `order` pending, ask checkout-return; or `order.extensions.cgg.payment.under_review`: the wrong amount was taken, nothing changed, staff settle it). 404 `cgg_rest_order_not_found` for an order that is not this customer\'s (or a wrong key), 503 `cgg_payment_provider_unavailable` when the provider does not answer (nothing changed: the tickets stay held; ask again); 429 `rest_too_many_order_checks` past 30 reads and cancels a minute (per customer).',
    handler: async ({ session, customer, input, now }) => {
      await deps.limits.take('heldOrderCustomer', customer.customerId);
      const owner = { customerId: customer.customerId, orderKey: input.order_key };
      const owned = await deps.pool.query('SELECT 1 FROM orders WHERE id = $1 AND customer_id = $2 AND order_key = $3', [input.order_id, owner.customerId, owner.orderKey]);
      if (!owned.rowCount) throw storeError(STORE_ERRORS.orderNotFound);
      let outcome = await cancelHeldOrder({ pool: deps.pool, gateway: deps.gateway, hooks }, input.order_id, now);
      let order = null;
      if (outcome !== 'cancelled') {
        try {
          order = await answerOrder({ pool: deps.pool, gateway: deps.gateway, hooks }, input.order_id, now, false, owner);
        } catch (err) {
          // Its reservation ran out as it was answered: released after all.
          if (!(err instanceof NeedsCartError)) throw err;
          outcome = 'cancelled';
        }
      }
      const cart = toStoreCart(await loadPricedCart(deps.pool, session.cartId, customer.customerId, now));
      return { outcome, order, cart };
    },
  });
}
