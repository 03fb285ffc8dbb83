import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CARDS } from '@cgg/contracts/store';
import { createMailer } from '../mail/mailer.ts';
import { billing, cardPayment, createCompetition, createCustomer } from './store-fixtures.ts';
import { mailDueReceipts } from './order-receipts.ts';
import { payCheckout, storeInject, storeTestApp, type StoreClientState } from './store-test-kit.ts';

const SITE = 'https://shop.example/';

let app: FastifyInstance;
let pool: pg.Pool;
let close: () => Promise<void>;
let webhooksDelivered: () => Promise<void>;

beforeAll(async () => {
  const t = await storeTestApp();
  ({ app, pool, close } = t);
  webhooksDelivered = () => t.payments.demoProvider.settled();
});
afterAll(() => close());

// The job skips an order whose row is locked (SKIP LOCKED: another instance's run has it), as the
// demo provider's webhook, delivered after the order was paid by the client's return, may still hold
// it; the next run takes it. The tests run the job once that delivery is done.
const runReceipts = async () => {
  await webhooksDelivered();
  return mailDueReceipts({ pool, mailer: createMailer(pool), siteUrl: SITE }, new Date());
};

/** A customer's basket of `quantity` tickets of a fresh competition, checked out with `body`. */
async function buy(body: Record<string, unknown>, o: { quantity?: number; pricePence?: number; title?: string } = {}) {
  const c = await createCompetition(pool, { pricePence: o.pricePence ?? 250, title: o.title ?? `Receipt Test ${randomUUID().slice(0, 8)}` });
  const who = await createCustomer(pool);
  const state: StoreClientState = { bearer: who.token };
  await storeInject(app, state, 'GET', '/cart');
  expect((await storeInject(app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: o.quantity ?? 3 })).status).toBe(200);
  const res = await payCheckout(app, state, { billing_address: billing, ...body }, { 'idempotency-key': randomUUID() });
  return { c, who, res };
}

async function receiptsOf(orderId: number) {
  const { rows } = await pool.query<{ to_address: string; subject: string; text_body: string }>(
    'SELECT to_address, subject, text_body FROM email_outbox WHERE subject = $1 ORDER BY id',
    [`Your CGG Competitions order #${orderId}`],
  );
  return rows;
}

const london = (d: Date, o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', ...o }).format(d);

describe('order receipts', () => {
  it('mails a paid order its tickets, draw date and payment once, to the billing email', async () => {
    const { c, res } = await buy({ payment_method: 'cgg-card', payment_data: cardPayment() }, { quantity: 3, pricePence: 250, title: 'Receipt Test Dyson' });
    expect(res.body.status).toBe('completed');
    const orderId: number = res.body.order_id;
    expect(await runReceipts()).toBeGreaterThanOrEqual(1);
    const mails = await receiptsOf(orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to_address).toBe(billing.email);
    const text = mails[0]!.text_body;
    const numbers: number[] = res.body.extensions.cgg.tickets[0].ticket_numbers;
    expect(numbers).toHaveLength(3);
    expect(text).toContain(`Thank you for your order #${orderId}, paid on ${london(new Date(), { day: 'numeric', month: 'long', year: 'numeric' })}.`);
    expect(text).toContain('Receipt Test Dyson x 3: £7.50');
    expect(text).toContain(`  Ticket numbers: ${[...numbers].sort((a, b) => a - b).join(', ')}`);
    const { rows } = await pool.query<{ draw_at: Date }>('SELECT draw_at FROM competitions WHERE id = $1', [c.id]);
    const drawAt = rows[0]!.draw_at;
    expect(text).toContain(`  Draw: ${london(drawAt, { day: 'numeric', month: 'long', year: 'numeric' })}, ${london(drawAt, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })}`);
    expect(text).toContain('Paid by card: £7.50\n\nYou earned 75 points with this order.\n');
    expect(text).toContain(`Your order: https://shop.example/account/recent/orders/order-detail/${orderId}`);

    await runReceipts();
    expect(await receiptsOf(orderId)).toHaveLength(1);
  });

  it('sends none for a declined card, and waits while a 3-D Secure payment is pending', async () => {
    const declined = await buy({ payment_method: 'cgg-card', payment_data: cardPayment(DEMO_CARDS.declined) });
    expect(declined.res.status).toBe(400);
    const pending = await buy({ payment_method: 'cgg-card', payment_data: cardPayment(DEMO_CARDS.threeDSecure) });
    expect(pending.res.body.status).toBe('pending');
    await runReceipts();
    const failed = await pool.query<{ id: number }>(`SELECT id FROM orders WHERE customer_id = $1`, [declined.who.id]);
    expect(await receiptsOf(failed.rows[0]!.id)).toEqual([]);
    expect(await receiptsOf(pending.res.body.order_id)).toEqual([]);
  });

  it('says how points and site credit paid, and sends none for an order refunded before its receipt went', async () => {
    const first = await buy({ payment_method: 'cgg-card', payment_data: cardPayment() }, { quantity: 1 });
    await pool.query(`UPDATE orders SET status = 'refunded' WHERE id = $1`, [first.res.body.order_id]);

    const c = await createCompetition(pool, { pricePence: 400 });
    const who = await createCustomer(pool);
    await pool.query(`INSERT INTO points_logs (customer_id, type, points, description, created_at) VALUES ($1, 'signup-bonus', 300, 'x', now())`, [who.id]);
    await pool.query(`INSERT INTO credit_logs (customer_id, type, amount_pence, description, created_at) VALUES ($1, 'admin-credit', 500, 'x', now())`, [who.id]);
    const state: StoreClientState = { bearer: who.token };
    await storeInject(app, state, 'GET', '/cart');
    await storeInject(app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: 2 });
    const paid = await payCheckout(app, state, {
      billing_address: billing, payment_method: 'cgg-site-credit',
      payment_data: [{ key: 'redeem_points', value: '300' }, { key: 'use_credit', value: '500' }],
    }, { 'idempotency-key': randomUUID() });
    expect(paid.status).toBe(200);

    await runReceipts();
    expect(await receiptsOf(first.res.body.order_id)).toEqual([]);
    const done = await pool.query<{ receipt_done_at: Date | null }>('SELECT receipt_done_at FROM orders WHERE id = $1', [first.res.body.order_id]);
    expect(done.rows[0]!.receipt_done_at).not.toBeNull();
    const [mail] = await receiptsOf(paid.body.order_id);
    expect(mail!.text_body).toContain('Total: £8.00\nPaid with points: 300 points\nPaid with site credit: £5.00\n');
    expect(mail!.text_body).not.toContain('Paid by card');
    // Site credit earns points as card money does (1 point per 10p); points spent earn none.
    expect(mail!.text_body).toContain('\n\nYou earned 50 points with this order.\n');
  });

  it('mails each order once when two instances run the job at the same moment', async () => {
    const orders = await Promise.all([1, 2, 3, 4].map(() => buy({ payment_method: 'cgg-card', payment_data: cardPayment() }, { quantity: 1 })));
    await Promise.all([runReceipts(), runReceipts(), runReceipts()]);
    for (const o of orders) expect(await receiptsOf(o.res.body.order_id)).toHaveLength(1);
  });
});
