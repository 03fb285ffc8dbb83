import { DEMO_CARDS } from '@cgg/contracts/store';
import { JOB_SCHEMA } from '../jobs/job-queue.ts';
import { randomUUID } from 'node:crypto';
import { ApiError } from '@cgg/contracts';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitionCancelCommand } from '../cli/commands/competition-cancel.ts';
import { STATUS_SQL, statusFilters } from '../competitions/competition-sql.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { addToBasket, checkoutOnce, newBuyer, type Buyer } from '../store/race-harness.ts';
import { cardPayment, createCompetition } from '../store/store-fixtures.ts';
import { storeTestApp } from '../store/store-test-kit.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { cancelRefundKey, refundCompetition, type CancelCompetitionInput } from './refund-competition.ts';
import { refundOrder, type RefundInput } from './refund-order.ts';

/*
 * Refunds to site credit, tickets released, the customer mailed, and cancelled competitions
 * refunded at once (issue "Refunds"), against PostgreSQL through the real checkout.
 */

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

/** `buyer` pays for `tickets` £1 tickets of each competition (card, plus optional site credit); the order id. */
async function buy(buyer: Buyer, lines: Array<[productId: number, tickets: number]>, creditPence = 0, card: string = DEMO_CARDS.debit): Promise<number> {
  for (const [productId, n] of lines) await addToBasket(base, buyer, productId, n);
  const pay = creditPence ? [...cardPayment(card), { key: 'use_credit', value: String(creditPence) }] : cardPayment(card);
  const out = await checkoutOnce(base, buyer, randomUUID(), pay);
  if (!out.ok) throw new Error(`checkout failed: ${out.code}`);
  return out.order.order_id;
}

const giveCredit = (customerId: number, pence: number) =>
  pool.query("INSERT INTO credit_logs (customer_id, type, amount_pence, description, created_at) VALUES ($1, 'admin-credit', $2, 'Gift', now())", [customerId, pence]);

const refund = (orderId: number, o: Partial<RefundInput> = {}) =>
  refundOrder(pool, gateway, { orderId, idempotencyKey: randomUUID(), reason: 'Customer asked', by: 'test', now: new Date(), ...o });

const cancel = (competitionId: number, o: Partial<CancelCompetitionInput> = {}, gw: PaymentGateway = gateway) =>
  refundCompetition(pool, gw, { competitionId, reason: 'Prize no longer available', to: 'card', by: 'test', staffId: null, now: new Date(), ...o });

async function refusal(work: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  const err = await work.then(() => null, (e: unknown) => e);
  if (!(err instanceof WpHttpError)) throw new Error(`expected a refusal, got ${String(err)}`);
  return { status: err.status, code: err.code, message: err.message };
}

async function balances(customerId: number) {
  const { rows } = await pool.query<{ credit: number; points: number }>(
    `SELECT (SELECT COALESCE(sum(amount_pence), 0)::int FROM credit_logs WHERE customer_id = $1) AS credit,
            (SELECT COALESCE(sum(points), 0)::int FROM points_logs WHERE customer_id = $1) AS points`,
    [customerId],
  );
  return rows[0]!;
}

async function competition(id: number) {
  const { rows } = await pool.query<{ status: string; sold: number; tickets: number; unsold: number }>(
    `SELECT status, tickets_sold AS sold, (SELECT count(*)::int FROM tickets WHERE competition_id = c.id) AS tickets,
            (SELECT count(*)::int FROM unsold_tickets WHERE competition_id = c.id) AS unsold
     FROM competitions c WHERE id = $1`,
    [id],
  );
  return rows[0]!;
}

const cardRefunded = async (orderId: number) =>
  (await pool.query<{ n: number }>('SELECT COALESCE(sum(r.amount), 0)::int AS n FROM demo_pay_refunds r JOIN payment_intents p ON p.intent_id = r.intent_id WHERE p.order_id = $1', [orderId])).rows[0]!.n;
const orderStatus = async (orderId: number) => (await pool.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId])).rows[0]!.status;
const mails = async (orderId: number) =>
  (await pool.query<{ to_address: string; text_body: string }>('SELECT to_address, text_body FROM email_outbox WHERE subject = $1 ORDER BY id', [`Your refund for order #${orderId}`])).rows;

describe('a refund to site credit', () => {
  it('credits the customer in the refund\'s transaction, gives back the credit and points the whole order spent, and never more than it paid', async () => {
    const buyer = await newBuyer(pool, base);
    await giveCredit(buyer.customerId, 300);
    const c = await createCompetition(pool, { total: 100 });
    const id = await buy(buyer, [[c.productId, 5]], 200); // £5: £2 credit, £3 card
    const before = await balances(buyer.customerId);
    expect((await refusal(refund(id, { to: 'site_credit', amountPence: 301 }))).message).toBe(`At most £3.00 of order #${id} can still be refunded.`);

    const part = await refund(id, { to: 'site_credit', amountPence: 100 });
    expect(part).toMatchObject({ amountPence: 100, to: 'site_credit', leftPence: 200, orderStatus: 'completed', creditReturnedPence: 0, ticketsReleased: 0 });
    expect((await balances(buyer.customerId)).credit).toBe(before.credit + 100);
    expect((await competition(c.id)).sold).toBe(5); // a part refund keeps the tickets

    const rest = await refund(id, { to: 'site_credit' });
    expect(rest).toMatchObject({ amountPence: 200, leftPence: 0, orderStatus: 'refunded', creditReturnedPence: 200, ticketsReleased: 5 });
    expect((await balances(buyer.customerId)).credit).toBe(before.credit + 100 + 200 + 200);
    expect(await cardRefunded(id)).toBe(0); // nothing went back to the card
    expect((await refusal(refund(id, { to: 'site_credit' }))).code).toBe('cgg_nothing_to_refund');
  });

  it('a retry with the same key credits once, also when ten run at once', async () => {
    const buyer = await newBuyer(pool, base);
    const c = await createCompetition(pool, { total: 100 });
    const id = await buy(buyer, [[c.productId, 4]]);
    const before = (await balances(buyer.customerId)).credit;
    const key = randomUUID();
    const runs = await Promise.allSettled(Array.from({ length: 10 }, () => refund(id, { to: 'site_credit', amountPence: 150, idempotencyKey: key })));
    expect(runs.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(runs.filter((r) => r.status === 'fulfilled' && !r.value.repeated)).toHaveLength(1);
    expect((await balances(buyer.customerId)).credit).toBe(before + 150);
    expect(await mails(id)).toHaveLength(1);
  });

  it('a card refund key retried ten times at once pays the card once', async () => {
    const buyer = await newBuyer(pool, base);
    const c = await createCompetition(pool, { total: 100 });
    const id = await buy(buyer, [[c.productId, 4]]);
    const key = randomUUID();
    const runs = await Promise.allSettled(Array.from({ length: 10 }, () => refund(id, { idempotencyKey: key })));
    expect(runs.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(await cardRefunded(id)).toBe(400);
    expect((await pool.query('SELECT count(*)::int AS n FROM order_refunds WHERE order_id = $1', [id])).rows[0].n).toBe(1);
    expect((await competition(c.id)).sold).toBe(0); // released once, not ten times
    expect(await mails(id)).toHaveLength(1);
  });
});

describe('a whole refund releases the tickets', () => {
  it('tickets_sold drops, the numbers are on sale again, and the customer is mailed', async () => {
    const c = await createCompetition(pool, { total: 5, maxPerUser: 5 });
    const first = await newBuyer(pool, base);
    const id = await buy(first, [[c.productId, 5]]);
    expect(await competition(c.id)).toMatchObject({ sold: 5, tickets: 5, unsold: 0 });
    const done = await refund(id, { reason: 'Bought by mistake' });
    expect(done).toMatchObject({ amountPence: 500, to: 'card', ticketsReleased: 5, orderStatus: 'refunded' });
    expect(await competition(c.id)).toMatchObject({ sold: 0, tickets: 0, unsold: 5 });
    const second = await newBuyer(pool, base);
    const again = await buy(second, [[c.productId, 5]]);
    expect(await competition(c.id)).toMatchObject({ sold: 5, tickets: 5 });
    expect(again).not.toBe(id);
    const [mail] = await mails(id);
    expect(mail?.text_body).toContain('£5.00 is on its way back to the card you paid with');
    expect(mail?.text_body).toContain('Reason: Bought by mistake');
  });

  it('keeps a ticket that has won an instant prize (the win stands), releasing the others', async () => {
    const c = await createCompetition(pool, { total: 3, maxPerUser: 3, instantWinNumbers: [2] });
    const buyer = await newBuyer(pool, base);
    const id = await buy(buyer, [[c.productId, 3]]);
    const done = await refund(id);
    expect(done.ticketsReleased).toBe(2);
    expect(await competition(c.id)).toMatchObject({ sold: 1, tickets: 1 });
    expect((await pool.query('SELECT ticket_number FROM tickets WHERE competition_id = $1', [c.id])).rows).toEqual([{ ticket_number: 2 }]);
  });

  it('is refused for a drawn competition, with why; a part refund keeps the tickets and is allowed', async () => {
    const c = await createCompetition(pool, { title: 'Drawn Car', total: 100 });
    const buyer = await newBuyer(pool, base);
    const id = await buy(buyer, [[c.productId, 2]]);
    await pool.query("UPDATE competitions SET status = 'drawn', drawn_at = now() WHERE id = $1", [c.id]);
    expect(await refusal(refund(id))).toEqual({
      status: 409, code: 'cgg_competition_drawn',
      message: `Drawn Car (competition #${c.id}) has been drawn, so its entries cannot change: order #${id} cannot be refunded in full. Refund an amount instead; the tickets stay in the draw.`,
    });
    expect(await cardRefunded(id)).toBe(0);
    expect(await refund(id, { amountPence: 100 })).toMatchObject({ amountPence: 100, ticketsReleased: 0 });
    expect(await competition(c.id)).toMatchObject({ sold: 2, tickets: 2 });
    // The rest of the card payment, asked for as an amount, goes back too; the tickets stay.
    expect(await refund(id, { amountPence: 100 })).toMatchObject({ amountPence: 100, leftPence: 0, ticketsReleased: 0 });
    expect(await cardRefunded(id)).toBe(200);
    expect(await competition(c.id)).toMatchObject({ sold: 2, tickets: 2 });
    expect(await orderStatus(id)).toBe('completed');
    expect((await refusal(cancel(c.id))).code).toBe('cgg_competition_drawn');
    expect((await competition(c.id)).status).toBe('drawn');
  });
});

describe('cancelling a competition', () => {
  it('refunds every order of it once, a mixed order only for its lines, and says how many and how much', async () => {
    const cancelled = await createCompetition(pool, { title: 'Cancelled Watch', total: 100 });
    const other = await createCompetition(pool, { total: 100 });
    const a = await newBuyer(pool, base);
    const b = await newBuyer(pool, base);
    const orderA = await buy(a, [[cancelled.productId, 3]]);
    const mixed = await buy(b, [[cancelled.productId, 2], [other.productId, 4]]);
    const done = await cancel(cancelled.id);
    expect(done).toEqual({ competitionId: cancelled.id, title: 'Cancelled Watch', refunded: 2, alreadyRefunded: 0, totalPence: 500, failed: [], awaitingPayment: [] });
    expect(await cardRefunded(orderA)).toBe(300);
    expect(await cardRefunded(mixed)).toBe(200);
    expect(await orderStatus(orderA)).toBe('refunded');
    expect(await orderStatus(mixed)).toBe('completed');
    expect(await competition(cancelled.id)).toMatchObject({ status: 'cancelled', sold: 0, tickets: 0 });
    expect(await competition(other.id)).toMatchObject({ status: 'open', sold: 4, tickets: 4 });
    expect((await mails(mixed))[0]?.text_body).toContain('Reason: Cancelled Watch was cancelled: Prize no longer available');
    // Run again: nothing more is paid.
    expect(await cancel(cancelled.id)).toMatchObject({ refunded: 0, alreadyRefunded: 2, totalPence: 0, failed: [] });
    expect(await cardRefunded(orderA)).toBe(300);
    const audit = await pool.query("SELECT count(*)::int AS n FROM staff_audit_log WHERE action = 'competition.cancel' AND subject = $1", [`competition #${cancelled.id}`]);
    expect(audit.rows[0].n).toBe(1);
  });

  it('to site credit, giving back what a mixed order paid beyond the card from its credit', async () => {
    const cancelled = await createCompetition(pool, { total: 100 });
    const other = await createCompetition(pool, { total: 100 });
    const buyer = await newBuyer(pool, base);
    await giveCredit(buyer.customerId, 500);
    const id = await buy(buyer, [[cancelled.productId, 3], [other.productId, 1]], 350); // £4: £3.50 credit, £0.50 card
    const before = (await balances(buyer.customerId)).credit;
    const done = await cancel(cancelled.id, { to: 'site_credit' });
    expect(done).toMatchObject({ refunded: 1, totalPence: 300, failed: [] });
    expect((await balances(buyer.customerId)).credit).toBe(before + 300);
    expect(await cardRefunded(id)).toBe(0);
  });

  it('to site credit, except an order paid by credit card: its card payment goes back to the card (UK code 1.3)', async () => {
    const cancelled = await createCompetition(pool, { total: 100 });
    const buyer = await newBuyer(pool, base);
    const id = await buy(buyer, [[cancelled.productId, 2]], 0, DEMO_CARDS.credit);
    const before = (await balances(buyer.customerId)).credit;
    expect(await cancel(cancelled.id, { to: 'site_credit' })).toMatchObject({ refunded: 1, totalPence: 200, failed: [] });
    expect(await cardRefunded(id)).toBe(200);
    expect((await balances(buyer.customerId)).credit).toBe(before);
  });

  it('gives back the points a mixed order spent on the cancelled lines beyond the card, and the rest with its last line', async () => {
    const cancelled = await createCompetition(pool, { total: 100 });
    const other = await createCompetition(pool, { total: 100 });
    const buyer = await newBuyer(pool, base);
    await pool.query("INSERT INTO points_logs (customer_id, type, points, description, created_at) VALUES ($1, 'signup-bonus', 400, 'Gift', now())", [buyer.customerId]);
    for (const [productId, n] of [[cancelled.productId, 3], [other.productId, 2]] as const) await addToBasket(base, buyer, productId, n);
    // £5: 400 points (£4) and £1 on the card.
    const out = await checkoutOnce(base, buyer, randomUUID(), [...cardPayment(), { key: 'redeem_points', value: '400' }]);
    if (!out.ok) throw new Error(`checkout failed: ${out.code}`);
    const id = out.order.order_id;
    const before = (await balances(buyer.customerId)).points;
    expect(await cancel(cancelled.id)).toMatchObject({ refunded: 1, failed: [] });
    // The £3 line: £1 from the card, the other £2 as 200 points.
    expect(await cardRefunded(id)).toBe(100);
    expect((await balances(buyer.customerId)).points).toBe(before + 200);
    expect((await mails(id))[0]?.text_body).toContain('The 200 points you used on the order are back in your account.');
    // The other competition goes too: the order's last line takes the points left.
    expect(await cancel(other.id)).toMatchObject({ refunded: 1, failed: [] });
    expect((await balances(buyer.customerId)).points).toBe(before + 400);
    expect(await orderStatus(id)).toBe('refunded');
  });

  it('refunds a paid order WooCommerce left "processing" (brought over from it) as it refunds a completed one', async () => {
    const cancelled = await createCompetition(pool, { total: 100 });
    const other = await createCompetition(pool, { total: 100 });
    const whole = await buy(await newBuyer(pool, base), [[cancelled.productId, 2]]);
    const mixed = await buy(await newBuyer(pool, base), [[cancelled.productId, 1], [other.productId, 3]]);
    await pool.query("UPDATE orders SET status = 'processing' WHERE id = ANY($1)", [[whole, mixed]]);
    expect(await cancel(cancelled.id)).toMatchObject({ refunded: 2, totalPence: 300, failed: [], awaitingPayment: [] });
    expect(await cardRefunded(whole)).toBe(200);
    expect(await cardRefunded(mixed)).toBe(100);
    expect(await orderStatus(whole)).toBe('refunded');
    // A part refund leaves it as it was, not 'completed'.
    expect(await orderStatus(mixed)).toBe('processing');
    expect(await competition(cancelled.id)).toMatchObject({ sold: 0, tickets: 0 });
  });

  it('a run that failed half-way is run again and refunds only the rest', async () => {
    const c = await createCompetition(pool, { total: 100 });
    const orders = [];
    for (let i = 0; i < 3; i++) orders.push(await buy(await newBuyer(pool, base), [[c.productId, 2]]));
    const failing = orders[1]!;
    const flaky: PaymentGateway = {
      ...gateway,
      async refund(request) {
        if (request.orderId === failing) throw new WpHttpError(502, 'cgg_refund_refused', 'The payment provider is not answering.');
        return gateway.refund(request);
      },
    };
    const first = await cancel(c.id, {}, flaky);
    expect(first).toMatchObject({ refunded: 2, totalPence: 400, failed: [{ orderId: failing, code: 'cgg_refund_refused', message: 'The payment provider is not answering.' }] });
    expect(await cardRefunded(failing)).toBe(0);
    const second = await cancel(c.id);
    expect(second).toMatchObject({ refunded: 1, alreadyRefunded: 2, totalPence: 200, failed: [] });
    for (const id of orders) expect(await cardRefunded(id)).toBe(200);
    expect((await pool.query('SELECT count(*)::int AS n FROM order_refunds WHERE idempotency_key = $1', [cancelRefundKey(c.id, failing, 'card')])).rows[0].n).toBe(1);
  });

  it('race: the same cancel run 10 times at once pays each order once', async () => {
    const c = await createCompetition(pool, { total: 100 });
    const orders = [];
    for (let i = 0; i < 4; i++) orders.push(await buy(await newBuyer(pool, base), [[c.productId, 3]]));
    const runs = await Promise.all(Array.from({ length: 10 }, () => cancel(c.id)));
    expect(runs.reduce((n, r) => n + r.refunded, 0)).toBe(4);
    expect(runs.reduce((n, r) => n + r.totalPence, 0)).toBe(1200);
    for (const r of runs) expect(r.failed).toEqual([]);
    for (const id of orders) expect(await cardRefunded(id)).toBe(300);
    expect(await competition(c.id)).toMatchObject({ status: 'cancelled', sold: 0, tickets: 0 });
  });

  it('a cancelled competition is refused at add-to-basket and at checkout, and shows as closed', async () => {
    const c = await createCompetition(pool, { title: 'Gone Bike', total: 100 });
    const buyer = await newBuyer(pool, base);
    await addToBasket(base, buyer, c.productId, 1);
    await cancel(c.id);
    const out = await checkoutOnce(base, buyer);
    expect(out).toMatchObject({ ok: false, status: 400 });
    const late = await newBuyer(pool, base);
    const err = await addToBasket(base, late, c.productId, 1).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('woocommerce_rest_product_not_purchasable');
    expect(await competition(c.id)).toMatchObject({ sold: 0, tickets: 0 });
    // The site's queries derive the status: closed, and never in the open list.
    const shown = await pool.query(`SELECT ${STATUS_SQL} AS status, ${statusFilters.open} AS open FROM competitions c WHERE c.id = $1`, [c.id]);
    expect(shown.rows[0]).toEqual({ status: 'closed', open: false });
  });

  it('the CLI cancels through the same function and reports the result', async () => {
    const c = await createCompetition(pool, { title: 'CLI Cancelled', total: 100 });
    const id = await buy(await newBuyer(pool, base), [[c.productId, 2]]);
    const lines: string[] = [];
    const code = await competitionCancelCommand.run(['--id', String(c.id), '--reason', 'Supplier let us down', '--to', 'site_credit', '--by', 'amy'], { pool, out: (l) => lines.push(l) });
    expect(code).toBe(0);
    expect(lines).toEqual([`Cancelled competition #${c.id} (CLI Cancelled): 1 order(s) refunded, £2.00 in all.`]);
    expect(await orderStatus(id)).toBe('refunded');
    const refused: string[] = [];
    expect(await competitionCancelCommand.run(['--id', '999999', '--reason', 'x', '--by', 'amy'], { pool, out: (l) => refused.push(l) })).toBe(1);
    expect(refused).toEqual(['Not cancelled: There is no competition #999999.']);
  });

  it('leaves an order still paying to the refunds job, as the back office does, so it is refunded once paid without a second run', async () => {
    const c = await createCompetition(pool, { title: 'CLI Cancelled Paying', total: 100 });
    const paying = await buy(await newBuyer(pool, base), [[c.productId, 1]]);
    await pool.query("UPDATE orders SET status = 'pending', reserved_until = now() + interval '10 minutes' WHERE id = $1", [paying]);
    const lines: string[] = [];
    const code = await competitionCancelCommand.run(['--id', String(c.id), '--reason', 'Supplier let us down', '--by', 'amy'], { pool, out: (l) => lines.push(l) });
    expect(code).toBe(1);
    expect(lines).toContain(`Still paying: order #${paying}: its card payment is under way (refund it once paid; its tickets go back if its reservation ends first).`);
    expect(lines.at(-1)).toBe('The API tries them again in the background (the back office shows how they stand); running the same command again retries them now. Refunded orders are not paid twice.');
    const { rows } = await pool.query(`SELECT j.task_identifier, p.payload FROM ${JOB_SCHEMA}.jobs j JOIN ${JOB_SCHEMA}._private_jobs p ON p.id = j.id WHERE j.key = $1`, [`competition-refunds-c${c.id}`]);
    expect(rows).toEqual([{ task_identifier: 'competition-refunds', payload: { competitionId: c.id, reason: 'Supplier let us down', to: 'card', by: 'cli:amy', staffId: null } }]);
  });
});
