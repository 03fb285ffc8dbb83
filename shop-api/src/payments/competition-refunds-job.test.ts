import { randomUUID } from 'node:crypto';
import { staffCancelCompetitionResponseSchema } from '@cgg/contracts/staff';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../accounts/queryable.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { startJobRunner, type JobRunner } from '../jobs/job-runner.ts';
import { addToBasket, checkoutOnce, newBuyer } from '../store/race-harness.ts';
import { DEMO_CARDS } from '@cgg/contracts/store';
import { cardPayment, createCompetition } from '../store/store-fixtures.ts';
import { storeTestApp } from '../store/store-test-kit.ts';
import { createStaff } from '../staff/staff-accounts.ts';
import { createStaffSession } from '../staff/staff-sessions.ts';
import { COMPETITION_REFUNDS_TASK, competitionRefunds, competitionRefundsTask, startCompetitionRefunds } from './competition-refunds-job.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { refundCompetition, type CancelCompetitionInput } from './refund-competition.ts';
import { refundOrder } from './refund-order.ts';

/*
 * The back office's cancel: the competition is cancelled at once, its refunds are a job on the
 * queue, and staff watch where they stand, against PostgreSQL and the job runner.
 */

let kit: Awaited<ReturnType<typeof storeTestApp>>;
let pool: pg.Pool;
let base: string;
beforeAll(async () => {
  kit = await storeTestApp();
  pool = kit.pool;
  base = await kit.listen();
}, 60_000);
afterAll(() => kit.close());

let runners: JobRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  runners = [];
});
/** An instance's job worker with the refunds' task, through `gateway` (default the shop's). */
async function startWorker(gateway: PaymentGateway = kit.payments.gateway): Promise<void> {
  runners.push(await startJobRunner({ pool, tasks: { [COMPETITION_REFUNDS_TASK]: competitionRefundsTask({ pool, gateway }) }, concurrency: 2, pollIntervalMs: 50 }));
}

/** Waits for what the worker does; fails the test if it never happens. */
async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`never happened: ${what}`);
}

/**
 * A competition with `orders` paid orders of 2 £1 tickets, each from a buyer of its own; the first
 * buyer pays `firstSpendsPoints` of them in points (100 points = £1), the rest by card.
 */
async function soldCompetition(orders: number, firstSpendsPoints = 0): Promise<{ id: number; orderIds: number[] }> {
  const c = await createCompetition(pool, { title: 'Withdrawn Prize', total: 100 });
  const orderIds: number[] = [];
  for (let i = 0; i < orders; i++) {
    const buyer = await newBuyer(pool, base);
    await addToBasket(base, buyer, c.productId, 2);
    const points = i === 0 ? firstSpendsPoints : 0;
    if (points) await pool.query("INSERT INTO points_logs (customer_id, type, points, description, created_at) VALUES ($1, 'signup-bonus', $2, 'x', now())", [buyer.customerId, points]);
    const out = await checkoutOnce(base, buyer, randomUUID(), points ? [...cardPayment(), { key: 'redeem_points', value: String(points) }] : cardPayment());
    if (!out.ok) throw new Error(`checkout failed: ${out.code}`);
    orderIds.push(out.order.order_id);
  }
  return { id: c.id, orderIds };
}

const input = (competitionId: number): CancelCompetitionInput => ({ competitionId, reason: 'Prize no longer available', to: 'card', by: 'Amy <amy@cgg.test>', staffId: null, now: new Date() });
const cardRefunded = async (orderId: number) =>
  (await pool.query<{ n: number }>('SELECT COALESCE(sum(r.amount), 0)::int AS n FROM demo_pay_refunds r JOIN payment_intents p ON p.intent_id = r.intent_id WHERE p.order_id = $1', [orderId])).rows[0]!.n;
const jobOf = async (competitionId: number) =>
  (await pool.query<{ attempts: number; max_attempts: number }>('SELECT attempts, max_attempts FROM graphile_worker.jobs WHERE key = $1', [`competition-refunds-c${competitionId}`])).rows[0];

/** A gateway whose refunds of `orderId` fail `times` times (the provider down), then go through. */
function failingFor(orderId: number, times: number): PaymentGateway {
  let left = times;
  const gateway = kit.payments.gateway;
  return {
    ...gateway,
    async refund(request) {
      if (request.orderId === orderId && left-- > 0) throw new WpHttpError(502, 'cgg_refund_refused', 'The payment provider is not answering.');
      return gateway.refund(request);
    },
  };
}

describe("the back office's cancel: refunds in the background", () => {
  it('cancels at once and answers "refunding"; the job refunds every order and the progress says done', async () => {
    const c = await soldCompetition(3, 50);
    const started = await startCompetitionRefunds(pool, input(c.id));
    expect(started).toEqual({ competitionId: c.id, title: 'Withdrawn Prize', orders: 3, refunded: 0, totalPence: 0, pointsReturned: 0, state: 'refunding', lastError: null, nextTryAt: null });
    expect((await pool.query('SELECT status FROM competitions WHERE id = $1', [c.id])).rows[0].status).toBe('cancelled');
    for (const id of c.orderIds) expect(await cardRefunded(id)).toBe(0);

    await startWorker();
    await until('every order refunded', async () => (await competitionRefunds(pool, c.id)).state === 'done');
    // The first order was £1.50 by card and 50 points: the points go back as points, not pounds.
    expect(await competitionRefunds(pool, c.id)).toMatchObject({ orders: 3, refunded: 3, totalPence: 550, pointsReturned: 50, lastError: null });
    expect(await Promise.all(c.orderIds.map(cardRefunded))).toEqual([150, 200, 200]);
    expect(await jobOf(c.id)).toBeUndefined();
  });

  it('an order the provider refuses: "retrying", naming it and why, with the next try; the next try refunds it', async () => {
    const c = await soldCompetition(2);
    const failing = c.orderIds[1]!;
    await startCompetitionRefunds(pool, input(c.id));
    await startWorker(failingFor(failing, 1));
    await until('the first try failed', async () => (await competitionRefunds(pool, c.id)).state === 'retrying');
    const retrying = await competitionRefunds(pool, c.id);
    expect(retrying).toMatchObject({ orders: 2, refunded: 1, totalPence: 200, lastError: `1 order not refunded: #${failing} (The payment provider is not answering.).` });
    expect(retrying.nextTryAt!.getTime()).toBeGreaterThan(Date.now());
    await until('the retry refunded the rest', async () => (await competitionRefunds(pool, c.id)).state === 'done');
    expect(await cardRefunded(failing)).toBe(200);
    expect(await cardRefunded(c.orderIds[0]!)).toBe(200);
  });

  it('after the job gave up: "stopped" with the last error; the same call starts it again and pays no one twice', async () => {
    const c = await soldCompetition(2);
    await startCompetitionRefunds(pool, input(c.id));
    // The job's tries used up before any worker ran it (as after a long provider outage).
    await pool.query("UPDATE graphile_worker._private_jobs SET attempts = max_attempts, last_error = 'The provider was down.' WHERE key = $1", [`competition-refunds-c${c.id}`]);
    expect(await competitionRefunds(pool, c.id)).toMatchObject({ refunded: 0, state: 'stopped', lastError: 'The provider was down.', nextTryAt: null });

    expect(await startCompetitionRefunds(pool, input(c.id))).toMatchObject({ state: 'refunding', lastError: null });
    expect(await jobOf(c.id)).toMatchObject({ attempts: 0 });
    await startWorker();
    await until('refunded', async () => (await competitionRefunds(pool, c.id)).state === 'done');
    for (const id of c.orderIds) expect(await cardRefunded(id)).toBe(200);
    // The cancel is in the audit log once.
    const audit = await pool.query("SELECT count(*)::int AS n FROM staff_audit_log WHERE action = 'competition.cancel' AND subject = $1", [`competition #${c.id}`]);
    expect(audit.rows[0].n).toBe(1);
  });

  it('an order still paying at the cancel (3-D Secure): the run fails naming it, to be tried again; once paid, a run refunds it', async () => {
    const c = await soldCompetition(1);
    const buyer = await newBuyer(pool, base);
    await addToBasket(base, buyer, (await pool.query<{ competition_product_id: number }>('SELECT competition_product_id FROM competitions WHERE id = $1', [c.id])).rows[0]!.competition_product_id, 2);
    const out = await checkoutOnce(base, buyer, randomUUID(), cardPayment(DEMO_CARDS.threeDSecure));
    if (!out.ok) throw new Error(`checkout failed: ${out.code}`);
    const payment = out.order.extensions.cgg.payment!;
    expect(payment.status).toBe('requires_action');
    const stillPaying = out.order.order_id;

    // Cancelled from the CLI (it waits, and says so): not done while the order is still paying.
    expect((await refundCompetition(pool, kit.payments.gateway, input(c.id))).awaitingPayment).toEqual([stillPaying]);
    expect(await competitionRefunds(pool, c.id)).toMatchObject({ orders: 1, refunded: 1, state: 'stopped' });
    await startCompetitionRefunds(pool, input(c.id));
    const task = competitionRefundsTask({ pool, gateway: kit.payments.gateway });
    const payload = { competitionId: c.id, reason: 'Prize no longer available', to: 'card', by: 'Amy <amy@cgg.test>', staffId: null };
    await expect(task(payload, {} as never)).rejects.toThrow(`1 order still paying: #${stillPaying} (refunded once paid; released if the reservation ends first).`);
    expect(await cardRefunded(c.orderIds[0]!)).toBe(200);

    // The shopper passes the challenge after the cancel: the provider confirms and the order is paid...
    await kit.app.inject({ method: 'POST', url: payment.next_action!.url!, payload: { client_secret: payment.client_secret, outcome: 'complete' } });
    await until('the late order paid', async () => (await pool.query('SELECT status FROM orders WHERE id = $1', [stillPaying])).rows[0].status === 'completed');
    // ...and the next try refunds it: nobody keeps a paid entry to a cancelled competition.
    await task(payload, {} as never);
    expect(await cardRefunded(stillPaying)).toBe(200);
    expect(await competitionRefunds(pool, c.id)).toMatchObject({ orders: 2, refunded: 2, totalPence: 400 });
  });

  it('a direct run (refundCompetition, no job) that reported failures shows as "stopped" (nothing will try again by itself)', async () => {
    const c = await soldCompetition(2);
    const done = await refundCompetition(pool, failingFor(c.orderIds[0]!, 1), input(c.id));
    expect(done.failed).toHaveLength(1);
    expect(await competitionRefunds(pool, c.id)).toMatchObject({ orders: 2, refunded: 1, totalPence: 200, state: 'stopped', lastError: null });
  });

  it('card refunds the provider refused, restarted as site credit: each given back once; an order staff refunded meanwhile counts as done', async () => {
    const c = await soldCompetition(3);
    const [refusedOne, refundedByStaff, fine] = c.orderIds as [number, number, number];
    const refusing: PaymentGateway = {
      ...kit.payments.gateway,
      async refund(request) {
        if (request.orderId !== fine) throw new WpHttpError(409, 'cgg_refund_refused', 'The payment provider refused the refund: charge disputed.');
        return kit.payments.gateway.refund(request);
      },
    };
    expect((await refundCompetition(pool, refusing, input(c.id))).failed.map((f) => f.orderId)).toEqual([refusedOne, refundedByStaff]);
    // Support refunds one of them whole, by hand, to the card.
    await refundOrder(pool, kit.payments.gateway, { orderId: refundedByStaff, idempotencyKey: randomUUID(), reason: 'Asked by phone', by: 'test', now: new Date() });
    expect(await competitionRefunds(pool, c.id)).toMatchObject({ orders: 3, refunded: 2, state: 'stopped' });

    // "Refund the rest", as site credit this time.
    await startCompetitionRefunds(pool, { ...input(c.id), to: 'site_credit' });
    await startWorker();
    await until('every order given back', async () => (await competitionRefunds(pool, c.id)).state === 'done');
    expect(await competitionRefunds(pool, c.id)).toMatchObject({ orders: 3, refunded: 3, totalPence: 600 });
    const credited = async (orderId: number) =>
      (await pool.query<{ n: number }>("SELECT COALESCE(sum(amount_pence), 0)::int AS n FROM credit_logs WHERE order_id = $1 AND type = 'order-refunded'", [orderId])).rows[0]!.n;
    expect([await cardRefunded(refusedOne), await credited(refusedOne)]).toEqual([0, 200]);
    expect([await cardRefunded(refundedByStaff), await credited(refundedByStaff)]).toEqual([200, 0]);
    expect([await cardRefunded(fine), await credited(fine)]).toEqual([200, 0]);
  });

  it('a cancel whose transaction fails adds no job; a drawn competition is refused and nothing changes', async () => {
    const drawn = (await pool.query<{ competition_id: number }>('SELECT competition_id FROM competition_draws WHERE drawn_at IS NOT NULL LIMIT 1')).rows[0]!.competition_id;
    const refused = await startCompetitionRefunds(pool, input(drawn)).then(() => null, (e: unknown) => e);
    expect(refused).toBeInstanceOf(WpHttpError);
    expect((refused as WpHttpError).code).toBe('cgg_competition_drawn');
    expect(await jobOf(drawn)).toBeUndefined();
    const open = await createCompetition(pool, { total: 10 });
    const notCancelled = await competitionRefunds(pool, open.id).then(() => null, (e: unknown) => e);
    expect((notCancelled as WpHttpError).code).toBe('cgg_competition_not_cancelled');
    expect(((await competitionRefunds(pool, 999_999).catch((e: unknown) => e)) as WpHttpError).code).toBe('cgg_competition_not_found');
  });

  it('over HTTP: an operator cancels, the answer is the contract\'s progress, and competition_refunds follows it', async () => {
    const c = await soldCompetition(1);
    const member = await inTransaction(pool, (client) =>
      createStaff(client, { email: `cancel-${randomUUID().slice(0, 8)}@cgg.test`, name: 'Ops Olly', role: 'operator', password: 'Staff!Pass-2026', by: { staffId: null, actor: 'test' }, now: new Date() }),
    );
    const bearer = await createStaffSession(pool, member.id, 'signed-in', new Date());
    const post = (route: string, payload: object) =>
      kit.app.inject({ method: 'POST', url: `/?rest_route=/api/v1/staff/${route}`, headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` }, payload });
    const cancelled = await post('cancel_competition', { competition_id: c.id, reason: 'Supplier let us down', to: 'site_credit' });
    expect(cancelled.statusCode).toBe(200);
    expect(staffCancelCompetitionResponseSchema.parse(cancelled.json()).data).toEqual({
      competition_id: c.id, title: 'Withdrawn Prize', orders: 1, refunded: 0, total: '0.00', points_returned: 0, state: 'refunding', last_error: null, next_try_at: null,
    });
    await startWorker();
    await until('refunded', async () => staffCancelCompetitionResponseSchema.parse((await post('competition_refunds', { competition_id: c.id })).json()).data.state === 'done');
    expect(staffCancelCompetitionResponseSchema.parse((await post('competition_refunds', { competition_id: c.id })).json()).data).toMatchObject({ refunded: 1, total: '2.00' });
    // Site credit: the card is untouched, the customer's credit holds the £2.
    expect(await cardRefunded(c.orderIds[0]!)).toBe(0);
    const audit = await pool.query("SELECT actor FROM staff_audit_log WHERE action = 'competition.cancel' AND subject = $1", [`competition #${c.id}`]);
    expect(audit.rows[0].actor).toContain('Ops Olly');
  });
});
