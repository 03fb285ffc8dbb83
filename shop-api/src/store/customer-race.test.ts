import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asAnswer,
  concurrentCheckouts,
  customerLedger,
  freshVisitorToken,
  signedInCartRead,
  statusCounts,
  visitorBasket,
  type RaceAnswer,
} from './customer-race-harness.ts';
import { addToBasket, newBuyer, saleState } from './race-harness.ts';
import { cardPayment, createCompetition, createCustomer } from './store-fixtures.ts';
import { storeTestApp } from './store-test-kit.ts';

/*
 * One customer racing themselves over real HTTP: many tabs checking out one basket,
 * several devices signing in with one visitor Cart-Token, one customer adopting several
 * visitor baskets at once. Every answer must be 200 or a clear 4xx (never a 500 from a
 * deadlock or a lost insert) and the customer's money, points, tickets and basket must
 * add up afterwards. (How fast each answers is measured by bench/concurrent-checkout.ts.)
 */

type App = Awaited<ReturnType<typeof storeTestApp>>;

const onlyClearAnswers = (answers: RaceAnswer[]): void => {
  const unclear = answers.filter((a) => a.status !== 200 && (a.status < 400 || a.status >= 500));
  expect(unclear, JSON.stringify(statusCounts(answers))).toEqual([]);
};

describe('race: one customer against themselves', () => {
  let app: App;
  let base: string;
  beforeAll(async () => {
    app = await storeTestApp({ poolSize: 25 });
    base = await app.listen();
  });
  afterAll(() => app.close());

  it('20 checkouts of one basket at once with different keys: one order, the rest an empty basket, money and points add up', async () => {
    const c = await createCompetition(app.pool, { total: 100, pricePence: 100 });
    const buyer = await newBuyer(app.pool, base);
    await app.pool.query(
      `INSERT INTO credit_logs (customer_id, type, amount_pence, description, created_at) VALUES ($1, 'admin-credit', 500, 'race test', now())`,
      [buyer.customerId],
    );
    await addToBasket(base, buyer, c.productId, 3);

    const outcomes = await concurrentCheckouts(base, buyer, 20, [...cardPayment(), { key: 'use_credit', value: '100' }]);
    const answers = outcomes.map(asAnswer);
    onlyClearAnswers(answers);
    expect(statusCounts(answers)).toEqual({ '200': 1, '400 woocommerce_rest_cart_empty': 19 });

    expect(await customerLedger(app.pool, buyer.customerId)).toEqual({
      completedOrders: 1,
      pendingOrders: 0,
      charges: 1,
      chargedPence: 200,
      // 1 point per 10p paid by card or credit: 300p.
      points: 30,
      pointsFromOrders: 30,
      credit: 400,
      creditUsedByOrders: 100,
      tickets: 3,
      ticketsPaidFor: 3,
      carts: 1,
    });
    expect((await saleState(app.pool, c.id)).violations).toEqual([]);
  });

  it('20 checkouts of one customer while other tabs keep adding: every answer clear, credit never overspent, never over the per-user cap', async () => {
    const c = await createCompetition(app.pool, { total: 1000, maxPerUser: 7, pricePence: 100 });
    const buyer = await newBuyer(app.pool, base);
    // Enough site credit for two orders of 100p each: the third must be refused, not overdrawn.
    await app.pool.query(
      `INSERT INTO credit_logs (customer_id, type, amount_pence, description, created_at) VALUES ($1, 'admin-credit', 200, 'race test', now())`,
      [buyer.customerId],
    );
    await addToBasket(base, buyer, c.productId, 2);
    const adds = Array.from({ length: 10 }, () => addToBasket(base, { ...buyer }, c.productId, 1).then(() => null, () => null));
    const outcomes = await concurrentCheckouts(base, buyer, 20, [...cardPayment(), { key: 'use_credit', value: '100' }]);
    await Promise.all(adds);
    onlyClearAnswers(outcomes.map(asAnswer));
    const ledger = await customerLedger(app.pool, buyer.customerId);
    expect(ledger.completedOrders).toBe(outcomes.filter((o) => o.ok).length);
    expect(ledger.completedOrders).toBeGreaterThan(0);
    // One card charge per completed order that had a card part: a basket of one ticket (a tab's add
    // after an earlier order emptied it) is paid by the 100p of credit alone, with no charge.
    const cardOrders = (await app.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM orders WHERE customer_id = $1 AND status = 'completed' AND card_charged_pence > 0", [buyer.customerId])).rows[0]!.n;
    expect(ledger).toMatchObject({ pendingOrders: 0, charges: cardOrders, carts: 1 });
    expect(ledger.credit).toBe(200 - ledger.creditUsedByOrders);
    expect(ledger.credit).toBeGreaterThanOrEqual(0);
    expect(ledger.tickets).toBe(ledger.ticketsPaidFor);
    expect(ledger.tickets).toBeLessThanOrEqual(7);
    expect(ledger.points).toBe((ledger.chargedPence + ledger.creditUsedByOrders) / 10);
    expect((await saleState(app.pool, c.id)).violations).toEqual([]);
  });

  it('10 customers signing in at once with one fresh visitor Cart-Token: all 200, one basket each', async () => {
    const { cartToken } = await freshVisitorToken(base);
    const customers = await Promise.all(Array.from({ length: 10 }, () => createCustomer(app.pool)));
    const answers = await Promise.all(customers.map((c) => signedInCartRead(base, c.token, cartToken)));
    expect(statusCounts(answers)).toEqual({ '200': 10 });
    for (const c of customers) expect((await customerLedger(app.pool, c.id)).carts).toBe(1);
  });

  it('one customer signing in on 10 tabs at once with one fresh visitor Cart-Token: all 200, one basket', async () => {
    const { cartToken } = await freshVisitorToken(base);
    const customer = await createCustomer(app.pool);
    const answers = await Promise.all(Array.from({ length: 10 }, () => signedInCartRead(base, customer.token, cartToken)));
    expect(statusCounts(answers)).toEqual({ '200': 10 });
    expect((await customerLedger(app.pool, customer.id)).carts).toBe(1);
  });

  it('10 customers signing in at once with one filled visitor basket: exactly one of them gets its tickets', async () => {
    const c = await createCompetition(app.pool, { total: 100 });
    const visitor = await visitorBasket(base, c.productId, 3);
    const customers = await Promise.all(Array.from({ length: 10 }, () => createCustomer(app.pool)));
    const answers = await Promise.all(customers.map((cu) => signedInCartRead(base, cu.token, visitor.cartToken)));
    expect(statusCounts(answers)).toEqual({ '200': 10 });
    expect(answers.map((a) => a.items).sort((a, b) => b - a)).toEqual([3, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    for (const cu of customers) expect((await customerLedger(app.pool, cu.id)).carts).toBe(1);
  });

  it('one customer adopting 5 visitor baskets at once: all 200, one basket holding every ticket, no visitor basket left', async () => {
    const c = await createCompetition(app.pool, { total: 100, maxPerUser: 50 });
    const visitors = await Promise.all(Array.from({ length: 5 }, () => visitorBasket(base, c.productId, 2)));
    const customer = await createCustomer(app.pool);
    const answers = await Promise.all(visitors.map((v) => signedInCartRead(base, customer.token, v.cartToken)));
    expect(statusCounts(answers)).toEqual({ '200': 5 });
    expect((await customerLedger(app.pool, customer.id)).carts).toBe(1);
    const held = await app.pool.query<{ n: number }>(
      'SELECT COALESCE(sum(i.quantity), 0)::int AS n FROM cart_items i JOIN carts k ON k.id = i.cart_id WHERE k.customer_id = $1',
      [customer.id],
    );
    expect(held.rows[0]!.n).toBe(10);
    const visitorRows = await app.pool.query('SELECT 1 FROM carts WHERE customer_id IS NULL AND id IN (SELECT cart_id FROM cart_items WHERE competition_id = $1)', [c.id]);
    expect(visitorRows.rowCount).toBe(0);
  });
});
