/*
 * One sell-out through a given origin (one API or the HAProxy of a cluster), for the cluster
 * bench and the fault tests: a fresh competition of `tickets` with five instant wins, `customers`
 * buyers of their own who each fill a basket (tickets / customers) and check out, at `rate`
 * checkouts started per second (open loop) or all at once (`connections` in flight). A checkout
 * that meets a fault is retried as a shop's client would: with the SAME Idempotency-Key, after a
 * short backoff, when the answer says "try again" (a lost connection, 502/503/504, 409 "already
 * being processed"); any other failure is a wrong answer. Then every invariant is read back
 * from the database (sellOutViolations).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { storeRequest, STORE_ERRORS } from '@cgg/contracts/store';
import { ApiError } from '@cgg/contracts';
import type pg from 'pg';
import { addToBasket, newBuyer, saleState, type Buyer } from '../src/store/race-harness.ts';
import { billing, cardPayment, createCompetition } from '../src/store/store-fixtures.ts';
import { httpFetch } from './http-fetch.ts';
import { cpuBetween, snapshotCpu, type CpuByRole } from './process-cpu.ts';

export interface SellOutOptions {
  tickets: number;
  customers: number;
  /** Checkouts started per second (open loop); null: all at once, `connections` in flight. */
  rate: number | null;
  connections: number;
  /**
   * Called once, when half the checkouts have been answered (a fault test kills something here):
   * the other half are in flight or still to come, whether they are offered at a rate or all at once.
   */
  midway?: () => void;
  /** Attempts per checkout before giving up (default 40: covers a database restart's few seconds). */
  attempts?: number;
  /** Count the CPU seconds of the processes below this one during the checkouts (bench/process-cpu.ts). */
  measureCpu?: boolean;
}

export interface SellOutResult {
  competitionId: number;
  seconds: number;
  /** Checkouts that ended in an order (after retries). */
  succeeded: number;
  /** Checkouts still failing with a retryable error after every attempt. */
  gaveUp: number;
  /** Answers that were neither an order nor "try again": must be none. */
  wrongAnswers: string[];
  /** Retryable failures met on the way, by `status code` (e.g. `503 rest_database_unavailable`), and how many carried a retry hint. */
  retries: Record<string, number>;
  /** 502/503/504 answers without a retry hint (data.retry_after, with the Retry-After header): must be none. */
  unhintedServerErrors: number;
  /** Customer-seen latency (first attempt to order) of the successful checkouts, sorted, ms. */
  latencies: number[];
  violations: string[];
  /** One line of the invariants' figures, for the bench's output. */
  figures: string;
  /** CPU seconds during the checkouts, by role, and this process's own (the client), when asked. */
  cpu: (CpuByRole & { client: number }) | null;
}

const RETRYABLE_STATUS = new Set([502, 503, 504]);

interface Attempt {
  ok: boolean;
  orderId?: number;
  /** `status code` of a failure, `network <message>` for no answer. */
  failure?: string;
  retryable?: boolean;
  hinted?: boolean;
}

/**
 * One attempt: the checkout (a card order is reserved, its payment confirmed by the demo provider
 * a moment later), then, as the checkout page does, checkout-return until the order is paid.
 * A fault in either step is retried from the checkout with the same key, which answers the same order.
 */
async function attemptCheckout(base: string, b: Buyer, idempotencyKey: string): Promise<Attempt> {
  try {
    const call = { baseUrl: base, customerToken: b.token, nonce: b.nonce, cartToken: b.cartToken, fetchImpl: b.fetchImpl };
    let order = (await storeRequest(
      'checkout',
      { billing_address: billing, payment_method: 'cgg-card', payment_data: cardPayment() },
      { ...call, idempotencyKey },
    )).body;
    while (order.status === 'pending') {
      await sleep(20);
      order = (await storeRequest('checkoutReturn', { order_id: order.order_id, order_key: order.order_key }, call)).body;
    }
    if (order.status !== 'completed') return { ok: false, failure: `order ${order.status}`, retryable: false };
    return { ok: true, orderId: order.order_id };
  } catch (err) {
    if (err instanceof ApiError) {
      const retryable = RETRYABLE_STATUS.has(err.status) || err.code === STORE_ERRORS.idempotencyInProgress.code;
      const hinted = typeof (err.data as { retry_after?: unknown } | undefined)?.retry_after === 'number';
      return { ok: false, failure: `${err.status} ${err.code}`, retryable, hinted };
    }
    // The connection broke (the instance died under the request): nothing was answered.
    return { ok: false, failure: `network ${(err as Error).message}`, retryable: true, hinted: false };
  }
}

async function limited<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i]!, i);
    }
  }));
}

export const quantile = (sorted: number[], q: number): number => sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;

export async function sellOut(pool: pg.Pool, base: string, o: SellOutOptions): Promise<SellOutResult> {
  const perCustomer = Math.ceil(o.tickets / o.customers);
  const instantWins = [1, Math.floor(o.tickets / 4), Math.floor(o.tickets / 2), Math.floor((3 * o.tickets) / 4), o.tickets];
  const c = await createCompetition(pool, { title: 'Sell-out under faults', total: o.tickets, maxPerUser: perCustomer, instantWinNumbers: instantWins });
  const buyers: Buyer[] = [];
  await limited(Array.from({ length: o.customers }), 50, async () => void buyers.push(await newBuyer(pool, base, httpFetch)));
  await limited(buyers, Math.min(o.connections, 100), async (b) => void (await addToBasket(base, b, c.productId, perCustomer)));

  const keys = buyers.map(() => randomUUID());
  const orderIds: Array<number | null> = buyers.map(() => null);
  const latencies: number[] = [];
  const retries: Record<string, number> = {};
  const wrongAnswers: string[] = [];
  let gaveUp = 0;
  let unhintedServerErrors = 0;
  let answered = 0;
  const done = (): void => {
    if (++answered === Math.ceil(buyers.length / 2)) o.midway?.();
  };
  const attempts = o.attempts ?? 40;

  const checkout = async (b: Buyer, i: number): Promise<void> => {
    const t0 = performance.now();
    for (let attempt = 1; ; attempt++) {
      const a = await attemptCheckout(base, b, keys[i]!);
      if (a.ok) {
        orderIds[i] = a.orderId!;
        latencies.push(performance.now() - t0);
        done();
        return;
      }
      if (!a.retryable) {
        wrongAnswers.push(a.failure!);
        done();
        return;
      }
      retries[a.failure!] = (retries[a.failure!] ?? 0) + 1;
      if (/^5\d\d /.test(a.failure!) && !a.hinted) unhintedServerErrors++;
      if (attempt >= attempts) {
        gaveUp++;
        done();
        return;
      }
      await sleep(Math.min(50 * 2 ** (attempt - 1), 500));
    }
  };

  const cpuBefore = o.measureCpu ? { children: await snapshotCpu(), client: process.cpuUsage() } : null;
  const start = performance.now();
  if (o.rate) {
    const rate = o.rate;
    await Promise.all(buyers.map(async (b, i) => {
      await sleep(Math.max(0, start + (i * 1000) / rate - performance.now()));
      await checkout(b, i);
    }));
  } else {
    await limited(buyers, o.connections, checkout);
  }
  const seconds = (performance.now() - start) / 1000;
  let cpu: SellOutResult['cpu'] = null;
  if (cpuBefore) {
    const client = process.cpuUsage(cpuBefore.client);
    cpu = { ...cpuBetween(cpuBefore.children, await snapshotCpu()), client: (client.user + client.system) / 1e6 };
  }
  latencies.sort((a, b) => a - b);
  const { violations, figures } = await sellOutViolations(pool, c.id, {
    cap: perCustomer,
    instantWins: instantWins.length,
    checkouts: buyers.map((b, i) => ({ customerId: b.customerId, idempotencyKey: keys[i]!, orderId: orderIds[i]! })),
  });
  return { competitionId: c.id, seconds, succeeded: latencies.length, gaveUp, wrongAnswers, retries, unhintedServerErrors, latencies, violations, figures, cpu };
}

/**
 * Every invariant of a sell-out, from the database: never oversold, no ticket number twice, the
 * counters and the unsold pool exact, every order got its tickets (saleState); no customer over
 * the per-customer cap; each instant win awarded exactly once; one order per Idempotency-Key; and
 * every checkout answered with an order is that customer's one completed order of it, present once.
 */
export async function sellOutViolations(
  pool: pg.Pool,
  competitionId: number,
  expected: { cap: number; instantWins: number; checkouts: Array<{ customerId: number; idempotencyKey: string; orderId: number | null }> },
): Promise<{ violations: string[]; figures: string }> {
  const state = await saleState(pool, competitionId);
  const violations = [...state.violations];
  const cap = await pool.query<{ most: number | null }>(
    'SELECT max(n)::int AS most FROM (SELECT count(*) AS n FROM tickets WHERE competition_id = $1 GROUP BY customer_id) t', [competitionId]);
  if ((cap.rows[0]!.most ?? 0) > expected.cap) violations.push(`a customer holds ${cap.rows[0]!.most} tickets, over the cap of ${expected.cap}`);
  const wins = await pool.query<{ awards: number; numbers: number }>(
    'SELECT count(*)::int AS awards, count(DISTINCT ticket_number)::int AS numbers FROM instant_win_awards WHERE competition_id = $1', [competitionId]);
  const { awards, numbers } = wins.rows[0]!;
  if (awards !== expected.instantWins || numbers !== awards) violations.push(`instant wins: ${awards} awards for ${numbers} numbers, ${expected.instantWins} expected once each`);
  const scoped = expected.checkouts.map((c) => `${c.customerId}:${c.idempotencyKey}`);
  const perKey = await pool.query<{ key: string; n: number }>(
    'SELECT idempotency_key AS key, count(*)::int AS n FROM orders WHERE idempotency_key = ANY($1) GROUP BY 1', [scoped]);
  const twice = perKey.rows.filter((r) => r.n > 1).length;
  if (twice) violations.push(`${twice} idempotency keys with more than one order`);
  const completed = await pool.query<{ customer_id: number; ids: number[] }>(
    `SELECT o.customer_id, array_agg(DISTINCT o.id) AS ids FROM orders o JOIN order_items i ON i.order_id = o.id
     WHERE i.competition_id = $1 AND o.status = 'completed' GROUP BY o.customer_id`, [competitionId]);
  const byCustomer = new Map(completed.rows.map((r) => [r.customer_id, r.ids]));
  let missing = 0;
  let unanswered = 0;
  for (const c of expected.checkouts) {
    const ids = byCustomer.get(c.customerId) ?? [];
    if (c.orderId !== null && (ids.length !== 1 || ids[0] !== c.orderId)) missing++;
    if (c.orderId === null && ids.length > 0) unanswered++;
  }
  if (missing) violations.push(`${missing} checkouts answered with an order that is not that customer's one completed order`);
  const answered = expected.checkouts.filter((c) => c.orderId !== null).length;
  const figures =
    `total ${state.total}, sold ${state.sold}, issued ${state.issued}, distinct numbers ${state.distinctNumbers}, paid for ${state.paidFor}, ` +
    `unsold pool ${state.unsold}, most held by one customer ${cap.rows[0]!.most ?? 0}/${expected.cap}, instant wins ${awards}/${expected.instantWins}, ` +
    `orders answered ${answered} = completed ${completed.rows.reduce((n, r) => n + r.ids.length, 0)}` +
    (unanswered ? `, ${unanswered} paid orders whose answer never arrived` : '');
  return { violations, figures };
}
