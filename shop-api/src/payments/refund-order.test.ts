import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundOrderCommand } from '../cli/commands/refund-order.ts';
import { mailJobKey } from '../mail/mailer.ts';
import { addToBasket, checkoutOnce, newBuyer } from '../store/race-harness.ts';
import { DEMO_CARDS, storeRequest } from '@cgg/contracts/store';
import { cardPayment, createCompetition } from '../store/store-fixtures.ts';
import { storeTestApp } from '../store/store-test-kit.ts';
import { WpHttpError } from '../http/wp-error.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { refundOrder, type RefundInput } from './refund-order.ts';
import { retryUnsettledRefunds } from './refund-retry.ts';

let pool: pg.Pool;
let base: string;
let close: () => Promise<void>;
let gateway: PaymentGateway;

beforeAll(async () => {
  const t = await storeTestApp();
  pool = t.pool;
  close = t.close;
  base = await t.listen();
  gateway = t.payments.gateway;
}, 60_000);
afterAll(() => close());

/** A customer buys `tickets` £1 tickets with this card; the order's id. */
async function paidOrder(tickets = 5, card: string = DEMO_CARDS.debit): Promise<number> {
  const buyer = await newBuyer(pool, base);
  const c = await createCompetition(pool, { total: 1000, maxPerUser: 1000 });
  await addToBasket(base, buyer, c.productId, tickets);
  const out = await checkoutOnce(base, buyer, randomUUID(), cardPayment(card));
  if (!out.ok) throw new Error(`checkout failed: ${out.code}`);
  return out.order.order_id;
}

const refund = (orderId: number, o: Partial<RefundInput> = {}) =>
  refundOrder(pool, gateway, { orderId, idempotencyKey: randomUUID(), reason: 'Customer asked', by: 'test', now: new Date(), ...o });

async function refusal(work: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  const err = await work.then(() => null, (e: unknown) => e);
  if (!(err instanceof WpHttpError)) throw new Error(`expected a refusal, got ${String(err)}`);
  return { status: err.status, code: err.code, message: err.message };
}

async function state(orderId: number) {
  const { rows } = await pool.query<{ status: string; card_funding: string | null; refunds: number; demo_refunded: number }>(
    `SELECT status, card_funding,
       (SELECT count(*)::int FROM order_refunds WHERE order_id = o.id) AS refunds,
       (SELECT COALESCE(sum(r.amount), 0)::int FROM demo_pay_refunds r JOIN payment_intents p ON p.intent_id = r.intent_id WHERE p.order_id = o.id) AS demo_refunded
     FROM orders o WHERE id = $1`,
    [orderId],
  );
  return rows[0]!;
}

describe('the card funding type', () => {
  it('is recorded on every card payment, as the gateway reports it', async () => {
    expect((await state(await paidOrder(1, '4242 4242 4242 4242'))).card_funding).toBe('credit');
    expect((await state(await paidOrder(1, '4000 0566 5566 5556'))).card_funding).toBe('debit');
    expect((await state(await paidOrder(1, '5105 1051 0510 5100'))).card_funding).toBe('prepaid');
  });
});

describe('refunds through the payment gateway', () => {
  it('refunds part, then the rest; the order is refunded once the whole card payment is back', async () => {
    const id = await paidOrder(5);
    const first = await refund(id, { amountPence: 150 });
    expect(first).toMatchObject({ amountPence: 150, leftPence: 350, orderStatus: 'completed', repeated: false });
    expect(first.reference).toMatch(/^re_demo_[0-9a-f]+$/);
    expect(await refusal(refund(id, { amountPence: 351 }))).toEqual({
      status: 400, code: 'cgg_invalid_refund_amount', message: `At most £3.50 of order #${id} can still be refunded.`,
    });
    const rest = await refund(id);
    expect(rest).toMatchObject({ amountPence: 350, leftPence: 0, orderStatus: 'refunded' });
    expect(await state(id)).toMatchObject({ status: 'refunded', refunds: 2, demo_refunded: 500 });
    expect((await refusal(refund(id))).code).toBe('cgg_nothing_to_refund');
    expect((await state(id)).refunds).toBe(2);
  });

  it('a retry with the same key is the same refund; the key cannot be reused for another order', async () => {
    const id = await paidOrder(3);
    const key = randomUUID();
    const once = await refund(id, { amountPence: 100, idempotencyKey: key });
    const again = await refund(id, { amountPence: 100, idempotencyKey: key });
    expect(again).toMatchObject({ repeated: true, amountPence: 100, reference: once.reference });
    expect(await state(id)).toMatchObject({ refunds: 1, demo_refunded: 100 });
    const other = await paidOrder(1);
    expect((await refusal(refund(other, { idempotencyKey: key }))).code).toBe('cgg_idempotency_key_reused');
    expect((await state(other)).refunds).toBe(0);
  });

  it('refuses bad requests with a clear message and writes nothing', async () => {
    const id = await paidOrder(2);
    expect((await refusal(refund(999_999))).message).toBe('There is no order #999999.');
    expect((await refusal(refund(id, { amountPence: 0 }))).code).toBe('cgg_invalid_refund_amount');
    expect((await refusal(refund(id, { reason: '  ' }))).code).toBe('cgg_refund_reason_required');
    expect((await refusal(refund(id, { idempotencyKey: 'short' }))).code).toBe('cgg_invalid_idempotency_key');
    expect(await state(id)).toMatchObject({ refunds: 0, demo_refunded: 0, status: 'completed' });
  });

  it('race: 12 refunds of £1 at once on a £5 card payment: exactly 5 succeed, never more back than was paid', async () => {
    const id = await paidOrder(5);
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => refund(id, { amountPence: 100 })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(WpHttpError);
    expect(await state(id)).toMatchObject({ status: 'refunded', refunds: 5, demo_refunded: 500 });
  });

  it('a lost answer leaves the refund pending and counted; a retry with the same key refunds once', async () => {
    const id = await paidOrder(2);
    let fail = true;
    const flaky: PaymentGateway = {
      ...gateway,
      async refund(request) {
        if (fail) throw new Error('provider timed out');
        return gateway.refund(request);
      },
    };
    const key = randomUUID();
    const input: RefundInput = { orderId: id, idempotencyKey: key, reason: 'Duplicate order', by: 'test', now: new Date() };
    await expect(refundOrder(pool, flaky, input)).rejects.toThrow('provider timed out');
    // The provider may have refunded before its answer was lost: nothing else may take that money.
    expect((await pool.query('SELECT state, failure FROM order_refunds WHERE idempotency_key = $1', [key])).rows[0]).toEqual({ state: 'pending', failure: 'provider timed out' });
    expect(await refusal(refund(id, { to: 'site_credit' }))).toEqual({
      status: 409, code: 'cgg_nothing_to_refund', message: `Order #${id} is being refunded in full, and the payment provider has not confirmed it yet; it is asked again shortly.`,
    });
    fail = false;
    expect(await refundOrder(pool, flaky, input)).toMatchObject({ amountPence: 200, orderStatus: 'refunded', repeated: false });
    expect(await state(id)).toMatchObject({ refunds: 1, demo_refunded: 200 });
  });

  it('a credit-card order is refunded to the card only, never as site credit that could be played (UK code 1.3)', async () => {
    const id = await paidOrder(3, DEMO_CARDS.credit);
    expect(await refusal(refund(id, { to: 'site_credit' }))).toEqual({
      status: 409, code: 'cgg_refund_to_card_only', message: `Order #${id} was paid by credit card, so its card payment can only go back to the card (UK prize-draw code 1.3).`,
    });
    expect(await state(id)).toMatchObject({ status: 'completed', refunds: 0, demo_refunded: 0 });
    expect(await refund(id)).toMatchObject({ amountPence: 300, to: 'card', orderStatus: 'refunded' });
  });

  it('a refund the provider refused stops counting; asked again it is worked out afresh, under a provider key of its own', async () => {
    const id = await paidOrder(5);
    const refusing: PaymentGateway = { ...gateway, refund: () => Promise.reject(new WpHttpError(409, 'cgg_refund_refused', 'The payment provider refused the refund: try later.')) };
    const key = randomUUID();
    const input: RefundInput = { orderId: id, idempotencyKey: key, reason: 'Duplicate order', by: 'test', now: new Date() };
    await expect(refundOrder(pool, refusing, input)).rejects.toThrow('try later');
    expect((await pool.query('SELECT state FROM order_refunds WHERE idempotency_key = $1', [key])).rows[0].state).toBe('failed');
    // Meanwhile the order is refunded whole as site credit, under another key.
    expect(await refund(id, { to: 'site_credit' })).toMatchObject({ amountPence: 500, orderStatus: 'refunded' });
    expect(await refusal(refundOrder(pool, gateway, input))).toEqual({ status: 409, code: 'cgg_nothing_to_refund', message: `Order #${id} has been refunded in full.` });
    expect(await state(id)).toMatchObject({ status: 'refunded', demo_refunded: 0 });
    // A refused refund with the order still there is asked again, once.
    const other = await paidOrder(3);
    const key2 = randomUUID();
    const again: RefundInput = { ...input, orderId: other, idempotencyKey: key2, amountPence: 100 };
    await expect(refundOrder(pool, refusing, again)).rejects.toThrow('try later');
    // The provider replays a refused request's answer for its key: the new attempt has a key of its own.
    const asked: string[] = [];
    const recording: PaymentGateway = { ...gateway, refund: (r) => (asked.push(r.idempotencyKey), gateway.refund(r)) };
    expect(await refundOrder(pool, recording, again)).toMatchObject({ amountPence: 100, repeated: false });
    expect(asked).toEqual([`${key2}-a2`]);
    expect(await state(other)).toMatchObject({ refunds: 1, demo_refunded: 100 });

    // A whole refund refused, then part of the card refunded otherwise: asked again, it gives back the rest.
    const fourth = await paidOrder(5);
    const wholeKey: RefundInput = { ...input, orderId: fourth, idempotencyKey: randomUUID() };
    await expect(refundOrder(pool, refusing, wholeKey)).rejects.toThrow('try later');
    await refund(fourth, { amountPence: 200 });
    expect(await refundOrder(pool, gateway, wholeKey)).toMatchObject({ amountPence: 300, leftPence: 0, orderStatus: 'refunded' });
    expect(await state(fourth)).toMatchObject({ status: 'refunded', refunds: 2, demo_refunded: 500 });
    // A whole refund refused, asked again once its competition is drawn: refused as a new one would be.
    const third = await paidOrder(2);
    const whole: RefundInput = { ...input, orderId: third, idempotencyKey: randomUUID() };
    await expect(refundOrder(pool, refusing, whole)).rejects.toThrow('try later');
    await pool.query("UPDATE competitions SET status = 'drawn', drawn_at = now() WHERE id = (SELECT competition_id FROM order_items WHERE order_id = $1 LIMIT 1)", [third]);
    expect((await refusal(refundOrder(pool, gateway, whole))).code).toBe('cgg_competition_drawn');
    expect(await state(third)).toMatchObject({ status: 'completed', demo_refunded: 0 });
  });

  it('race: a late refusal of an earlier attempt does not mark a newer attempt failed', async () => {
    const id = await paidOrder(3);
    const key = randomUUID();
    const input: RefundInput = { orderId: id, idempotencyKey: key, reason: 'Duplicate order', by: 'test', now: new Date() };
    const refusedByProvider = () => new WpHttpError(409, 'cgg_refund_refused', 'The payment provider refused the refund: try later.');
    // Each call to the provider waits until the test answers it.
    const answers: Array<{ key: string; answer: (err: Error) => void }> = [];
    const controlled: PaymentGateway = {
      ...gateway,
      refund: (r) => new Promise((_resolve, reject) => { answers.push({ key: r.idempotencyKey, answer: reject }); }),
    };
    const until = async (n: number) => { while (answers.length < n) await new Promise((r) => setImmediate(r)); };
    // Two asks of attempt 1 (a double click): both wait for the provider under the same key.
    const first = refundOrder(pool, controlled, input).catch((e: unknown) => e);
    await until(1);
    const second = refundOrder(pool, controlled, input).catch((e: unknown) => e);
    await until(2);
    expect(answers.map((a) => a.key)).toEqual([key, key]);
    answers[0]!.answer(refusedByProvider());
    expect(await first).toBeInstanceOf(WpHttpError);
    // Attempt 2: the provider's answer is lost, so money may have moved; it stays pending and counted.
    const third = refundOrder(pool, controlled, input).catch((e: unknown) => e);
    await until(3);
    expect(answers[2]!.key).toBe(`${key}-a2`);
    answers[2]!.answer(new Error('provider timed out'));
    expect(await third).toBeInstanceOf(Error);
    // Attempt 1's second answer arrives last: it says nothing about attempt 2.
    answers[1]!.answer(refusedByProvider());
    expect(await second).toBeInstanceOf(WpHttpError);
    expect((await pool.query('SELECT state, attempt, failure FROM order_refunds WHERE idempotency_key = $1', [key])).rows[0])
      .toEqual({ state: 'pending', attempt: 2, failure: 'provider timed out' });
    expect(await refusal(refund(id, { to: 'site_credit' }))).toMatchObject({ status: 409, code: 'cgg_nothing_to_refund' });
  });

  it('one key is one refund: the same key asked for a different destination or amount is refused and changes nothing', async () => {
    const id = await paidOrder(4);
    const key = randomUUID();
    const lost: PaymentGateway = { ...gateway, refund: () => Promise.reject(new Error('socket hang up')) };
    await expect(refundOrder(pool, lost, { orderId: id, idempotencyKey: key, reason: 'Asked', by: 'test', now: new Date() })).rejects.toThrow('socket hang up');
    const credit = (await pool.query<{ n: number }>('SELECT COALESCE(sum(amount_pence), 0)::int AS n FROM credit_logs WHERE order_id = $1', [id])).rows[0]!.n;
    expect(await refusal(refund(id, { idempotencyKey: key, to: 'site_credit' }))).toEqual({
      status: 409, code: 'cgg_idempotency_key_reused', message: `That refund key was used for another refund of order #${id} (£4.00 to the card); ask again as a new refund.`,
    });
    expect((await refusal(refund(id, { idempotencyKey: key, amountPence: 100 }))).code).toBe('cgg_idempotency_key_reused');
    // And the other way round: a part refund's key asked again without an amount (all that is left).
    const part = await paidOrder(4);
    const partKey = randomUUID();
    await expect(refundOrder(pool, lost, { orderId: part, idempotencyKey: partKey, amountPence: 100, reason: 'Asked', by: 'test', now: new Date() })).rejects.toThrow('socket hang up');
    expect((await refusal(refund(part, { idempotencyKey: partKey }))).code).toBe('cgg_idempotency_key_reused');
    expect(await state(part)).toMatchObject({ status: 'completed', refunds: 1, demo_refunded: 0 });
    expect((await pool.query<{ n: number }>('SELECT COALESCE(sum(amount_pence), 0)::int AS n FROM credit_logs WHERE order_id = $1', [id])).rows[0]!.n).toBe(credit);
    expect(await state(id)).toMatchObject({ status: 'completed', refunds: 1, demo_refunded: 0 });
    expect((await pool.query('SELECT state FROM order_refunds WHERE idempotency_key = $1', [key])).rows[0].state).toBe('pending');
  });

  it('the retry job asks again for card refunds left without an answer, with their own keys', async () => {
    const id = await paidOrder(3);
    const key = randomUUID();
    const lost: PaymentGateway = { ...gateway, refund: () => Promise.reject(new Error('socket hang up')) };
    const at = new Date();
    await expect(refundOrder(pool, lost, { orderId: id, idempotencyKey: key, reason: 'Asked', by: 'test', now: at })).rejects.toThrow('socket hang up');
    // Younger than two minutes: its own request may still be waiting for the provider.
    expect(await retryUnsettledRefunds(pool, gateway, new Date(at.getTime() + 60_000))).toEqual({ settled: 0, refused: 0, unknown: 0 });
    expect((await retryUnsettledRefunds(pool, lost, new Date(at.getTime() + 3 * 60_000))).unknown).toBeGreaterThanOrEqual(1);
    expect((await pool.query('SELECT state FROM order_refunds WHERE idempotency_key = $1', [key])).rows[0].state).toBe('pending');
    expect((await retryUnsettledRefunds(pool, gateway, new Date(at.getTime() + 3 * 60_000))).settled).toBeGreaterThanOrEqual(1);
    expect((await pool.query('SELECT state FROM order_refunds WHERE idempotency_key = $1', [key])).rows[0].state).toBe('succeeded');
    expect(await state(id)).toMatchObject({ status: 'refunded', refunds: 1, demo_refunded: 300 });
    expect((await retryUnsettledRefunds(pool, gateway, new Date(at.getTime() + 3 * 60_000))).settled).toBe(0);
    // A part refund left without an answer is asked again as the part it was.
    const part = await paidOrder(3);
    const partKey = randomUUID();
    await expect(refundOrder(pool, lost, { orderId: part, idempotencyKey: partKey, amountPence: 120, reason: 'Asked', by: 'test', now: at })).rejects.toThrow('socket hang up');
    expect((await retryUnsettledRefunds(pool, gateway, new Date(at.getTime() + 3 * 60_000))).settled).toBeGreaterThanOrEqual(1);
    expect(await state(part)).toMatchObject({ status: 'completed', refunds: 1, demo_refunded: 120 });
  });

  it('an order paid with site credit alone has no card payment: refunded whole, its credit comes back', async () => {
    const buyer = await newBuyer(pool, base);
    await pool.query("INSERT INTO credit_logs (customer_id, type, amount_pence, description, created_at) VALUES ($1, 'admin-credit', 1000, 'Gift', now())", [buyer.customerId]);
    const c = await createCompetition(pool, { total: 100 });
    await addToBasket(base, buyer, c.productId, 2);
    const out = await checkoutOnce(base, buyer, randomUUID(), [{ key: 'use_credit', value: '200' }]);
    if (!out.ok) throw new Error(out.code);
    expect((await refusal(refund(out.order.order_id, { amountPence: 100 }))).code).toBe('cgg_nothing_to_refund');
    expect(await refund(out.order.order_id)).toMatchObject({ amountPence: 0, reference: 'none', creditReturnedPence: 200, ticketsReleased: 2, orderStatus: 'refunded' });
    expect((await refusal(refund(out.order.order_id))).code).toBe('cgg_nothing_to_refund');
  });

  it('an order with nothing paid to give back, or refunded before our records, is refused and keeps its tickets', async () => {
    // A paid order as one brought over without its payment: no card payment, credit or points recorded.
    const free = await paidOrder(2);
    await pool.query('UPDATE orders SET card_charged_pence = 0 WHERE id = $1', [free]);
    expect(await refusal(refund(free))).toEqual({
      status: 409, code: 'cgg_nothing_to_refund', message: `Order #${free} has no card payment, site credit, points or coupon of the customer's to give back, so it cannot be refunded.`,
    });
    const tickets = async (orderId: number) => (await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM tickets t JOIN order_items i ON i.id = t.order_item_id WHERE i.order_id = $1', [orderId],
    )).rows[0]!.n;
    expect(await tickets(free)).toBe(2);
    expect(await state(free)).toMatchObject({ status: 'completed', refunds: 0 });
    // Marked refunded with no refund of ours on record: refunded in full, not refunded again.
    const imported = await paidOrder(1);
    await pool.query("UPDATE orders SET status = 'refunded' WHERE id = $1", [imported]);
    expect(await refusal(refund(imported))).toEqual({ status: 409, code: 'cgg_nothing_to_refund', message: `Order #${imported} has been refunded in full.` });
    expect((await refusal(refund(imported, { amountPence: 100 }))).code).toBe('cgg_nothing_to_refund');
    expect(await state(imported)).toMatchObject({ refunds: 0, demo_refunded: 0 });
  });

  it("a whole refund gives the customer's single-use coupon back; a part refund does not", async () => {
    const orderWithCoupon = async (code: string) => {
      const buyer = await newBuyer(pool, base);
      await pool.query(`INSERT INTO coupons (customer_id, code, amount_pence, created_at) VALUES ($1, $2, 100, now())`, [buyer.customerId, code]);
      const c = await createCompetition(pool, { total: 100 });
      await addToBasket(base, buyer, c.productId, 3);
      await storeRequest('applyCoupon', { code }, { baseUrl: base, customerToken: buyer.token, nonce: buyer.nonce, cartToken: buyer.cartToken });
      const out = await checkoutOnce(base, buyer, randomUUID(), cardPayment('4242 4242 4242 4242'));
      if (!out.ok) throw new Error(out.code);
      expect(out.order.extensions.cgg.card_charged).toBe('200');
      return out.order.order_id;
    };
    const usedAt = async (code: string) => (await pool.query('SELECT used_at FROM coupons WHERE code = $1', [code])).rows[0]!.used_at as Date | null;

    const whole = await orderWithCoupon('BACK-ON-REFUND');
    expect(await usedAt('BACK-ON-REFUND')).not.toBeNull();
    expect(await refund(whole)).toMatchObject({ amountPence: 200, orderStatus: 'refunded', couponsReturned: ['BACK-ON-REFUND'] });
    expect(await usedAt('BACK-ON-REFUND')).toBeNull();
    const mail = await pool.query('SELECT text_body FROM email_outbox WHERE subject = $1', [`Your refund for order #${whole}`]);
    expect(mail.rows[0]!.text_body).toContain('The coupon BACK-ON-REFUND you used on the order is yours again, to use on another order.');
    const audit = await pool.query("SELECT after FROM staff_audit_log WHERE action = 'order.refund' AND subject = $1", [`order #${whole}`]);
    expect(audit.rows[0]!.after).toMatchObject({ coupons_returned: 1 });

    const part = await orderWithCoupon('KEPT-ON-PART');
    expect(await refund(part, { amountPence: 100 })).toMatchObject({ amountPence: 100, orderStatus: 'completed', couponsReturned: [] });
    expect(await usedAt('KEPT-ON-PART')).not.toBeNull();
  });

  it("an order the customer's own coupon paid in full is refunded whole: nothing paid, the coupon back, the tickets released", async () => {
    const buyer = await newBuyer(pool, base);
    await pool.query(`INSERT INTO coupons (customer_id, code, amount_pence, created_at) VALUES ($1, 'ALL-ON-US', 300, now())`, [buyer.customerId]);
    const c = await createCompetition(pool, { total: 100 });
    await addToBasket(base, buyer, c.productId, 3);
    await storeRequest('applyCoupon', { code: 'ALL-ON-US' }, { baseUrl: base, customerToken: buyer.token, nonce: buyer.nonce, cartToken: buyer.cartToken });
    const out = await checkoutOnce(base, buyer, randomUUID(), []);
    if (!out.ok) throw new Error(out.code);
    expect(await refund(out.order.order_id)).toMatchObject({ amountPence: 0, reference: 'none', couponsReturned: ['ALL-ON-US'], ticketsReleased: 3, orderStatus: 'refunded' });
  });

  it('the CLI refunds through the same function and says how to retry', async () => {
    const id = await paidOrder(4);
    const lines: string[] = [];
    // An operator's CLI on a shop that sends mail (SMTP_URL): the customer's mail is queued for sending at once, as the back office's is.
    const code = await refundOrderCommand.run(['--order', String(id), '--amount', '1.50', '--reason', 'Goodwill', '--key', 'cli-refund-key-1'], { pool, out: (l) => lines.push(l), operator: 'amy', smtpUrl: 'smtp://127.0.0.1:2525' });
    expect(code).toBe(0);
    expect(lines[0]).toMatch(new RegExp(`^Refunded £1\\.50 of order #${id} \\(re_demo_[0-9a-f]+\\); £2\\.50 left; order completed\\.$`));
    expect(lines[1]).toContain('--key cli-refund-key-1');
    const again: string[] = [];
    expect(await refundOrderCommand.run(['--order', String(id), '--amount', '1.50', '--reason', 'Goodwill', '--key', 'cli-refund-key-1'], { pool, out: (l) => again.push(l) })).toBe(0);
    expect(again[0]).toMatch(/^Already refunded £1\.50/);
    // The key without the amount asks for all that is left: another refund, refused under a used key.
    const other: string[] = [];
    expect(await refundOrderCommand.run(['--order', String(id), '--reason', 'Goodwill', '--key', 'cli-refund-key-1'], { pool, out: (l) => other.push(l) })).toBe(1);
    expect(other[0]).toBe(`Not refunded: That refund key was used for another refund of order #${id} (£1.50 to the card); ask again as a new refund.`);
    const refused: string[] = [];
    expect(await refundOrderCommand.run(['--order', String(id), '--amount', '9', '--reason', 'x'], { pool, out: (l) => refused.push(l) })).toBe(1);
    expect(refused[0]).toBe(`Not refunded: At most £2.50 of order #${id} can still be refunded.`);
    // The refund, not its repeat or the refusal, is in the audit log, with who and why.
    const { rows } = await pool.query("SELECT actor, after FROM staff_audit_log WHERE action = 'order.refund' AND subject = $1", [`order #${id}`]);
    expect(rows).toEqual([{ actor: 'cli:amy', after: expect.objectContaining({ refunded_pence: 150, left_pence: 250, reason: 'Goodwill' }) }]);
    const mail = await pool.query<{ id: string }>('SELECT id FROM email_outbox WHERE subject = $1', [`Your refund for order #${id}`]);
    expect(mail.rows).toHaveLength(1);
    const queued = await pool.query('SELECT 1 FROM graphile_worker._private_jobs WHERE key = $1', [mailJobKey(mail.rows[0]!.id)]);
    expect(queued.rowCount).toBe(1);
  });
});
