import { randomUUID } from 'node:crypto';
import { STORE_ERRORS, storeCheckoutResponseSchema } from '@cgg/contracts/store';
import { wpErrorSchema } from '@cgg/contracts';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billing, cardPayment, createCompetition, createCustomer } from './store-fixtures.ts';
import { payCheckout, storeInject, storeTestApp, type StoreClientState } from './store-test-kit.ts';
import { RATE_LIMITS } from '../http/rate-limits.ts';

let app: FastifyInstance;
let pool: pg.Pool;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, pool, close } = await storeTestApp());
});
afterAll(() => close());

function expectError(res: { status: number; body: unknown }, e: { code: string; status: number }) {
  expect(res.status).toBe(e.status);
  expect(wpErrorSchema.parse(res.body).code).toBe(e.code);
}

/** A signed-in customer with `quantity` tickets of a fresh competition in their basket. */
async function customerWithBasket(o: Parameters<typeof createCompetition>[1] = {}, quantity = 2, customer?: Awaited<ReturnType<typeof createCustomer>>) {
  const c = await createCompetition(pool, o);
  const who = customer ?? (await createCustomer(pool));
  const state: StoreClientState = { bearer: who.token };
  await storeInject(app, state, 'GET', '/cart');
  const added = await storeInject(app, state, 'POST', '/cart/add-item', { id: c.productId, quantity, ...(o.question ? { answer_id: c.rightAnswer } : {}) });
  expect(added.status).toBe(200);
  return { c, who, state };
}

const checkout = (state: StoreClientState, body: Record<string, unknown> = {}, key: string = randomUUID()) =>
  payCheckout(app, state, { billing_address: billing, payment_method: 'cgg-card', payment_data: cardPayment(), ...body }, { 'idempotency-key': key });

async function stateOf(competitionId: number) {
  const { rows } = await pool.query<{ sold: number; tickets: number; orders: number }>(
    `SELECT c.tickets_sold AS sold, (SELECT count(*)::int FROM tickets t WHERE t.competition_id = c.id) AS tickets,
            (SELECT count(DISTINCT order_id)::int FROM order_items i WHERE i.competition_id = c.id) AS orders
     FROM competitions c WHERE c.id = $1`,
    [competitionId],
  );
  return rows[0]!;
}

describe('checkout', () => {
  it(`limits each customer to ${RATE_LIMITS.checkoutCustomer.points} checkouts a minute (429 with Retry-After); others go on`, async () => {
    const who = await createCustomer(pool);
    const state: StoreClientState = { bearer: who.token };
    await storeInject(app, state, 'GET', '/cart');
    // An empty basket answers fast, and each call still counts.
    for (let i = 0; i < RATE_LIMITS.checkoutCustomer.points; i++) expectError(await checkout(state), STORE_ERRORS.cartEmpty);
    const limited = await checkout(state);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rest_too_many_checkouts', data: { status: 429 } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const { state: other } = await customerWithBasket();
    expect((await checkout(other)).status).toBe(200);
  }, 60_000);

  it('pays by demo card: order, random unique tickets, points, spending, empty basket, and the account calls show it', async () => {
    const { c, who, state } = await customerWithBasket({ total: 20_000, pricePence: 250 }, 3);
    const res = await checkout(state);
    expect(res.status).toBe(200);
    const body = storeCheckoutResponseSchema.parse(res.body);
    expect(body).toMatchObject({ status: 'completed', payment_method: 'cgg-card', payment_result: { payment_status: 'success' } });
    expect(body.extensions.cgg.payment).toMatchObject({ provider: 'demo', status: 'succeeded', funding: 'debit', last4: '5556', client_secret: null });
    const numbers = body.extensions.cgg.tickets[0]!.ticket_numbers;
    expect(numbers).toHaveLength(3);
    expect(new Set(numbers).size).toBe(3);
    for (const n of numbers) expect(n >= 1 && n <= 20_000).toBe(true);
    expect(body.extensions.cgg).toMatchObject({ total: '750', card_charged: '750', points_earned: 75 });
    expect(await stateOf(c.id)).toMatchObject({ sold: 3, tickets: 3 });

    expect((await storeInject(app, state, 'GET', '/cart')).body.items_count).toBe(0);
    const points = await pool.query(`SELECT points, type FROM points_logs WHERE customer_id = $1`, [who.id]);
    expect(points.rows).toEqual([{ points: 75, type: 'order-placed' }]);

    const call = (name: string, payload: object) =>
      app.inject({ method: 'POST', url: `/?rest_route=/api/v1/${name}`, headers: { 'content-type': 'application/json' }, payload: { token: who.token, ...payload } });
    const orders = (await call('orders', { page: 1, limit: 10 })).json();
    expect(orders.data[0]).toMatchObject({ order_id_: body.order_id, order_status: 'completed', item_count: 3 });
    const detail = (await call('order_detail', { id: body.order_id })).json();
    expect(detail.data.products[0]).toMatchObject({ quantity: 3, tickets: numbers, price: '7.50' });
    expect(detail.data.billing).toMatchObject({ first_name: 'Jamie', address_2: 'Market Street', postcode: 'M1 1AB' });
    const purchased = (await call('get_purchased_competition', {})).json();
    expect(purchased.data).toContainEqual({ competition_id: c.id, total_tickets: 3 });
    const play = (await call('responsible_play', {})).json();
    expect(play.data?.current_spending ?? play.current_spending).toBe('7.50');
  });

  it("names the request's id to PostgreSQL while the order is written (application_name, for its logs and pg_stat_activity)", async () => {
    // What the order's own transaction called itself, seen from inside it by a trigger of this test.
    await pool.query(`CREATE TABLE IF NOT EXISTS test_order_app_names (order_id bigint, app text);
      CREATE OR REPLACE FUNCTION test_note_app_name() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO test_order_app_names VALUES (NEW.id, current_setting('application_name')); RETURN NEW; END $$;
      CREATE OR REPLACE TRIGGER test_note_app_name AFTER INSERT ON orders FOR EACH ROW EXECUTE FUNCTION test_note_app_name();`);
    try {
      const { state } = await customerWithBasket({ total: 500 }, 1);
      const res = await storeInject(app, state, 'POST', '/checkout', { billing_address: billing, payment_method: 'cgg-card', payment_data: cardPayment() }, { 'idempotency-key': randomUUID(), 'x-request-id': 'lb-order-42' });
      expect(res.status).toBe(200);
      const { rows } = await pool.query('SELECT app FROM test_order_app_names WHERE order_id = $1', [res.body.order_id]);
      expect(rows).toEqual([{ app: 'shop-api req lb-order-42' }]);
      // SET LOCAL: the pooled connection is handed back under its own name.
      expect((await pool.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'shop-api req %'")).rows[0].n).toBe(0);
    } finally {
      await pool.query('DROP TRIGGER test_note_app_name ON orders; DROP FUNCTION test_note_app_name(); DROP TABLE test_order_app_names');
    }
  });

  it('needs a signed-in customer', async () => {
    const state: StoreClientState = {};
    await storeInject(app, state, 'GET', '/cart');
    expectError(await checkout(state), STORE_ERRORS.loginRequired);
  });

  it('needs an Idempotency-Key', async () => {
    const { state } = await customerWithBasket();
    const res = await storeInject(app, state, 'POST', '/checkout', { billing_address: billing, payment_method: 'cgg-card', payment_data: cardPayment() });
    expectError(res, STORE_ERRORS.idempotencyKeyInvalid);
  });

  it("checks the billing fields with the spec's messages, nothing written", async () => {
    const { c, state } = await customerWithBasket();
    const res = await checkout(state, { billing_address: { ...billing, address_1: ' ', phone: '', email: 'nope' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Phone No. is required.');
    expect(res.body.data.params).toEqual({ phone: 'Phone No. is required.', address_1: 'House Name/No. is required.', email: 'Email address is invalid.' });
    // The optional county and company have the profile's limit (the county is shown with a win).
    const long = await checkout(state, { billing_address: { ...billing, state: 'S'.repeat(201), company: 'C'.repeat(201) } });
    expect(long.status).toBe(400);
    expect(long.body.data.params).toEqual({ state: 'County is too long.', company: 'Company is too long.' });
    // A phone nobody can ring and a postcode that is not a UK one (the shop's country is fixed to it).
    const junk = await checkout(state, { billing_address: { ...billing, phone: '12', postcode: 'NOT A POSTCODE!!' } });
    expect(junk.status).toBe(400);
    expect(junk.body.data.params).toEqual({ phone: 'Phone No. is invalid.', postcode: 'Postcode is invalid.' });
    expect(await stateOf(c.id)).toMatchObject({ sold: 0, tickets: 0, orders: 0 });
  });

  it('a declined card releases the reservation: no tickets, no points, the order failed and the basket as it was', async () => {
    const { c, who, state } = await customerWithBasket({ instantWinNumbers: [1, 2, 3, 4, 5] }, 5);
    await pool.query(`UPDATE competitions SET total_tickets = 5 WHERE id = $1`, [c.id]);
    const res = await checkout(state, { payment_data: cardPayment('4000 0000 0000 0002') });
    expectError(res, STORE_ERRORS.paymentError);
    expect(res.body.message).toBe('Your card was declined.');
    expect(res.body.data).toMatchObject({ reason: 'card_declined', cart: { items_count: 5 } });
    expect(await stateOf(c.id)).toMatchObject({ sold: 0, tickets: 0 });
    const order = await pool.query('SELECT status FROM orders WHERE customer_id = $1', [who.id]);
    expect(order.rows).toEqual([{ status: 'failed' }]);
    const wins = await pool.query('SELECT count(*)::int AS n FROM instant_win_tickets WHERE competition_id = $1 AND won_at IS NOT NULL', [c.id]);
    expect(wins.rows[0].n).toBe(0);
    expect((await pool.query('SELECT count(*)::int AS n FROM points_logs WHERE customer_id = $1', [who.id])).rows[0].n).toBe(0);
    expect((await storeInject(app, state, 'GET', '/cart')).body.items_count).toBe(5);
    // The basket back as it was: checking out again with a good card pays.
    expect((await checkout(state)).body).toMatchObject({ status: 'completed' });
  });

  it('never takes a card number (the old demo form): refused, nothing reserved', async () => {
    const { c, state } = await customerWithBasket();
    const card = [{ key: 'card_number', value: '4242424242424242' }, { key: 'card_expiry', value: '12/34' }, { key: 'card_cvc', value: '123' }];
    for (const body of [{ payment_method: 'cgg-demo-card', payment_data: card }, { payment_method: 'cgg-card', payment_data: [...cardPayment(), card[0]!] }]) {
      const res = await checkout(state, body);
      expectError(res, STORE_ERRORS.cardNumbersRefused);
      expect(res.body.message).toBe(STORE_ERRORS.cardNumbersRefused.message);
    }
    expect(await stateOf(c.id)).toMatchObject({ sold: 0, tickets: 0, orders: 0 });
  });

  it('needs a payment method the provider knows', async () => {
    const { c, state } = await customerWithBasket();
    const none = await checkout(state, { payment_data: [] });
    expectError(none, STORE_ERRORS.invalidPaymentData);
    expect(none.body.message).toBe('Please enter your card details.');
    const unknown = await checkout(state, { payment_data: cardPayment('pm_demo_nosuchmethod') });
    expectError(unknown, STORE_ERRORS.paymentError);
    expect(unknown.body).toMatchObject({ message: 'Your card details could not be found. Please enter them again.', data: { reason: 'unknown_payment_method' } });
    expect(await stateOf(c.id)).toMatchObject({ sold: 0, tickets: 0, orders: 0 });
  });

  it('the same Idempotency-Key never makes a second order or charge', async () => {
    const { c, who, state } = await customerWithBasket({}, 2);
    const key = randomUUID();
    const first = await checkout(state, {}, key);
    expect(first.status).toBe(200);
    // The basket is empty now, but a retry answers the first result.
    const again = await checkout(state, {}, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await stateOf(c.id)).toMatchObject({ sold: 2, tickets: 2, orders: 1 });
    expect((await pool.query('SELECT count(*)::int AS n FROM payment_intents p JOIN orders o ON o.id = p.order_id WHERE o.customer_id = $1', [who.id])).rows[0].n).toBe(1);
  });

  it('awards an instant-win number bought, once, with the public name', async () => {
    const { c, who, state } = await customerWithBasket({ total: 3, instantWinNumbers: [2] }, 3);
    const res = await checkout(state);
    expect(res.status).toBe(200);
    expect(res.body.extensions.cgg.instant_wins).toHaveLength(1);
    expect(res.body.extensions.cgg.instant_wins[0]).toMatchObject({ competition_id: c.id, ticket_number: 2, prize_title: '£50 Cash #2' });
    const award = await pool.query('SELECT customer_id, claimed FROM instant_win_awards WHERE competition_id = $1', [c.id]);
    expect(award.rows).toEqual([{ customer_id: who.id, claimed: false }]);
    const ticket = await pool.query('SELECT won_by_name FROM instant_win_tickets WHERE competition_id = $1', [c.id]);
    expect(ticket.rows[0].won_by_name).toBe('Jamie T.');
  });

  it('a paid order holding no open instant-win number is awarded nothing', async () => {
    const { c, state } = await customerWithBasket({ total: 3, instantWinNumbers: [2] }, 3);
    // Number 2's prize went meanwhile (as if won before the tickets were released): no award again.
    await pool.query('UPDATE instant_win_tickets SET won_at = now(), won_by_name = $2 WHERE competition_id = $1', [c.id, 'Someone E.']);
    const res = await checkout(state);
    expect(res.body).toMatchObject({ status: 'completed', extensions: { cgg: { instant_wins: [] } } });
    expect((await pool.query('SELECT count(*)::int AS n FROM instant_win_awards WHERE competition_id = $1', [c.id])).rows[0].n).toBe(0);
    expect((await pool.query('SELECT won_by_name FROM instant_win_tickets WHERE competition_id = $1', [c.id])).rows[0].won_by_name).toBe('Someone E.');
  });

  it('fires reward wins once at their milestones', async () => {
    const { c, state } = await customerWithBasket({ total: 10, rewardPercentages: [20, 50, 90] }, 5);
    expect((await checkout(state)).status).toBe(200);
    const fired = await pool.query('SELECT r.percentage FROM reward_win_awards a JOIN reward_wins r ON r.id = a.reward_win_id WHERE a.competition_id = $1 ORDER BY 1', [c.id]);
    expect(fired.rows.map((r) => r.percentage)).toEqual([20, 50]);
  });

  it('re-checks the per-user maximum at checkout (tickets bought since the basket was filled)', async () => {
    const who = await createCustomer(pool);
    const { c, state } = await customerWithBasket({ maxPerUser: 3 }, 3, who);
    // A second order for the same competition placed meanwhile (e.g. another device).
    const order = await pool.query<{ id: number }>(`INSERT INTO orders (customer_id, status, created_at, subtotal_pence, total_pence) VALUES ($1, 'completed', now(), 100, 100) RETURNING id`, [who.id]);
    await pool.query(`INSERT INTO order_items (order_id, competition_id, title, quantity, unit_price_pence, line_total_pence) VALUES ($1, $2, 't', 1, 100, 100)`, [order.rows[0]!.id, c.id]);
    const res = await checkout(state);
    expectError(res, STORE_ERRORS.partiallyOutOfStock);
    expect(res.body.data).toMatchObject({ available: 2, limit: 'per_user' });
    expect(res.body.data.cart.items_count).toBe(3);
    expect(await stateOf(c.id)).toMatchObject({ sold: 0, tickets: 0 });
  });

  it('enforces the spending limit and the account lock through assertCanSpend', async () => {
    const limited = await createCustomer(pool, { limitPence: 150 });
    const { state } = await customerWithBasket({ pricePence: 100 }, 2, limited);
    const res = await checkout(state);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('cgg_spending_limit_reached');
    const locked = await createCustomer(pool, { lockedUntil: new Date(Date.now() + 3600_000) });
    const l = await customerWithBasket({}, 1, locked);
    expect((await checkout(l.state)).body.code).toBe('cgg_account_locked');
  });

  it('pays with points and site credit (100 points = £1), logging order-redeem', async () => {
    const who = await createCustomer(pool);
    await pool.query(`INSERT INTO points_logs (customer_id, type, points, description, created_at) VALUES ($1, 'signup-bonus', 300, 'x', now())`, [who.id]);
    await pool.query(`INSERT INTO credit_logs (customer_id, type, amount_pence, description, created_at) VALUES ($1, 'admin-credit', 500, 'x', now())`, [who.id]);
    const { state } = await customerWithBasket({ pricePence: 400 }, 2, who);
    const tooMuch = await checkout(state, { payment_method: 'cgg-site-credit', payment_data: [{ key: 'redeem_points', value: '300' }, { key: 'use_credit', value: '400' }] });
    expectError(tooMuch, STORE_ERRORS.invalidPaymentData);
    const res = await checkout(state, { payment_method: 'cgg-site-credit', payment_data: [{ key: 'redeem_points', value: '300' }, { key: 'use_credit', value: '500' }] });
    expect(res.status).toBe(200);
    expect(res.body.extensions.cgg).toMatchObject({ total: '800', points_redeemed: 300, credit_used: '500', card_charged: '0', points_earned: 50 });
    const logs = await pool.query(`SELECT type, points FROM points_logs WHERE customer_id = $1 ORDER BY id`, [who.id]);
    expect(logs.rows).toEqual([{ type: 'signup-bonus', points: 300 }, { type: 'order-redeem', points: -300 }, { type: 'order-placed', points: 50 }]);
    const credit = await pool.query(`SELECT sum(amount_pence)::int AS n FROM credit_logs WHERE customer_id = $1`, [who.id]);
    expect(credit.rows[0].n).toBe(0);
  });

  it("uses a customer's coupon once", async () => {
    const who = await createCustomer(pool);
    await pool.query(`INSERT INTO coupons (customer_id, code, amount_pence, created_at) VALUES ($1, 'ONCE-ONLY', 100, now())`, [who.id]);
    const { state } = await customerWithBasket({ pricePence: 300 }, 1, who);
    await storeInject(app, state, 'POST', '/cart/apply-coupon', { code: 'ONCE-ONLY' });
    const res = await checkout(state);
    expect(res.body.extensions.cgg.total).toBe('200');
    const c2 = await createCompetition(pool);
    await storeInject(app, state, 'POST', '/cart/add-item', { id: c2.productId, quantity: 1 });
    expectError(await storeInject(app, state, 'POST', '/cart/apply-coupon', { code: 'ONCE-ONLY' }), STORE_ERRORS.couponError);
  });

  it('keeps a coupon that takes nothing off the order (others already cover it) for another order', async () => {
    const who = await createCustomer(pool);
    await pool.query(
      `INSERT INTO coupons (customer_id, code, amount_pence, created_at) VALUES ($1, 'COVERS-IT', 300, now()), ($1, 'NOT-NEEDED', 1000, now())`,
      [who.id],
    );
    const { state } = await customerWithBasket({ pricePence: 300 }, 1, who);
    expect((await storeInject(app, state, 'POST', '/cart/apply-coupon', { code: 'COVERS-IT' })).status).toBe(200);
    const second = await storeInject(app, state, 'POST', '/cart/apply-coupon', { code: 'NOT-NEEDED' });
    expect(second.body.coupons.map((c: { code: string; totals: { total_discount: string } }) => [c.code, c.totals.total_discount])).toEqual([
      ['COVERS-IT', '300'], ['NOT-NEEDED', '0'],
    ]);
    const res = await checkout(state, { payment_method: 'cgg-site-credit', payment_data: [] });
    expect(res.status).toBe(200);
    expect(res.body.extensions.cgg.total).toBe('0');
    const used = await pool.query(`SELECT code, used_at IS NOT NULL AS used FROM coupons WHERE customer_id = $1 ORDER BY code`, [who.id]);
    expect(used.rows).toEqual([{ code: 'COVERS-IT', used: true }, { code: 'NOT-NEEDED', used: false }]);
    const recorded = await pool.query(`SELECT c.code, oc.discount_pence FROM order_coupons oc JOIN coupons c ON c.id = oc.coupon_id WHERE oc.order_id = $1`, [res.body.order_id]);
    expect(recorded.rows).toEqual([{ code: 'COVERS-IT', discount_pence: 300 }]);
    // Still the customer's: it takes £10 off the next basket.
    const c2 = await createCompetition(pool, { pricePence: 1500 });
    await storeInject(app, state, 'POST', '/cart/add-item', { id: c2.productId, quantity: 1 });
    const again = await storeInject(app, state, 'POST', '/cart/apply-coupon', { code: 'NOT-NEEDED' });
    expect(again.status).toBe(200);
    expect(again.body.totals.total_price).toBe('500');
  });

  it('draws the only free numbers of a nearly sold-out competition', async () => {
    const { c, who, state } = await customerWithBasket({ total: 100, maxPerUser: 100 }, 5);
    const filler = await pool.query<{ id: number }>(`INSERT INTO orders (customer_id, status, created_at, subtotal_pence, total_pence) VALUES ($1, 'completed', now(), 0, 0) RETURNING id`, [who.id]);
    const item = await pool.query<{ id: number }>(`INSERT INTO order_items (order_id, competition_id, title, quantity, unit_price_pence, line_total_pence) VALUES ($1, $2, 't', 95, 0, 0) RETURNING id`, [filler.rows[0]!.id, c.id]);
    await pool.query(
      `INSERT INTO tickets (competition_id, ticket_number, order_item_id, created_at) SELECT $1, n, $2, now() FROM generate_series(1, 100) n WHERE n NOT IN (7, 23, 50, 77, 99)`,
      [c.id, item.rows[0]!.id],
    );
    await pool.query('UPDATE competitions SET tickets_sold = 95 WHERE id = $1', [c.id]);
    const res = await checkout(state);
    expect(res.status).toBe(200);
    expect(res.body.extensions.cgg.tickets[0].ticket_numbers).toEqual([7, 23, 50, 77, 99]);
  });

  it('refuses an empty basket', async () => {
    const who = await createCustomer(pool);
    const state: StoreClientState = { bearer: who.token };
    await storeInject(app, state, 'GET', '/cart');
    expectError(await checkout(state), STORE_ERRORS.cartEmpty);
  });
});
