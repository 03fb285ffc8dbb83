import { STORE_ERRORS, storeCartItemsSchema, storeCartSchema } from '@cgg/contracts/store';
import { wpErrorSchema } from '@cgg/contracts';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompetition, createCustomer } from './store-fixtures.ts';
import { storeInject, storeTestApp, type StoreClientState } from './store-test-kit.ts';

let app: FastifyInstance;
let pool: pg.Pool;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, pool, close } = await storeTestApp());
});
afterAll(() => close());

/** A fresh visitor that has read its cart (so it holds a nonce and Cart-Token). */
async function visitor(): Promise<StoreClientState> {
  const state: StoreClientState = {};
  const res = await storeInject(app, state, 'GET', '/cart');
  expect(res.status).toBe(200);
  return state;
}

function expectError(res: { status: number; body: unknown }, e: { code: string; status: number }) {
  expect(res.status).toBe(e.status);
  expect(wpErrorSchema.parse(res.body).code).toBe(e.code);
}

describe('cart read', () => {
  it('answers the Store cart contract with fresh Nonce, Nonce-Timestamp and Cart-Token headers', async () => {
    const res = await storeInject(app, {}, 'GET', '/cart');
    expect(res.status).toBe(200);
    expect(storeCartSchema.parse(res.body)).toMatchObject({ items: [], items_count: 0, totals: { total_price: '0', currency_minor_unit: 2 } });
    expect(res.headers.nonce).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{32}$/);
    expect(Number(res.headers['nonce-timestamp'])).toBeGreaterThan(1_700_000_000);
    expect(res.headers['cart-token']!.split('.')).toHaveLength(3);
  });

  it('is reachable as /wp-json too, and cart/items answers the bare list', async () => {
    const res = await app.inject({ method: 'GET', url: '/wp-json/wc/store/v1/cart/items' });
    expect(res.statusCode).toBe(200);
    expect(storeCartItemsSchema.parse(res.json())).toEqual([]);
  });

  it('does not write anything for a visitor who only reads', async () => {
    const before = await pool.query('SELECT count(*)::int AS n FROM carts');
    await storeInject(app, {}, 'GET', '/cart');
    const after = await pool.query('SELECT count(*)::int AS n FROM carts');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});

describe('nonce and cart token', () => {
  it('refuses a write without a nonce (401) and with a wrong one (403), changing nothing', async () => {
    const c = await createCompetition(pool);
    const state = await visitor();
    const missing = await storeInject(app, { cartToken: state.cartToken }, 'POST', '/cart/add-item', { id: c.productId, quantity: 1 });
    expectError(missing, STORE_ERRORS.missingNonce);
    // Its last character changed (to one it is not: a nonce ending in 'x' stayed valid once in 64 runs).
    const last = state.nonce!.slice(-1);
    const forged = await storeInject(app, { cartToken: state.cartToken, nonce: `${state.nonce!.slice(0, -1)}${last === 'x' ? 'y' : 'x'}` }, 'POST', '/cart/add-item', { id: c.productId, quantity: 1 });
    expectError(forged, STORE_ERRORS.invalidNonce);
    // A nonce of another basket is not good for this one.
    const other = await visitor();
    const crossed = await storeInject(app, { cartToken: state.cartToken, nonce: other.nonce }, 'POST', '/cart/add-item', { id: c.productId, quantity: 1 });
    expectError(crossed, STORE_ERRORS.invalidNonce);
    const cart = await storeInject(app, state, 'GET', '/cart');
    expect(cart.body.items_count).toBe(0);
  });

  it('keeps a visitor basket behind its Cart-Token; a forged token gets a new empty basket', async () => {
    const c = await createCompetition(pool);
    const state = await visitor();
    const added = await storeInject(app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: 3 });
    expect(added.status).toBe(200);
    expect((await storeInject(app, { cartToken: state.cartToken }, 'GET', '/cart')).body.items_count).toBe(3);
    const [h, p] = state.cartToken!.split('.');
    const forged = `${h}.${p}.${'A'.repeat(43)}`;
    expect((await storeInject(app, { cartToken: forged }, 'GET', '/cart')).body.items_count).toBe(0);
  });
});

describe("add-item in the spec's shape (nonce and cart_header in the body)", () => {
  it('adds to the basket the body names, with the body nonce, and answers cart_header', async () => {
    const c = await createCompetition(pool);
    const state = await visitor();
    const res = await storeInject(app, {}, 'POST', '/cart/add-item', { id: c.productId, quantity: 2, nonce: state.nonce, cart_header: state.cartToken });
    expect(res.status).toBe(200);
    const body = storeCartSchema.parse(res.body);
    expect(body.items_count).toBe(2);
    expect(body.cart_header).toBe(res.headers['cart-token']);
    expect((await storeInject(app, { cartToken: body.cart_header }, 'GET', '/cart')).body.items_count).toBe(2);
  });

  it('refuses a body without a nonce, and a body nonce of another basket, changing nothing', async () => {
    const c = await createCompetition(pool);
    const state = await visitor();
    const other = await visitor();
    expectError(await storeInject(app, {}, 'POST', '/cart/add-item', { id: c.productId, quantity: 1, cart_header: state.cartToken }), STORE_ERRORS.missingNonce);
    expectError(
      await storeInject(app, {}, 'POST', '/cart/add-item', { id: c.productId, quantity: 1, nonce: other.nonce, cart_header: state.cartToken }),
      STORE_ERRORS.invalidNonce,
    );
    expect((await storeInject(app, { cartToken: state.cartToken }, 'GET', '/cart')).body.items_count).toBe(0);
  });

  it('the headers win over the body: a body naming another basket cannot write to it', async () => {
    const c = await createCompetition(pool);
    const mine = await visitor();
    const theirs = await visitor();
    const res = await storeInject(app, { nonce: mine.nonce, cartToken: mine.cartToken }, 'POST', '/cart/add-item', {
      id: c.productId,
      quantity: 1,
      nonce: theirs.nonce,
      cart_header: theirs.cartToken,
    });
    expect(res.status).toBe(200);
    expect((await storeInject(app, { cartToken: mine.cartToken }, 'GET', '/cart')).body.items_count).toBe(1);
    expect((await storeInject(app, { cartToken: theirs.cartToken }, 'GET', '/cart')).body.items_count).toBe(0);
  });
});

describe('add-item with its credentials split between headers and body', () => {
  it("a body nonce cannot complete the header's basket: header Cart-Token mine, body nonce and cart_header theirs", async () => {
    const c = await createCompetition(pool);
    const mine = await visitor();
    const theirs = await visitor();
    const res = await storeInject(app, { cartToken: mine.cartToken }, 'POST', '/cart/add-item', {
      id: c.productId,
      quantity: 1,
      nonce: theirs.nonce,
      cart_header: theirs.cartToken,
    });
    expectError(res, STORE_ERRORS.invalidNonce);
    expect((await storeInject(app, { cartToken: mine.cartToken }, 'GET', '/cart')).body.items_count).toBe(0);
    expect((await storeInject(app, { cartToken: theirs.cartToken }, 'GET', '/cart')).body.items_count).toBe(0);
  });

  it("a body cart_header cannot borrow the header's nonce: header Nonce mine, body cart_header theirs", async () => {
    const c = await createCompetition(pool);
    const mine = await visitor();
    const theirs = await visitor();
    const res = await storeInject(app, { nonce: mine.nonce }, 'POST', '/cart/add-item', { id: c.productId, quantity: 1, cart_header: theirs.cartToken });
    expectError(res, STORE_ERRORS.invalidNonce);
    expect((await storeInject(app, { cartToken: mine.cartToken }, 'GET', '/cart')).body.items_count).toBe(0);
    expect((await storeInject(app, { cartToken: theirs.cartToken }, 'GET', '/cart')).body.items_count).toBe(0);
  });

  it('a header nonce with its own basket named in the body adds there and answers that cart_header', async () => {
    const c = await createCompetition(pool);
    const mine = await visitor();
    const res = await storeInject(app, { nonce: mine.nonce }, 'POST', '/cart/add-item', { id: c.productId, quantity: 2, cart_header: mine.cartToken });
    expect(res.status).toBe(200);
    expect(res.body.cart_header).toBe(res.headers['cart-token']);
    expect((await storeInject(app, { cartToken: mine.cartToken }, 'GET', '/cart')).body.items_count).toBe(2);
  });
});

describe('add-item rules', () => {
  it('adds with WooCommerce totals in pence and the competition payload', async () => {
    const c = await createCompetition(pool, { pricePence: 99 });
    const state = await visitor();
    const res = await storeInject(app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: 2 });
    const cart = storeCartSchema.parse(res.body);
    // On the wire the quantity is the spec's text; the contracts schema reads it as a number.
    expect(res.body.items[0].quantity).toBe('2');
    expect(cart.items[0]).toMatchObject({ id: c.productId, quantity: 2, totals: { line_subtotal: '198', line_total: '198', currency_minor_unit: 2 }, competition: { id: c.id } });
    expect(cart.totals.total_price).toBe('198');
    // Adding again adds to the line.
    const again = await storeInject(app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: 1 });
    expect(again.body.items).toHaveLength(1);
    expect(again.body.items[0].quantity).toBe('3');
  });

  it('prices the sale only inside its window and when lower', async () => {
    const hour = 3600_000;
    const active = await createCompetition(pool, { pricePence: 200, salePricePence: 150, saleStartAt: new Date(Date.now() - hour), saleEndAt: new Date(Date.now() + hour) });
    const future = await createCompetition(pool, { pricePence: 200, salePricePence: 150, saleStartAt: new Date(Date.now() + hour), saleEndAt: new Date(Date.now() + 2 * hour) });
    const state = await visitor();
    await storeInject(app, state, 'POST', '/cart/add-item', { id: active.productId, quantity: 1 });
    const res = await storeInject(app, state, 'POST', '/cart/add-item', { id: future.productId, quantity: 1 });
    const byId = new Map(res.body.items.map((i: { id: number; prices: { price: string } }) => [i.id, i.prices.price]));
    expect(byId.get(active.productId)).toBe('150');
    expect(byId.get(future.productId)).toBe('200');
  });

  it('refuses 0 tickets left, a closed, drawn or disabled competition, and an unknown product', async () => {
    const state = await visitor();
    const soldOut = await createCompetition(pool, { total: 10, sold: 10 });
    expectError(await storeInject(app, state, 'POST', '/cart/add-item', { id: soldOut.productId, quantity: 1 }), STORE_ERRORS.outOfStock);
    for (const o of [{ status: 'drawn' as const }, { closingAt: new Date(Date.now() - 1000) }, { disableTickets: true }]) {
      const c = await createCompetition(pool, o);
      expectError(await storeInject(app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: 1 }), STORE_ERRORS.notPurchasable);
    }
    expectError(await storeInject(app, state, 'POST', '/cart/add-item', { id: 999_999, quantity: 1 }), STORE_ERRORS.invalidProduct);
    expect((await storeInject(app, state, 'GET', '/cart')).body.items_count).toBe(0);
  });

  it('caps at the tickets left with a partially-out-of-stock notice naming the counts', async () => {
    const c = await createCompetition(pool, { total: 10, sold: 7 });
    const state = await visitor();
    const res = await storeInject(app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: 5 });
    expect(res.status).toBe(200);
    expect(res.body.items[0].quantity).toBe('3');
    const notice = res.body.errors.find((e: { code: string }) => e.code === STORE_ERRORS.partiallyOutOfStock.code);
    expect(notice.data).toMatchObject({ available: 3, added: 3, requested: 5, limit: 'stock' });
  });

  it('names each line that can no longer be bought as it stands, by its key, with what the shopper can do', async () => {
    const title = (t: string) => ({ title: t, total: 10 });
    const soldOut = await createCompetition(pool, title('Sold Car'));
    const fewer = await createCompetition(pool, title('Few Left'));
    const closed = await createCompetition(pool, title('Closed Watch'));
    const state = await visitor();
    for (const [c, n] of [[soldOut, 2], [fewer, 3], [closed, 1]] as const) await storeInject(app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: n });
    // Meanwhile others bought, and one competition closed.
    await pool.query('UPDATE competitions SET tickets_sold = 10 WHERE id = $1', [soldOut.id]);
    await pool.query('UPDATE competitions SET tickets_sold = 9 WHERE id = $1', [fewer.id]);
    await pool.query("UPDATE competitions SET status = 'closed' WHERE id = $1", [closed.id]);
    const cart = await storeInject(app, state, 'GET', '/cart');
    const keyOf = (id: number) => cart.body.items.find((i: { id: number }) => i.id === id).key;
    expect(cart.body.errors.map((e: { message: string; data: { key: string } }) => [e.data.key, e.message])).toEqual([
      [keyOf(soldOut.productId), '"Sold Car" has sold out: remove it to check out.'],
      [keyOf(fewer.productId), 'Only 1 ticket of "Few Left" is left: change this line to 1 or fewer.'],
      [keyOf(closed.productId), '"Closed Watch" is closed to new entries: remove it to check out.'],
    ]);
  });

  it('counts the basket plus tickets bought against the per-user maximum', async () => {
    const c = await createCompetition(pool, { maxPerUser: 5 });
    const state = await visitor();
    const first = await storeInject(app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: 4 });
    expect(first.body.items[0].quantity_limits.maximum).toBe(5);
    const capped = await storeInject(app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: 3 });
    expect(capped.body.items[0].quantity).toBe('5');
    expect(capped.body.errors[0].data).toMatchObject({ available: 5, added: 1, limit: 'per_user' });
    const full = await storeInject(app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: 1 });
    expectError(full, STORE_ERRORS.maxPerUser);
    expect(full.body.data).toMatchObject({ in_cart: 5, purchased: 0, max_per_user: 5 });

    // A customer who already bought 4 may add 1 more.
    const buyer = await createCustomer(pool);
    const order = await pool.query<{ id: number }>(`INSERT INTO orders (customer_id, status, created_at, subtotal_pence, total_pence) VALUES ($1, 'completed', now(), 400, 400) RETURNING id`, [buyer.id]);
    await pool.query(`INSERT INTO order_items (order_id, competition_id, title, quantity, unit_price_pence, line_total_pence) VALUES ($1, $2, 't', 4, 100, 400)`, [order.rows[0]!.id, c.id]);
    const me: StoreClientState = { bearer: buyer.token };
    await storeInject(app, me, 'GET', '/cart');
    const res = await storeInject(app, me, 'POST', '/cart/add-item', { id: c.productId, quantity: 3 });
    expect(res.body.items[0].quantity).toBe('1');
    expectError(await storeInject(app, me, 'POST', '/cart/add-item', { id: c.productId, quantity: 1 }), STORE_ERRORS.maxPerUser);
  });

  it('adds sent at once from several tabs take turns on the basket: together they never pass the per-user maximum', async () => {
    const c = await createCompetition(pool, { maxPerUser: 5 });
    const state = await visitor();
    // Six tabs add 2 each at the same moment: 2 and 2 fit, the third is capped to 1, the rest are refused.
    const answers = await Promise.all(Array.from({ length: 6 }, () => storeInject(app, { ...state }, 'POST', '/cart/add-item', { id: c.productId, quantity: 2 })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.status === 400)) expectError(refused, STORE_ERRORS.maxPerUser);
    const cart = await storeInject(app, state, 'GET', '/cart');
    expect(cart.body.items.map((i: { quantity: string }) => i.quantity)).toEqual(['5']);
  });

  it('needs the right answer to a required question; a wrong one adds nothing', async () => {
    const c = await createCompetition(pool, { question: true });
    const state = await visitor();
    expectError(await storeInject(app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: 1 }), STORE_ERRORS.answerRequired);
    const wrong = await storeInject(app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: 1, answer_id: c.wrongAnswer });
    expectError(wrong, STORE_ERRORS.wrongAnswer);
    expect(wrong.body.message).toBe('Sorry, that answer is incorrect. Please try again.');
    expect((await storeInject(app, state, 'GET', '/cart')).body.items_count).toBe(0);
    expect((await storeInject(app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: 1, answer_id: c.rightAnswer })).status).toBe(200);
    // The line remembers the answer.
    expect((await storeInject(app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: 1 })).body.items[0].quantity).toBe('2');
  });

  it('validates the quantity', async () => {
    const c = await createCompetition(pool);
    const state = await visitor();
    const res = await storeInject(app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: 0 });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
  });
});

describe('update, remove, empty', () => {
  it('updates a quantity (capped), removes a line, empties the basket; a stale key is 409 with the cart', async () => {
    const a = await createCompetition(pool, { maxPerUser: 10 });
    const b = await createCompetition(pool);
    const state = await visitor();
    await storeInject(app, state, 'POST', '/cart/add-item', { id: a.productId, quantity: 2 });
    const added = await storeInject(app, state, 'POST', '/cart/add-item', { id: b.productId, quantity: 1 });
    const keyA = added.body.items.find((i: { id: number }) => i.id === a.productId).key;
    const updated = await storeInject(app, state, 'POST', '/cart/update-item', { key: keyA, quantity: 25 });
    expect(updated.body.items.find((i: { key: string }) => i.key === keyA).quantity).toBe('10');
    expect(updated.body.errors[0].data).toMatchObject({ limit: 'per_user', available: 10 });
    const removed = await storeInject(app, state, 'POST', '/cart/remove-item', { key: keyA });
    expect(removed.body.items).toHaveLength(1);
    const stale = await storeInject(app, state, 'POST', '/cart/remove-item', { key: keyA });
    expectError(stale, STORE_ERRORS.invalidKey);
    expect(storeCartSchema.parse(stale.body.data.cart).items).toHaveLength(1);
    const emptied = await storeInject(app, state, 'DELETE', '/cart/items');
    expect(emptied.status).toBe(200);
    expect(emptied.body).toEqual([]);
    expect((await storeInject(app, state, 'GET', '/cart')).body.items_count).toBe(0);
  });

  it("updates against the tickets a customer already bought; another basket's key is 409, changing nothing", async () => {
    const c = await createCompetition(pool, { maxPerUser: 5 });
    const buyer = await createCustomer(pool);
    const order = await pool.query<{ id: number }>(`INSERT INTO orders (customer_id, status, created_at, subtotal_pence, total_pence) VALUES ($1, 'completed', now(), 300, 300) RETURNING id`, [buyer.id]);
    await pool.query(`INSERT INTO order_items (order_id, competition_id, title, quantity, unit_price_pence, line_total_pence) VALUES ($1, $2, 't', 3, 100, 300)`, [order.rows[0]!.id, c.id]);
    const me: StoreClientState = { bearer: buyer.token };
    await storeInject(app, me, 'GET', '/cart');
    const key = (await storeInject(app, me, 'POST', '/cart/add-item', { id: c.productId, quantity: 1 })).body.items[0].key;

    // 3 bought: the line goes to 2 at most, whatever is asked.
    const capped = await storeInject(app, me, 'POST', '/cart/update-item', { key, quantity: 4 });
    expect(capped.status).toBe(200);
    expect(capped.body.items[0].quantity).toBe('2');
    expect(capped.body.errors[0].data).toMatchObject({ limit: 'per_user', available: 2 });
    expect((await storeInject(app, me, 'POST', '/cart/update-item', { key, quantity: 1 })).body.items[0].quantity).toBe('1');

    // A visitor naming the customer's line gets its own basket back, and the line is untouched.
    const other = await visitor();
    const refused = await storeInject(app, other, 'POST', '/cart/update-item', { key, quantity: 2 });
    expectError(refused, STORE_ERRORS.invalidKey);
    expect(storeCartSchema.parse(refused.body.data.cart).items).toHaveLength(0);
    expect((await storeInject(app, me, 'GET', '/cart')).body.items[0].quantity).toBe('1');
  });
});

describe('coupons', () => {
  it('applies fixed and percentage coupons, spreads them over lines, removes them', async () => {
    await pool.query(`INSERT INTO coupons (customer_id, code, description, discount_type, amount_pence, created_at) VALUES (NULL, 'TAKE50P', 'x', 'fixed_cart', 50, now())`);
    await pool.query(`INSERT INTO coupons (customer_id, code, description, discount_type, percent, created_at) VALUES (NULL, 'TENOFF', 'x', 'percent', 10, now())`);
    const c = await createCompetition(pool, { pricePence: 100 });
    const state = await visitor();
    await storeInject(app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: 10 });
    const one = await storeInject(app, state, 'POST', '/cart/apply-coupon', { code: 'tenoff' });
    expect(one.body.totals).toMatchObject({ total_items: '1000', total_discount: '100', total_price: '900' });
    const two = await storeInject(app, state, 'POST', '/cart/apply-coupon', { code: 'TAKE50P' });
    expect(two.body.totals.total_price).toBe('850');
    expect(two.body.items[0].totals).toMatchObject({ line_subtotal: '1000', line_total: '850' });
    expectError(await storeInject(app, state, 'POST', '/cart/apply-coupon', { code: 'NOPE123' }), STORE_ERRORS.couponError);
    const again = await storeInject(app, state, 'POST', '/cart/apply-coupon', { code: 'take50p' });
    expectError(again, STORE_ERRORS.couponAlreadyApplied);
    expect(again.body.message).toBe('Coupon code "TAKE50P" has already been applied.');
    expect((await storeInject(app, state, 'GET', '/cart')).body.totals.total_price).toBe('850');
    const removed = await storeInject(app, state, 'POST', '/cart/remove-coupon', { code: 'TENOFF' });
    expect(removed.body.totals.total_price).toBe('950');
    expectError(await storeInject(app, state, 'POST', '/cart/remove-coupon', { code: 'TENOFF' }), STORE_ERRORS.couponNotApplied);
  });

  it('lists coupons in the order applied, drops one that expires from the totals, and keeps them on an emptied basket', async () => {
    await pool.query(`INSERT INTO coupons (customer_id, code, discount_type, amount_pence, created_at) VALUES (NULL, 'FIRST-10P', 'fixed_cart', 10, now())`);
    await pool.query(`INSERT INTO coupons (customer_id, code, discount_type, amount_pence, expires_at, created_at) VALUES (NULL, 'SECOND-20P', 'fixed_cart', 20, now() + interval '1 day', now())`);
    const c = await createCompetition(pool, { pricePence: 100 });
    const state = await visitor();
    await storeInject(app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: 2 });
    await storeInject(app, state, 'POST', '/cart/apply-coupon', { code: 'FIRST-10P' });
    const both = await storeInject(app, state, 'POST', '/cart/apply-coupon', { code: 'SECOND-20P' });
    expect(both.body.coupons.map((x: { code: string }) => x.code)).toEqual(['FIRST-10P', 'SECOND-20P']);
    expect(both.body.totals.total_price).toBe('170');
    await pool.query(`UPDATE coupons SET expires_at = now() - interval '1 minute' WHERE code = 'SECOND-20P'`);
    const expired = await storeInject(app, state, 'GET', '/cart');
    expect(expired.body.coupons.map((x: { code: string }) => x.code)).toEqual(['FIRST-10P']);
    expect(expired.body.totals.total_price).toBe('190');
    await storeInject(app, state, 'DELETE', '/cart/items');
    const empty = await storeInject(app, state, 'GET', '/cart');
    expect(empty.body.items_count).toBe(0);
    expect(empty.body.coupons.map((x: { code: string }) => x.code)).toEqual(['FIRST-10P']);
  });

  it("does not let anyone but its owner use a customer's coupon", async () => {
    const owner = await createCustomer(pool);
    await pool.query(`INSERT INTO coupons (customer_id, code, amount_pence, created_at) VALUES ($1, 'MINE-ONLY', 100, now())`, [owner.id]);
    const state = await visitor();
    expectError(await storeInject(app, state, 'POST', '/cart/apply-coupon', { code: 'MINE-ONLY' }), STORE_ERRORS.couponError);
    const me: StoreClientState = { bearer: owner.token };
    await storeInject(app, me, 'GET', '/cart');
    expect((await storeInject(app, me, 'POST', '/cart/apply-coupon', { code: 'MINE-ONLY' })).status).toBe(200);
  });
});

describe('signing in merges the visitor basket', () => {
  it("adds the visitor's lines to the customer's, capped by the rules, and uses the customer's basket from then on", async () => {
    const a = await createCompetition(pool, { maxPerUser: 6 });
    const b = await createCompetition(pool, { question: true });
    const customer = await createCustomer(pool);
    const mine: StoreClientState = { bearer: customer.token };
    await storeInject(app, mine, 'GET', '/cart');
    await storeInject(app, mine, 'POST', '/cart/add-item', { id: a.productId, quantity: 4 });

    const state = await visitor();
    await storeInject(app, state, 'POST', '/cart/add-item', { id: a.productId, quantity: 5 });
    await storeInject(app, state, 'POST', '/cart/add-item', { id: b.productId, quantity: 2, answer_id: b.rightAnswer });
    const visitorToken = state.cartToken;

    // Sign in: the same browser now sends its bearer with its (visitor) Cart-Token and nonce.
    state.bearer = customer.token;
    const merged = await storeInject(app, state, 'POST', '/cart/add-item', { id: b.productId, quantity: 1 });
    expect(merged.status).toBe(200);
    const qty = new Map(storeCartSchema.parse(merged.body).items.map((i) => [i.id, i.quantity]));
    expect(qty.get(a.productId)).toBe(6);
    expect(qty.get(b.productId)).toBe(3);
    expect(merged.body.errors.some((e: { code: string }) => e.code === STORE_ERRORS.partiallyOutOfStock.code)).toBe(true);
    expect(merged.headers['cart-token']).not.toBe(visitorToken);

    // The visitor basket is gone; the old token alone now reads an empty basket.
    expect((await storeInject(app, { cartToken: visitorToken }, 'GET', '/cart')).body.items_count).toBe(0);
    // The customer's basket, from anywhere they are signed in.
    expect((await storeInject(app, { bearer: customer.token }, 'GET', '/cart')).body.items_count).toBe(9);
  });

  it('does not show a customer basket to a request without their token', async () => {
    const customer = await createCustomer(pool);
    const c = await createCompetition(pool);
    const mine: StoreClientState = { bearer: customer.token };
    await storeInject(app, mine, 'GET', '/cart');
    await storeInject(app, mine, 'POST', '/cart/add-item', { id: c.productId, quantity: 2 });
    expect((await storeInject(app, { cartToken: mine.cartToken }, 'GET', '/cart')).body.items_count).toBe(0);
  });

  it('answers 401 invalid_token for a bad customer token', async () => {
    const res = await storeInject(app, { bearer: 'not-a-session' }, 'GET', '/cart');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('invalid_token');
  });
});
