import type { StoreCartError } from '@cgg/contracts/store';
import type pg from 'pg';
import { lockCustomer } from '../accounts/customer-lock.ts';
import { invalidToken } from '../http/access-guard.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { decideAdd, decideUpdate } from './cart-rules.ts';
import { newItemKey, readLines } from './cart-store.ts';
import { competitionsById, purchasedCounts } from './store-competitions.ts';

const asNotice = (err: unknown, key: string): StoreCartError => {
  if (err instanceof WpHttpError) return { code: err.code, message: err.message, data: { ...err.extra, key } };
  throw err;
};

/**
 * The basket a signed-in customer uses, in the caller's transaction. Their own, with a
 * visitor basket named by the request's Cart-Token merged in (once) or adopted whole
 * when they have none; with no basket yet and a Cart-Token that names a basket never
 * written, that id is adopted, so the token the visitor already holds stays right.
 *
 * Lock order (see lockCustomer): the customer row, then their basket, then the visitor
 * basket. Two sign-ins of one customer (two devices, several visitor baskets at once)
 * queue on the customer row, and the second sees the basket the first made; two
 * customers presenting one visitor basket queue on that basket, and the second finds it
 * taken (or gone) and gets a basket of their own.
 */
export async function customerBasket(
  client: pg.PoolClient,
  opts: { tokenCartId: string | null; customerId: number; now: Date },
): Promise<{ cartId: string; notices: StoreCartError[] }> {
  const { tokenCartId, customerId, now } = opts;
  if (!(await lockCustomer(client, customerId))) throw invalidToken();
  const own = (await client.query<{ id: string }>('SELECT id FROM carts WHERE customer_id = $1 FOR UPDATE', [customerId])).rows[0];
  const named = tokenCartId && tokenCartId !== own?.id
    ? (await client.query<{ customer_id: number | null }>('SELECT customer_id FROM carts WHERE id = $1 FOR UPDATE', [tokenCartId])).rows[0]
    : undefined;
  if (named && named.customer_id === null) return mergeVisitorCart(client, { visitorCartId: tokenCartId!, ownCartId: own?.id ?? null, customerId, now });
  if (own) return { cartId: own.id, notices: [] };
  // Never written (not even by a visitor): adopt its id, unless another customer took it first.
  const adopted = tokenCartId && !named
    ? (await client.query<{ id: string }>(
        'INSERT INTO carts (id, customer_id, created_at, updated_at) VALUES ($1, $2, $3, $3) ON CONFLICT (id) DO NOTHING RETURNING id',
        [tokenCartId, customerId, now],
      )).rows[0]
    : undefined;
  if (adopted) return { cartId: adopted.id, notices: [] };
  const made = await client.query<{ id: string }>(
    'INSERT INTO carts (id, customer_id, created_at, updated_at) VALUES (gen_random_uuid(), $1, $2, $2) RETURNING id',
    [customerId, now],
  );
  return { cartId: made.rows[0]!.id, notices: [] };
}

/**
 * Signing in: the visitor basket joins the customer's. Quantities add, capped by the
 * same rules as an add (tickets left, per-user maximum counting what the customer
 * already bought); a line that cannot be kept is dropped with a notice. Both baskets
 * are locked by the caller (customerBasket).
 */
async function mergeVisitorCart(
  client: pg.PoolClient,
  opts: { visitorCartId: string; ownCartId: string | null; customerId: number; now: Date },
): Promise<{ cartId: string; notices: StoreCartError[] }> {
  const { visitorCartId, ownCartId, customerId, now } = opts;
  const notices: StoreCartError[] = [];

  const visitorLines = await readLines(client, visitorCartId);
  const ids = visitorLines.map((l) => l.competitionId);
  const competitions = await competitionsById(client, ids);
  const purchased = await purchasedCounts(client, customerId, ids);

  if (!ownCartId) {
    // The customer has no basket yet: the visitor's becomes theirs, re-capped for them.
    await client.query('UPDATE carts SET customer_id = $2, updated_at = $3 WHERE id = $1', [visitorCartId, customerId, now]);
    for (const line of visitorLines) {
      const c = competitions.get(line.competitionId)!;
      try {
        const d = decideUpdate(c, line.quantity, purchased.get(c.id) ?? 0);
        if (d.notice) {
          notices.push({ ...d.notice, data: { ...d.notice.data, key: line.key } });
          await client.query('UPDATE cart_items SET quantity = $3 WHERE cart_id = $1 AND item_key = $2', [visitorCartId, line.key, d.quantity]);
        }
      } catch (err) {
        notices.push(asNotice(err, line.key));
        await client.query('DELETE FROM cart_items WHERE cart_id = $1 AND item_key = $2', [visitorCartId, line.key]);
      }
    }
    return { cartId: visitorCartId, notices };
  }

  const cartId = ownCartId;
  const ownLines = new Map((await readLines(client, cartId)).map((l) => [l.competitionId, l]));
  for (const line of visitorLines) {
    const c = competitions.get(line.competitionId)!;
    const existing = ownLines.get(c.id);
    try {
      const d = decideAdd(c, line.quantity, existing?.quantity ?? 0, purchased.get(c.id) ?? 0);
      if (d.notice) notices.push({ ...d.notice, data: { ...d.notice.data, key: existing?.key ?? line.key } });
      if (existing) {
        await client.query(
          'UPDATE cart_items SET quantity = quantity + $3, answered_option_id = COALESCE(answered_option_id, $4) WHERE cart_id = $1 AND item_key = $2',
          [cartId, existing.key, d.add, line.answeredOptionId],
        );
      } else {
        await client.query(
          'INSERT INTO cart_items (cart_id, item_key, competition_id, quantity, answered_option_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
          [cartId, newItemKey(), c.id, d.add, line.answeredOptionId, now],
        );
      }
    } catch (err) {
      notices.push(asNotice(err, line.key));
    }
  }
  await client.query(
    `INSERT INTO cart_coupons (cart_id, coupon_id, added_at) SELECT $1, coupon_id, added_at FROM cart_coupons WHERE cart_id = $2
     ON CONFLICT DO NOTHING`,
    [cartId, visitorCartId],
  );
  await client.query('DELETE FROM carts WHERE id = $1', [visitorCartId]);
  await client.query('UPDATE carts SET updated_at = $2 WHERE id = $1', [cartId, now]);
  return { cartId, notices };
}
