import type { StoreCartError } from '@cgg/contracts';
import type pg from 'pg';
import { WpHttpError } from '../http/wp-error.ts';
import { decideAdd, decideUpdate } from './cart-rules.ts';
import { newItemKey, readLines } from './cart-store.ts';
import { competitionsById, purchasedCounts } from './store-competitions.ts';

const asNotice = (err: unknown, key: string): StoreCartError => {
  if (err instanceof WpHttpError) return { code: err.code, message: err.message, data: { ...err.extra, key } };
  throw err;
};

/**
 * Signing in: the visitor basket joins the customer's. Quantities add, capped by the
 * same rules as an add (tickets left, per-user maximum counting what the customer
 * already bought); a line that cannot be kept is dropped with a notice. Runs in the
 * caller's transaction; a second, concurrent merge of the same visitor basket finds it
 * gone and does nothing.
 */
export async function mergeVisitorCart(
  client: pg.PoolClient,
  opts: { visitorCartId: string; customerId: number; now: Date },
): Promise<{ cartId: string; notices: StoreCartError[] }> {
  const { visitorCartId, customerId, now } = opts;
  const visitor = await client.query<{ customer_id: number | null }>('SELECT customer_id FROM carts WHERE id = $1 FOR UPDATE', [visitorCartId]);
  const own = await client.query<{ id: string }>('SELECT id FROM carts WHERE customer_id = $1 FOR UPDATE', [customerId]);
  const notices: StoreCartError[] = [];

  if (!visitor.rows[0] || visitor.rows[0].customer_id !== null) {
    if (own.rows[0]) return { cartId: own.rows[0].id, notices };
    await client.query('INSERT INTO carts (id, customer_id, created_at, updated_at) VALUES (gen_random_uuid(), $1, $2, $2)', [customerId, now]);
    const made = await client.query<{ id: string }>('SELECT id FROM carts WHERE customer_id = $1', [customerId]);
    return { cartId: made.rows[0]!.id, notices };
  }

  const visitorLines = await readLines(client, visitorCartId);
  const ids = visitorLines.map((l) => l.competitionId);
  const competitions = await competitionsById(client, ids);
  const purchased = await purchasedCounts(client, customerId, ids);

  if (!own.rows[0]) {
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

  const cartId = own.rows[0].id;
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
