import { STORE_ERRORS, STORE_HEADERS, type StoreCartError } from '@cgg/contracts/store';
import type pg from 'pg';
import { inTransaction, type Queryable } from '../accounts/queryable.ts';
import type { DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { decideAdd, decideUpdate } from './cart-rules.ts';
import { findUsableCoupon, loadPricedCart, lockCart, newItemKey, touchCart } from './cart-store.ts';
import { toStoreCart } from './cart-view.ts';
import { isCorrectAnswer, questionsAsked, readForAdd, readForUpdate } from './store-competitions.ts';
import { storeError, storeRoute } from './store-route.ts';
import type { StoreDeps, StoreSession } from './store-session.ts';

async function cartBody(db: Queryable, session: StoreSession, now: Date, notices: StoreCartError[] = []) {
  const priced = await loadPricedCart(db, session.cartId, session.customerId, now);
  return toStoreCart(priced, [...session.notices, ...notices]);
}

/** 409 with the cart as it stands, as WooCommerce answers a stale key. */
async function invalidKey(pool: pg.Pool, session: StoreSession, now: Date): Promise<WpHttpError> {
  return storeError(STORE_ERRORS.invalidKey, { cart: await cartBody(pool, session, now) });
}

/** The basket routes of the Store API (docs/decisions.md#wordpress-shaped-api; shop-api/README.md "Store API"). */
export function cartRoutes(deps: StoreDeps): DeclaredRoute[] {
  const { pool } = deps;
  return [
    storeRoute(deps, routeTable.storeCart, {
      summary: "The basket: items, coupons, totals and notices (a visitor's from its Cart-Token, a customer's own when signed in).",
      description: 'Every cart answer is the whole basket: items with quantity limits, prices and line totals (pence strings, GBP) and the content API\'s competition payload, coupons, totals, `items_count`, `errors[]` (notices: capped lines, lines no longer purchasable). Headers on every Store answer, errors included: a fresh `Nonce`, `Nonce-Timestamp` and `Cart-Token`.',
      handler: ({ session, now }) => cartBody(pool, session, now),
    }),
    storeRoute(deps, routeTable.storeCartItems, { summary: "The basket's items only.", handler: async ({ session, now }) => (await cartBody(pool, session, now)).items }),

    storeRoute(deps, routeTable.storeAddItem, {
      summary: "Adds tickets for a competition (the skill question's answer when it asks one); capped by tickets left, the per-customer limit and the basket limit.",
      description: 'Headers: `Nonce` (writes: missing 401 `woocommerce_rest_missing_nonce`, invalid 403 `woocommerce_rest_invalid_nonce`, checked first) and `Cart-Token`. A request above what fits adds what fits and answers 200 with a `woocommerce_rest_product_partially_out_of_stock` notice (`data.limit`: stock or per_user). Errors (400): `woocommerce_rest_cart_invalid_product`, `woocommerce_rest_product_not_purchasable` (`data.reason`), `woocommerce_rest_product_out_of_stock`, `cgg_rest_max_tickets_per_user`, `cgg_rest_answer_required`, `cgg_rest_wrong_answer` (\'Sorry, that answer is incorrect. Please try again.\'). The answer also carries `cart_header` (the Cart-Token).',
      handler: async ({ session, input, reply, now }) => {
        // Statements by key (on the keyed pool, db/keyed-plans.ts) in one transaction, the
        // answer's basket read in it too: at a launch, every round trip of an add counts.
        const body = await inTransaction(pool, async (client) => {
          await lockCart(client, session.cartId, session.customerId, now);
          const found = await readForAdd(client, input.id, session.cartId, session.customerId);
          if (!found) throw storeError(STORE_ERRORS.invalidProduct);
          const { competition: c, line, purchased } = found;
          // Rules before the question: a sold-out competition says so whatever the answer.
          const decision = decideAdd(c, input.quantity, line?.quantity ?? 0, purchased);
          let answered = line?.answeredOptionId ?? null;
          if (c.comp_question && answered === null && (await questionsAsked(client))) {
            if (input.answer_id === undefined) throw storeError(STORE_ERRORS.answerRequired, { competition_id: c.id });
            if (!(await isCorrectAnswer(client, c.id, input.answer_id))) throw storeError(STORE_ERRORS.wrongAnswer, { competition_id: c.id });
            answered = input.answer_id;
          }
          if (line) {
            await client.query('UPDATE cart_items SET quantity = quantity + $3, answered_option_id = $4 WHERE cart_id = $1 AND item_key = $2', [
              session.cartId, line.key, decision.add, answered,
            ]);
          } else {
            await client.query(
              'INSERT INTO cart_items (cart_id, item_key, competition_id, quantity, answered_option_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
              [session.cartId, newItemKey(), c.id, decision.add, answered, now],
            );
          }
          return cartBody(client, session, now, decision.notice ? [decision.notice] : []);
        });
        // The spec reads the cart token from add-item's body as well as its header.
        return { ...body, cart_header: String(reply.getHeader(STORE_HEADERS.cartToken)) };
      },
    }),

    storeRoute(deps, routeTable.storeUpdateItem, {
      summary: 'Sets the ticket count of one basket line (409 with the basket for an unknown key).',
      description: 'Capped like add-item.',
      handler: async ({ session, input, now }) => {
        // Like the add: the line, its competition and the holdings in one read, the answer's basket
        // read in the same transaction.
        const body = await inTransaction(pool, async (client) => {
          await lockCart(client, session.cartId, session.customerId, now);
          const found = await readForUpdate(client, input.key, session.cartId, session.customerId);
          if (!found) return null;
          const decision = decideUpdate(found.competition, input.quantity, found.purchased);
          await client.query('UPDATE cart_items SET quantity = $3 WHERE cart_id = $1 AND item_key = $2', [session.cartId, found.line.key, decision.quantity]);
          return cartBody(client, session, now, decision.notice ? [decision.notice] : []);
        });
        if (body === null) throw await invalidKey(pool, session, now);
        return body;
      },
    }),

    storeRoute(deps, routeTable.storeRemoveItem, {
      summary: 'Removes one basket line (409 with the basket for an unknown key).',
      handler: async ({ session, input, now }) => {
        const { rowCount } = await pool.query('DELETE FROM cart_items WHERE cart_id = $1 AND item_key = $2', [session.cartId, input.key]);
        if (rowCount === 0) throw await invalidKey(pool, session, now);
        await touchCart(pool, session.cartId, now);
        return cartBody(pool, session, now);
      },
    }),

    storeRoute(deps, routeTable.storeEmptyCart, {
      summary: 'Empties the basket.',
      handler: async ({ session, now }) => {
        await pool.query('DELETE FROM cart_items WHERE cart_id = $1', [session.cartId]);
        await touchCart(pool, session.cartId, now);
        // WooCommerce answers the (now empty) list of items.
        return [];
      },
    }),

    storeRoute(deps, routeTable.storeApplyCoupon, {
      summary: 'Applies a coupon the caller may use.',
      description:
        '400 `woocommerce_rest_cart_coupon_error` \'Coupon "X" does not exist!\' for an unknown, expired, used or another customer\'s coupon, ' +
        '\'Coupon code "X" has already been applied.\' for one already in the basket.',
      handler: async ({ session, input, now }) => {
        const coupon = await findUsableCoupon(pool, input.code, session.customerId, now);
        const e = STORE_ERRORS.couponError;
        if (!coupon) throw new WpHttpError(e.status, e.code, e.message.replace('%s', input.code));
        await inTransaction(pool, async (client) => {
          await lockCart(client, session.cartId, session.customerId, now);
          const { rowCount } = await client.query('INSERT INTO cart_coupons (cart_id, coupon_id, added_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
            session.cartId, coupon.id, now,
          ]);
          // Said, not answered as a success: "applied successfully" twice reads as two discounts.
          const again = STORE_ERRORS.couponAlreadyApplied;
          if (rowCount === 0) throw new WpHttpError(again.status, again.code, again.message.replace('%s', coupon.code));
        });
        return cartBody(pool, session, now);
      },
    }),

    storeRoute(deps, routeTable.storeRemoveCoupon, {
      summary: 'Removes an applied coupon.',
      description: '400 `woocommerce_rest_cart_coupon_invalid_code` when it is not applied.',
      handler: async ({ session, input, now }) => {
        const { rowCount } = await pool.query(
          'DELETE FROM cart_coupons WHERE cart_id = $1 AND coupon_id IN (SELECT id FROM coupons WHERE lower(code) = lower($2))',
          [session.cartId, input.code],
        );
        if (rowCount === 0) throw storeError(STORE_ERRORS.couponNotApplied);
        return cartBody(pool, session, now);
      },
    }),
  ];
}
