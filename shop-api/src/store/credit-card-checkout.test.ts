import { randomUUID } from 'node:crypto';
import { DEMO_CARDS, STORE_ERRORS, storeCheckoutResponseSchema } from '@cgg/contracts/store';
import { wpErrorSchema } from '@cgg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertCardAllowed, creditCardSpentPence } from '../payments/credit-card-rules.ts';
import { runCheckout } from './checkout.ts';
import { billing, cardPayment, createCompetition, createCustomer } from './store-fixtures.ts';
import { payCheckout, storeInject, storeTestApp, type StoreClientState } from './store-test-kit.ts';
import { guardedAllocator } from './ticket-allocation.ts';

/*
 * UK prize-draw code 1.3 (credit cards) at checkout: no credit card for a competition with
 * instant wins, and at most the settings' cap by credit card per customer per London calendar
 * month, decided from the gateway's funding lookup before any charge.
 */

type App = Awaited<ReturnType<typeof storeTestApp>>;
let t: App;

beforeAll(async () => {
  // More connections than the kit's default, so the race's transactions truly overlap.
  t = await storeTestApp({ poolSize: 12 });
});
afterAll(() => t.close());

const CREDIT = cardPayment(DEMO_CARDS.credit);
const DEBIT = cardPayment(DEMO_CARDS.debit);

async function basket(o: Parameters<typeof createCompetition>[1], quantity: number) {
  const c = await createCompetition(t.pool, o);
  const who = await createCustomer(t.pool);
  const state: StoreClientState = { bearer: who.token };
  await storeInject(t.app, state, 'GET', '/cart');
  expect((await storeInject(t.app, state, 'POST', '/cart/add-item', { id: c.productId, quantity })).status).toBe(200);
  return { c, who, state };
}

const checkout = (state: StoreClientState, paymentData: Array<{ key: string; value: string }>) =>
  payCheckout(t.app, state, { billing_address: billing, payment_method: 'cgg-card', payment_data: paymentData }, { 'idempotency-key': randomUUID() });

/** A paid credit-card order made directly (earlier spend this month, or at a chosen instant). */
async function creditSpend(customerId: number, pence: number, at: Date, funding = 'credit'): Promise<void> {
  await t.pool.query(
    `INSERT INTO orders (customer_id, status, created_at, paid_at, subtotal_pence, total_pence, card_charged_pence, card_funding)
     VALUES ($1, 'completed', $2, $2, $3, $3, $3, $4)`,
    [customerId, at, pence, funding],
  );
}

/** Everything a checkout could change for a customer and a competition. */
async function footprint(customerId: number, competitionId: number) {
  const { rows } = await t.pool.query(
    `SELECT (SELECT count(*)::int FROM orders WHERE customer_id = $1) AS orders,
            (SELECT count(*)::int FROM payment_intents p JOIN orders o ON o.id = p.order_id WHERE o.customer_id = $1) AS charges,
            (SELECT count(*)::int FROM tickets WHERE customer_id = $1) AS tickets,
            (SELECT COALESCE(sum(points), 0)::int FROM points_logs WHERE customer_id = $1) AS points,
            (SELECT COALESCE(sum(amount_pence), 0)::int FROM credit_logs WHERE customer_id = $1) AS credit,
            (SELECT tickets_sold FROM competitions WHERE id = $2) AS sold,
            (SELECT count(*)::int FROM instant_win_tickets WHERE competition_id = $2 AND won_at IS NOT NULL) AS wins`,
    [customerId, competitionId],
  );
  return rows[0];
}

const giveCredit = (customerId: number, pence: number) =>
  t.pool.query(`INSERT INTO credit_logs (customer_id, type, amount_pence, description, created_at) VALUES ($1, 'admin-credit', $2, 'test', now())`, [customerId, pence]);

describe('credit cards and instant wins', () => {
  it('refuses a credit card for a competition with instant wins, saying why and what to do; nothing is charged or changed', async () => {
    const { c, who, state } = await basket({ title: 'Golden Ticket Instant Wins', instantWinNumbers: [1, 2, 3] }, 3);
    await t.pool.query('UPDATE competitions SET total_tickets = 3 WHERE id = $1', [c.id]);
    await giveCredit(who.id, 100);
    const before = await footprint(who.id, c.id);

    const res = await checkout(state, [...CREDIT, { key: 'use_credit', value: '100' }]);
    expect(res.status).toBe(400);
    const error = wpErrorSchema.parse(res.body);
    expect(error.code).toBe(STORE_ERRORS.creditCardRefused.code);
    expect(error.message).toBe(
      `We can't take credit cards for competitions with instant wins, and "Golden Ticket Instant Wins" has them. Please pay with a debit card or use your site credit instead.`,
    );
    expect(res.body.data).toMatchObject({ reason: 'instant_wins', competition_ids: [c.id] });
    // Every number is an instant win: had anything been drawn, something would have been won.
    expect(await footprint(who.id, c.id)).toEqual(before);
    expect((await storeInject(t.app, state, 'GET', '/cart')).body.items_count).toBe(3);

    // The same basket with a debit card: paid, and the order says so.
    const paid = await checkout(state, DEBIT);
    expect(paid.status).toBe(200);
    const order = storeCheckoutResponseSchema.parse(paid.body);
    expect(order.extensions.cgg.instant_wins).toHaveLength(3);
    const row = await t.pool.query('SELECT card_funding, card_charged_pence FROM orders WHERE id = $1', [order.order_id]);
    expect(row.rows[0]).toEqual({ card_funding: 'debit', card_charged_pence: 300 });
  });

  it('takes site credit for an instant-win competition when it covers the order (no card at all)', async () => {
    const { who, state } = await basket({ instantWinNumbers: [50] }, 2);
    await giveCredit(who.id, 200);
    const res = await storeInject(t.app, state, 'POST', '/checkout', { billing_address: billing, payment_method: 'cgg-site-credit', payment_data: [{ key: 'use_credit', value: '200' }] }, { 'idempotency-key': randomUUID() });
    expect(res.status).toBe(200);
  });

  it('takes a credit card for a competition without instant wins, and records it as credit', async () => {
    const { state } = await basket({}, 2);
    const res = await checkout(state, CREDIT);
    expect(res.status).toBe(200);
    const row = await t.pool.query('SELECT card_funding FROM orders WHERE id = $1', [res.body.order_id]);
    expect(row.rows[0].card_funding).toBe('credit');
  });
});

describe('the monthly credit-card cap (default £250)', () => {
  it('accepts an order that reaches the cap exactly and refuses one a penny over, nothing charged; debit and site credit still pay', async () => {
    const exactly = await basket({ pricePence: 1000 }, 1);
    await creditSpend(exactly.who.id, 24_000, new Date());
    expect((await checkout(exactly.state, CREDIT)).status).toBe(200);
    expect(await creditCardSpentPence(t.pool, exactly.who.id, new Date())).toBe(25_000);

    const over = await basket({ pricePence: 1001 }, 1);
    await creditSpend(over.who.id, 24_000, new Date());
    // Debit spend and a refunded credit order do not count towards the cap.
    await creditSpend(over.who.id, 5_000, new Date(), 'debit');
    await t.pool.query(`UPDATE orders SET status = 'refunded' WHERE id = (SELECT max(id) FROM orders WHERE customer_id = $1 AND card_funding = 'debit')`, [over.who.id]);
    await giveCredit(over.who.id, 1);
    const before = await footprint(over.who.id, over.c.id);
    const refused = await checkout(over.state, CREDIT);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('cgg_credit_card_refused');
    expect(refused.body.message).toBe(
      'You can pay up to £250.00 by credit card in a calendar month, and this order would go over it: you have £10.00 left this month. Please pay with a debit card or use your site credit instead.',
    );
    expect(refused.body.data).toMatchObject({ reason: 'monthly_cap', cap: '250.00', spent: '240.00', left: '10.00' });
    expect(await footprint(over.who.id, over.c.id)).toEqual(before);

    // A penny of site credit brings the card's part to the cap exactly.
    const withCredit = await checkout(over.state, [...CREDIT, { key: 'use_credit', value: '1' }]);
    expect(withCredit.status).toBe(200);
    expect(withCredit.body.extensions.cgg.card_charged).toBe('1000');
  });

  it('at the cap, says when credit cards can be used again; a debit card pays', async () => {
    const { who, state } = await basket({ pricePence: 100 }, 1);
    await creditSpend(who.id, 25_000, new Date());
    const refused = await checkout(state, CREDIT);
    expect(refused.body.code).toBe('cgg_credit_card_refused');
    expect(refused.body.message).toMatch(/^You can pay up to £250\.00 by credit card in a calendar month, and you have reached it this month\. Please pay with a debit card or use your site credit instead; credit cards can be used again from 1 \w+\.$/);
    expect((await checkout(state, DEBIT)).status).toBe(200);
  });

  it('counts London calendar months: the spend starts again at midnight in London, in summer and winter time', async () => {
    const who = await createCustomer(t.pool);
    // 31 March 2026, 23:59:59 in London (BST) is March; a second later it is April.
    await creditSpend(who.id, 20_000, new Date('2026-03-31T22:59:59Z'));
    await creditSpend(who.id, 3_000, new Date('2026-03-31T23:00:00Z'));
    // 30 November 2026, 23:30 in London (GMT) is still November.
    await creditSpend(who.id, 24_000, new Date('2026-11-30T23:30:00Z'));
    expect(await creditCardSpentPence(t.pool, who.id, new Date('2026-03-31T22:59:59Z'))).toBe(20_000);
    expect(await creditCardSpentPence(t.pool, who.id, new Date('2026-04-01T10:00:00Z'))).toBe(3_000);
    expect(await creditCardSpentPence(t.pool, who.id, new Date('2026-11-30T23:59:00Z'))).toBe(24_000);
    expect(await creditCardSpentPence(t.pool, who.id, new Date('2026-12-01T00:00:00Z'))).toBe(0);

    const use = (pence: number, now: string) =>
      assertCardAllowed(t.pool, { customerId: who.id, funding: 'credit', cardPence: pence, competitions: [], now: new Date(now) });
    await expect(use(5_001, '2026-03-31T22:59:59Z')).rejects.toThrow(/you have £50\.00 left this month/);
    await expect(use(5_000, '2026-03-31T22:59:59Z')).resolves.toBeUndefined();
    await expect(use(22_000, '2026-04-01T00:30:00Z')).resolves.toBeUndefined();
    await expect(use(22_001, '2026-04-01T00:30:00Z')).rejects.toThrow(/you have £220\.00 left this month/);
    await expect(use(1_001, '2026-11-30T23:45:00Z')).rejects.toThrow(/you have £10\.00 left this month/);
    await expect(use(25_000, '2026-12-01T00:00:00Z')).resolves.toBeUndefined();
    // Debit, prepaid: no cap; 'unknown' is treated as credit.
    await expect(assertCardAllowed(t.pool, { customerId: who.id, funding: 'debit', cardPence: 99_999, competitions: [], now: new Date('2026-11-30T23:45:00Z') })).resolves.toBeUndefined();
    await expect(assertCardAllowed(t.pool, { customerId: who.id, funding: 'unknown', cardPence: 2_000, competitions: [], now: new Date('2026-11-30T23:45:00Z') })).rejects.toThrow(/credit card/);
  });

  it('follows the cap admins set', async () => {
    const { c, who, state } = await basket({ pricePence: 600 }, 1);
    await t.pool.query('UPDATE settings SET credit_card_monthly_cap_pence = 500');
    try {
      const refused = await checkout(state, CREDIT);
      expect(refused.body.data).toMatchObject({ reason: 'monthly_cap', cap: '5.00', left: '5.00' });
      expect(await footprint(who.id, c.id)).toMatchObject({ orders: 0, charges: 0, sold: 0 });
    } finally {
      await t.pool.query('UPDATE settings SET credit_card_monthly_cap_pence = 25000');
    }
  });
});

describe('race: concurrent credit-card checkouts of one customer', () => {
  it('10 checkouts at once, each £1 by credit card with £5 of the cap left: exactly 5 paid, the sum never over the cap', async () => {
    const c = await createCompetition(t.pool, { total: 1000, pricePence: 100 });
    const who = await createCustomer(t.pool);
    await creditSpend(who.id, 24_500, new Date());
    // One basket per checkout (a customer's own basket holds one order: the others would find it
    // empty), all of this customer: each checkout is a real contender for what is left of the cap.
    const carts: string[] = [];
    for (let i = 0; i < 10; i++) {
      const id = randomUUID();
      await t.pool.query('INSERT INTO carts (id, customer_id, created_at, updated_at) VALUES ($1, NULL, now(), now())', [id]);
      await t.pool.query(`INSERT INTO cart_items (cart_id, item_key, competition_id, quantity, created_at) VALUES ($1, $2, $3, 1, now())`, [id, `k${i}`, c.id]);
      carts.push(id);
    }
    const gateway = t.payments.gateway;
    const request = { billing_address: billing, payment_method: 'cgg-card' as const, payment_data: CREDIT };
    const outcomes = await Promise.allSettled(
      carts.map((cartId) => runCheckout(t.pool, guardedAllocator, gateway, { customerId: who.id, cartId, request, idempotencyKey: randomUUID(), now: new Date() })),
    );
    const refusals = outcomes.filter((o) => o.status === 'rejected').map((o) => (o.reason as { code?: string }).code);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
    expect(refusals).toEqual(Array(5).fill('cgg_credit_card_refused'));
    expect(await creditCardSpentPence(t.pool, who.id, new Date())).toBe(25_000);
    const charged = await t.pool.query<{ pence: number; n: number }>('SELECT COALESCE(sum(p.amount_pence), 0)::int AS pence, count(*)::int AS n FROM payment_intents p JOIN orders o ON o.id = p.order_id WHERE o.customer_id = $1', [who.id]);
    expect(charged.rows[0]).toEqual({ pence: 500, n: 5 });
    expect((await footprint(who.id, c.id)).sold).toBe(5);
  });
});
