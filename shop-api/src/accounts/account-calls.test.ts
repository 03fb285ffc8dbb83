import { accountCalls, checkAuthResponseSchema, couponsResponseSchema, messageResponseSchema, orderDetailResponseSchema, ordersResponseSchema, pointsResponseSchema, purchasedCompetitionsResponseSchema, responsiblePlayResponseSchema, saveResponseSchema, userDetailsResponseSchema } from '@cgg/contracts/account';
import { wpErrorSchema } from '@cgg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { demoPayments } from '../payments/gateways.ts';
import { refundOrder } from '../payments/refund-order.ts';
import { hashSecret } from './tokens.ts';
import { accountTestApp, call, DEMO, SAM } from './account-test-kit.ts';

let t: Awaited<ReturnType<typeof accountTestApp>>;
let demoToken: string;
let samToken: string;
beforeAll(async () => {
  t = await accountTestApp();
  demoToken = await t.login(DEMO);
  samToken = await t.login(SAM);
});
afterAll(() => t.close());

const profile = (token: string, over: Record<string, string> = {}) => ({
  token,
  account_first_name: 'Jamie',
  account_last_name: 'Taylor',
  account_display_name: 'Jamie Taylor',
  account_email: DEMO.email,
  password_current: '',
  password_1: '',
  password_2: '',
  ...over,
});
const billing = (token: string, over: Record<string, string> = {}) => ({
  token,
  first_name: 'Jamie',
  last_name: 'Taylor',
  billing_first_name: 'Jamie',
  billing_last_name: 'Taylor',
  billing_email: 'bills@cgg.test',
  billing_phone: '07700 900123',
  billing_address_1: '12',
  billing_address_2: 'Market Street',
  billing_city: 'Manchester',
  billing_postcode: 'm1 1ab',
  billing_state: '',
  ...over,
});

async function demoOrderId(): Promise<number> {
  const { rows } = await t.pool.query<{ id: number }>("SELECT o.id FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.email = 'demo@cgg.test' ORDER BY o.id LIMIT 1");
  return rows[0]!.id;
}

describe('every spec call answers its contract shape', () => {
  it('get_user_details returns the whole profile', async () => {
    const res = await t.post('get_user_details', { token: demoToken });
    expect(res.statusCode).toBe(200);
    const user = userDetailsResponseSchema.parse(res.json()).data;
    expect(user).toMatchObject({ email: DEMO.email, first_name: 'Jamie', billing_country: 'GB', account_number: '****5670', sort_code: '****33', lock_account: false });
    expect(user.token).toBe(demoToken);
    expect(Number(user.current_spending)).toBeGreaterThan(0);
  });

  it('points: paged by offset/limit 10, newest first, signed amounts', async () => {
    const first = pointsResponseSchema.parse((await t.post('points', { token: demoToken, offset: 0, limit: 10 })).json());
    expect(first.totalLogs).toBe(14);
    expect(first.logs).toHaveLength(10);
    expect(first.logs[0]).toEqual({ description: 'Points earned for purchase', date_display_human: '1 day ago', type: 'order-placed', points: 120 });
    expect(first.logs.find((l) => l.type === 'order-redeem')?.points).toBe(-50);
    const second = pointsResponseSchema.parse((await t.post('points', { token: demoToken, offset: 10, limit: 10 })).json());
    expect(second.logs).toHaveLength(4);
    // 14 entries cycling earn 120, redeem -50, bonus 100.
    expect(first.points).toBe(5 * 120 - 5 * 50 + 4 * 100);
  });

  it("points with the token only (the spec's site-credit call) or type 'cred' is the site-credit ledger in pounds", async () => {
    for (const payload of [{ token: demoToken }, { token: demoToken, type: 'cred' }]) {
      const res = pointsResponseSchema.parse((await t.post('points', payload)).json());
      expect(res).toMatchObject({ success: true, points: '20.50', totalLogs: 4 });
      expect(res.logs.map((l) => l.points)).toEqual(['10.00', '-4.50', '5.00', '10.00']);
    }
    // Named outright, the points ledger answers without paging too.
    expect(pointsResponseSchema.parse((await t.post('points', { token: demoToken, type: 'points' })).json()).totalLogs).toBe(14);
  });

  it('get_coupons lists the customer own unused coupons', async () => {
    const res = couponsResponseSchema.parse((await t.post('get_coupons', { token: demoToken })).json());
    expect(res.data).toHaveLength(3);
    expect(res.data[0]).toEqual({ description: 'Welcome back', code: 'CGG0WELCOME5', amount: '5.00' });
    expect(res.data.some((c) => c.description === 'CGG Coupon')).toBe(true);
  });

  it('orders: paged, limit 10, total_pages, WooCommerce price HTML', async () => {
    const page1 = ordersResponseSchema.parse((await t.post('orders', { token: demoToken, page: 1, limit: 10 })).json());
    expect(page1.total_pages).toBe(2);
    expect(page1.data).toHaveLength(10);
    expect(page1.data[0]!.order_total).toMatch(/^<span class="woocommerce-Price-amount amount">£\d+\.\d{2}<\/span>$/);
    expect(page1.data[0]!.order_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(page1.data.map((o) => o.order_status)).toContain('admin-comp-win');
    const page2 = ordersResponseSchema.parse((await t.post('orders', { token: demoToken, page: 2, limit: 10 })).json());
    expect(page2.data).toHaveLength(2);
    const page9 = ordersResponseSchema.parse((await t.post('orders', { token: demoToken, page: 9, limit: 10 })).json());
    expect(page9).toEqual({ success: true, data: [], total_pages: 2 });
    // A page beyond any list is refused, as every page field is, not sent to the database as a huge skip.
    expect((await t.post('orders', { token: demoToken, page: 9_007_199_254_740_991, limit: 10 })).statusCode).toBe(400);
  });

  it('order_detail: products with tickets, draw date/time, addresses', async () => {
    const id = await demoOrderId();
    const res = await t.post('order_detail', { token: demoToken, id });
    expect(res.statusCode).toBe(200);
    const { data } = orderDetailResponseSchema.parse(res.json());
    expect(data.id).toBe(id);
    expect(data.date_created.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.000000$/);
    expect(data.products.length).toBeGreaterThan(0);
    for (const p of data.products) {
      expect(p.tickets).toHaveLength(p.quantity);
      expect(p.draw_time).toMatch(/^\d{2}:\d{2}$/);
    }
    expect(data.billing).toMatchObject({ first_name: 'Jamie', email: DEMO.email });
    expect(data.shipping).not.toHaveProperty('email');
  });

  it("order_detail: the demo's cancelled and refunded orders hold no tickets, as the shop leaves such orders", async () => {
    const { rows } = await t.pool.query<{ id: number; status: string; paid: boolean }>(
      `SELECT o.id, o.status, o.paid_at IS NOT NULL AS paid FROM orders o JOIN customers c ON c.id = o.customer_id
       WHERE c.email = 'demo@cgg.test' AND o.status IN ('cancelled', 'refunded') ORDER BY o.id`,
    );
    // (Another test here refunds a completed order: whatever the order they run in, every cancelled
    // order is unpaid, every refunded one was paid, and none holds a ticket.)
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['cancelled', 'refunded']));
    for (const r of rows) expect(r.paid).toBe(r.status === 'refunded');
    for (const { id } of rows) {
      const { data } = orderDetailResponseSchema.parse((await t.post('order_detail', { token: demoToken, id })).json());
      expect(data.products.length).toBeGreaterThan(0);
      for (const p of data.products) expect(p.tickets).toEqual([]);
    }
  });

  it("the demo's card-paid orders carry their payment: a whole refund gives back the price; a refunded one is not refunded again", async () => {
    const { rows } = await t.pool.query<{ id: number; status: string; total_pence: number; card_charged_pence: number }>(
      `SELECT o.id, o.status, o.total_pence, o.card_charged_pence FROM orders o JOIN customers c ON c.id = o.customer_id
       WHERE c.email = 'demo@cgg.test' AND o.status IN ('completed', 'refunded') ORDER BY o.id`,
    );
    for (const o of rows) expect(o.card_charged_pence).toBe(o.total_pence);
    // The completed order seeded last: demoOrderId (the other tests) reads the first.
    const paid = rows.filter((o) => o.status === 'completed').at(-1)!;
    const refunded = rows.find((o) => o.status === 'refunded')!;
    const { gateway, demoProvider } = demoPayments(t.pool);
    try {
      const ask = (orderId: number) => refundOrder(t.pool, gateway, { orderId, idempotencyKey: randomUUID(), reason: 'Asked', by: 'test', now: new Date() });
      const tickets = (await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM tickets t JOIN order_items i ON i.id = t.order_item_id WHERE i.order_id = $1', [paid.id])).rows[0]!.n;
      expect(tickets).toBeGreaterThan(0);
      expect(await ask(paid.id)).toMatchObject({ amountPence: paid.total_pence, leftPence: 0, orderStatus: 'refunded', ticketsReleased: tickets });
      await expect(ask(refunded.id)).rejects.toThrow(`Order #${refunded.id} has been refunded in full.`);
    } finally {
      await demoProvider.close();
    }
  });

  it('get_purchased_competition sums tickets per competition over held orders', async () => {
    const res = purchasedCompetitionsResponseSchema.parse((await t.post('get_purchased_competition', { token: demoToken })).json());
    expect(res.data.length).toBeGreaterThan(0);
    const { rows } = await t.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tickets t JOIN order_items i ON i.id = t.order_item_id JOIN orders o ON o.id = i.order_id
       JOIN customers c ON c.id = o.customer_id WHERE c.email = $1 AND o.status NOT IN ('cancelled', 'refunded', 'failed')`,
      [DEMO.email],
    );
    expect(res.data.reduce((s, h) => s + h.total_tickets, 0)).toBe(rows[0]!.n);
  });

  it('responsible_play reads the limit and lock state', async () => {
    const res = responsiblePlayResponseSchema.parse((await t.post('responsible_play', { token: samToken })).json());
    expect(res.data).toMatchObject({ limit_duration: 'month', limit_value: '250.00', lock_account: false, pending_limit_from: null });
  });

  it('update_user_details saves billing details', async () => {
    const res = await t.post('update_user_details', billing(samToken, { billing_first_name: 'Sammy' }));
    expect(res.statusCode).toBe(200);
    expect(saveResponseSchema.parse(res.json()).success).toBe(true);
    const user = checkAuthResponseSchema.parse((await t.post('get_user_details', { token: samToken })).json()).data;
    expect(user).toMatchObject({ billing_first_name: 'Sammy', billing_postcode: 'M1 1AB', billing_email: 'bills@cgg.test' });
  });

  it('updateProfile saves names and display name', async () => {
    const res = await t.post('updateProfile', profile(demoToken, { account_display_name: 'JT' }));
    expect(saveResponseSchema.parse(res.json()).success).toBe(true);
    const user = checkAuthResponseSchema.parse((await t.post('get_user_details', { token: demoToken })).json()).data;
    expect(user.name).toBe('JT');
  });

  it('the token may travel as Authorization: Bearer instead of the body', async () => {
    const res = await t.post('get_user_details', {}, { authorization: `Bearer ${demoToken}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe(DEMO.email);
  });
});

describe('access: a customer reaches only their own data', () => {
  const tokenCalls = ['check-auth', 'get_user_details', 'points', 'get_coupons', 'get_purchased_competition', 'responsible_play', 'logout'];

  const payloads = (token: string): Array<[string, Record<string, unknown>]> => [
    ...tokenCalls.map((name): [string, Record<string, unknown>] => [name, { token }]),
    ['updateProfile', profile(token)],
    ['update_user_details', billing(token)],
    ['orders', { token, page: 1, limit: 10 }],
    ['order_detail', { token, id: 10001 }],
    ['get_bank_details', { token, account_number: '12345678', sort_code: '112233' }],
    ['update_responsible_play', { token, limit_duration: 'day', limit_value: '10' }],
  ];

  it('all account calls that take a token are covered', () => {
    const covered = new Set(payloads('x').map(([name]) => `/api/v1/${name}`));
    const { checkAuth, updateProfile, getUserDetails, updateUserDetails, points, getCoupons, orders, orderDetail, getPurchasedCompetition, getBankDetails, logout, responsiblePlay, updateResponsiblePlay } = accountCalls;
    for (const c of [checkAuth, updateProfile, getUserDetails, updateUserDetails, points, getCoupons, orders, orderDetail, getPurchasedCompetition, getBankDetails, logout, responsiblePlay, updateResponsiblePlay]) {
      expect(covered).toContain(c.route);
    }
  });

  it.each([
    ['no token', undefined, 'rest_forbidden'],
    ['an unknown token', 'x'.repeat(43), 'invalid_token'],
  ])('every account call refuses %s with 401', async (_name, token, code) => {
    for (const [name, payload] of payloads(token as string)) {
      const body = token === undefined ? { ...payload, token: undefined } : payload;
      // Without a token the contract makes `token` required: a 400 names it; a bearer of the site is not a customer.
      const res = await t.post(name, body, { authorization: 'Bearer cgg-storefront' });
      if (token === undefined) {
        expect([400, 401], name).toContain(res.statusCode);
        if (res.statusCode === 401) expect(res.json().code).toBe(code);
        continue;
      }
      expect(res.statusCode, name).toBe(401);
      expect(wpErrorSchema.parse(res.json()).code, name).toBe(code);
    }
    const bank = await t.app.inject({ method: 'GET', url: `${call('get_bank_details')}&account_number=1&sort_code=123` });
    expect(bank.statusCode).toBe(401);
    expect(bank.json().code).toBe('rest_forbidden');
  });

  it('a revoked token and an expired token get 401 invalid_token on every call', async () => {
    const revoked = await t.login(SAM);
    await t.post('logout', { token: revoked });
    const expired = await t.login(SAM);
    await t.pool.query('UPDATE customer_sessions SET expires_at = $2 WHERE token_hash = $1', [hashSecret(expired), t.clock.now()]);
    for (const token of [revoked, expired]) {
      for (const [name, payload] of payloads(token)) {
        const res = await t.post(name, payload);
        expect(res.statusCode, `${name}`).toBe(401);
        expect(res.json().code).toBe('invalid_token');
      }
    }
  });

  it("another customer's order is a 404, never the data", async () => {
    const id = await demoOrderId();
    const res = await t.post('order_detail', { token: samToken, id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'woocommerce_rest_shop_order_invalid_id', data: { status: 404 } });
    expect(res.body).not.toContain('Jamie');
    expect((await t.post('order_detail', { token: samToken, id: 2 ** 40 })).statusCode).toBe(404);
  });

  it("each read call answers the caller's own data only", async () => {
    const sam = (name: string, extra: object = {}) => t.post(name, { token: samToken, ...extra }).then((r) => r.json());
    expect((await sam('get_user_details')).data.email).toBe(SAM.email);
    expect((await sam('points', { offset: 0, limit: 10 })).totalLogs).toBe(3);
    expect((await sam('points', { type: 'cred' })).totalLogs).toBe(1);
    expect((await sam('get_coupons')).data.map((c: { code: string }) => c.code)).toEqual(['CGG1WELCOME5']);
    const orders = await sam('orders', { page: 1, limit: 10 });
    const { rows } = await t.pool.query<{ id: number }>("SELECT o.id FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.email = 'sam@cgg.test' ORDER BY o.id");
    expect(orders.data.map((o: { order_id_: number }) => o.order_id_).sort()).toEqual(rows.map((r) => r.id));
    const held = await sam('get_purchased_competition');
    const { rows: samTickets } = await t.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM tickets t JOIN customers c ON c.id = t.customer_id WHERE c.email = 'sam@cgg.test'");
    expect(held.data.reduce((s: number, h: { total_tickets: number }) => s + h.total_tickets, 0)).toBeLessThanOrEqual(samTickets[0]!.n);
  });

  it("each write call changes only the caller's row", async () => {
    const before = await t.pool.query("SELECT * FROM customers WHERE email = 'demo@cgg.test'");
    await t.post('update_user_details', billing(samToken, { billing_city: 'Leeds' }));
    await t.post('updateProfile', { ...profile(samToken), account_email: SAM.email, account_first_name: 'Sam', account_last_name: 'Okafor' });
    await t.post('get_bank_details', { token: samToken, account_number: '99999999', sort_code: '998877' });
    await t.post('update_responsible_play', { token: samToken, limit_duration: 'day', limit_value: '5' });
    const after = await t.pool.query("SELECT * FROM customers WHERE email = 'demo@cgg.test'");
    expect(after.rows).toEqual(before.rows);
    // And a customer cannot take another's email address.
    const steal = await t.post('updateProfile', { ...profile(samToken), account_email: 'DEMO@cgg.test' });
    expect(steal.statusCode).toBe(400);
    expect(steal.json().message).toBe('This email address is already registered.');
  });

  it('logout answers the contract and ends only that session', async () => {
    const other = await t.login(DEMO);
    const res = await t.post('logout', { token: other });
    expect(messageResponseSchema.parse(res.json()).success).toBe(true);
    expect((await t.post('get_user_details', { token: other })).statusCode).toBe(401);
    expect((await t.post('get_user_details', { token: demoToken })).statusCode).toBe(200);
  });
});
