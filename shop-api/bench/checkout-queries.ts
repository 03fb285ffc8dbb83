/*
 * What one paid card checkout costs PostgreSQL, counted rather than timed (timings on a shared
 * machine are noise; round trips are not): every query the shop and the demo provider send,
 * from the checkout request until the order is paid and everything it set off (the webhook, the
 * harm markers) has finished. A throwaway embedded PostgreSQL and the app in this process
 * (app.inject); pg's Client.query is wrapped to count round trips, transactions (BEGIN) and
 * row locks (FOR UPDATE), the shop's and the provider's apart. Three orders of events:
 *   webhook first: checkout, the provider settles and its webhook pays, then the client's return;
 *   return first:  checkout, the client's return asks the provider, which settles and sends its webhook
 *                  there and then (the two race for the order, as in the sell-out bench);
 *   webhook only:  checkout, the webhook pays (BENCH_CONFIRM=webhook's client);
 * and a site-credit checkout for comparison. `npm run bench:checkout-queries` (BENCH_ORDERS, default 20).
 */
import { mkdtemp, rm, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { createPool } from '../src/db/pool.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { prepareDatabase } from '../src/db/prepare.ts';
import { createImageVariants } from '../src/http/image-variants.ts';
import { createBackgroundWork } from '../src/lib/background-work.ts';
import { demoPayments } from '../src/payments/gateways.ts';
import { billing, cardPayment, createCompetition, createCustomer } from '../src/store/store-fixtures.ts';
import { storeInject, type StoreClientState } from '../src/store/store-test-kit.ts';
import { freePort } from './start-api.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 20);
/** BENCH_SHOW_QUERIES=1: also print the statements of each mode's last order, in the order sent. */
const SHOW = process.env.BENCH_SHOW_QUERIES === '1';
let sequence: string[] = [];

interface Tally { trips: number; begins: number; locks: number; byKind: Map<string, number> }
const fresh = (): Tally => ({ trips: 0, begins: 0, locks: 0, byKind: new Map() });
const tally = { shop: fresh(), provider: fresh() };
let counting = false;

// Every query of every pool goes through Client.prototype.query: count it where it is sent.
const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function counted(this: pg.Client & { connectionParameters?: { options?: string } }, ...args: unknown[]) {
  if (counting) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text ?? '';
    // The demo provider's pool is the one with synchronous_commit off (payments/gateways.ts).
    const t = String(this.connectionParameters?.options ?? '').includes('synchronous_commit') ? tally.provider : tally.shop;
    t.trips++;
    if (/^\s*BEGIN/i.test(text)) t.begins++;
    if (/FOR UPDATE/i.test(text)) t.locks++;
    const kind = text.trim().split(/\s+/).slice(0, 3).join(' ').slice(0, 40);
    if (SHOW) sequence.push(`${t === tally.provider ? 'provider' : 'shop'}: ${text.replace(/\s+/g, ' ').trim().slice(0, 150)}`);
    t.byKind.set(kind, (t.byKind.get(kind) ?? 0) + 1);
  }
  return original.apply(this, args);
} as typeof pg.Client.prototype.query;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cgg-bench-queries-'));
await chmod(dataDir, 0o755);
const embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port: await freePort() });
const pool = createPool({ connectionString: embedded.url, max: 10 }, 'bench queries');
pool.on('error', () => {});
await prepareDatabase(pool, { demoData: true });
const background = createBackgroundWork();
// Settled only when asked (retrieve) or by hand below, so each order of events is chosen, not raced.
const payments = demoPayments(pool, { settleAfterMs: null });
const app = buildApp({
  pool, background, ...payments, store: { secret: 'bench-secret-bench-secret-bench-secret-01' },
  uploadsDir: path.join(dataDir, 'uploads'), imageVariants: createImageVariants(path.join(dataDir, 'variants')),
});
await app.ready();

async function buyer(credit = false) {
  // Instant wins on offer, as on most competitions, but its one prize already won: the counts are
  // those of the usual order (it wins nothing) and do not depend on which numbers it draws.
  const c = await createCompetition(pool, { total: 1000, pricePence: 100, maxPerUser: 1000, instantWinNumbers: [1000] });
  await pool.query(`UPDATE instant_win_tickets SET won_at = now(), won_by_name = 'Earlier W.' WHERE competition_id = $1`, [c.id]);
  const who = await createCustomer(pool);
  if (credit) await pool.query(`INSERT INTO credit_logs (customer_id, type, amount_pence, description, created_at) VALUES ($1, 'admin-credit', 10000, 'x', now())`, [who.id]);
  const state: StoreClientState = { bearer: who.token };
  await storeInject(app, state, 'GET', '/cart');
  await storeInject(app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: 5 });
  return state;
}

/** Settles an intent still processing as the provider would in the background: its webhook is delivered and applied. */
async function settleByWebhook(intentId: string): Promise<void> {
  // The provider's own settle (one guarded UPDATE on its pool, as in the background), which emits the signed webhook.
  await payments.demoProvider.retrieveIntent(intentId, new Date());
}

type Mode = 'webhook first' | 'return first' | 'webhook only' | 'site credit';
async function run(mode: Mode): Promise<void> {
  const states = [];
  for (let i = 0; i < ORDERS; i++) states.push(await buyer(mode === 'site credit'));
  tally.shop = fresh();
  tally.provider = fresh();
  let paid = 0;
  for (const state of states) {
    sequence = [];
    counting = true;
    const payment = mode === 'site credit'
      ? { payment_method: 'cgg-site-credit', payment_data: [{ key: 'use_credit', value: '500' }] }
      : { payment_method: 'cgg-card', payment_data: cardPayment() };
    const res = await storeInject(app, state, 'POST', '/checkout', { billing_address: billing, ...payment }, { 'idempotency-key': randomUUID() });
    let order = res.body;
    if (mode !== 'site credit') {
      if (mode !== 'return first') {
        await settleByWebhook(order.extensions.cgg.payment.intent_id);
        await payments.demoProvider.settled();
      }
      if (mode !== 'webhook only') order = (await storeInject(app, state, 'POST', '/cgg/checkout-return', { order_id: order.order_id, order_key: order.order_key })).body;
      await payments.demoProvider.settled();
    }
    await background.settled();
    counting = false;
    const status = (await pool.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [order.order_id])).rows[0]?.status;
    if (status === 'completed') paid++;
  }
  const per = (n: number) => (n / ORDERS).toFixed(1);
  const s = tally.shop;
  const p = tally.provider;
  console.log(`\n  ${mode}: ${paid}/${ORDERS} paid`);
  console.log(`    round trips per checkout: ${per(s.trips + p.trips)} (shop ${per(s.trips)}, provider ${per(p.trips)}); transactions ${per(s.begins + p.begins)}; FOR UPDATE statements ${per(s.locks + p.locks)}`);
  const kinds = [...s.byKind].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${per(n)} ${k}`).join(' | ');
  console.log(`    shop: ${kinds}`);
  if (p.trips) console.log(`    provider: ${[...p.byKind].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${per(n)} ${k}`).join(' | ')}`);
  if (SHOW) console.log(sequence.map((q, i) => `      ${String(i + 1).padStart(2)} ${q}`).join('\n'));
}

try {
  console.log(`queries per paid checkout (${ORDERS} orders each, 5 tickets, one at a time)`);
  for (const mode of ['webhook first', 'return first', 'webhook only', 'site credit'] as Mode[]) await run(mode);
} finally {
  await app.close();
  await pool.end();
  await embedded.stop();
  await rm(dataDir, { recursive: true, force: true });
}
