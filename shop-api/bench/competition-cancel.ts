/*
 * Cancelled-competition refunds: how long refunding every paid order of a cancelled competition
 * takes, one at a time and CANCEL_REFUNDS_AT_ONCE at a time (refundCancelledCompetition, what the
 * back office's `competition-refunds` job and the CLI's `competition-cancel` run). Each refund
 * goes through the demo provider, made to answer in BENCH_PROVIDER_MS (default 300 ms, about what
 * a card provider's refund call takes; 0: the demo provider as it is, the database's own cost).
 * A throwaway embedded PostgreSQL and the app in this process; BENCH_ORDERS (200) paid orders of
 * 2 tickets per run, bought through the Store API. Prints the figures and checks every order was
 * refunded once; asserts nothing else.
 *
 *   node scripts/pnpm.mjs --filter @cgg/shop-api bench:competition-cancel
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { buildApp } from '../src/app.ts';
import { createPool } from '../src/db/pool.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { prepareDatabase } from '../src/db/prepare.ts';
import { createImageVariants } from '../src/http/image-variants.ts';
import { eachAtMost } from '../src/lib/each-at-most.ts';
import { demoPayments } from '../src/payments/gateways.ts';
import type { PaymentGateway } from '../src/payments/payment-gateway.ts';
import { cancelCompetition, CANCEL_REFUNDS_AT_ONCE, refundCancelledCompetition } from '../src/payments/refund-competition.ts';
import { addToBasket, checkoutOnce, newBuyer } from '../src/store/race-harness.ts';
import { createCompetition } from '../src/store/store-fixtures.ts';
import { freePort } from './start-api.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200);
const PROVIDER_MS = Number(process.env.BENCH_PROVIDER_MS ?? 300);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cgg-bench-cancel-'));
await chmod(dataDir, 0o755); // the embedded server runs as 'postgres'
const embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port: await freePort() });
const pool = createPool({ connectionString: embedded.url, max: 10 }, 'bench cancel');
pool.on('error', () => {});
await prepareDatabase(pool, { demoData: true });
const payments = demoPayments(pool, { settleAfterMs: 0 });
const app = buildApp({
  pool, ...payments, store: { secret: 'bench-secret-bench-secret-bench-secret-01' },
  uploadsDir: path.join(dataDir, 'uploads'), imageVariants: createImageVariants(path.join(dataDir, 'variants')),
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });

/** The demo provider, answering a refund after `PROVIDER_MS` as a real one would. */
const provider: PaymentGateway = {
  ...payments.gateway,
  async refund(request) {
    await new Promise((r) => setTimeout(r, PROVIDER_MS));
    return payments.gateway.refund(request);
  },
};

/** A competition with ORDERS paid orders of 2 tickets, each from a buyer of its own (10 checkouts at a time). */
async function soldCompetition(): Promise<number> {
  const c = await createCompetition(pool, { total: ORDERS * 2, maxPerUser: 2 });
  await eachAtMost(Array.from({ length: ORDERS }, (_, i) => i), 10, async () => {
    const buyer = await newBuyer(pool, base);
    await addToBasket(base, buyer, c.productId, 2);
    const out = await checkoutOnce(base, buyer, randomUUID());
    if (!out.ok) throw new Error(`checkout failed: ${out.code}`);
  });
  return c.id;
}

console.log(`cancelled-competition refunds: ${ORDERS} paid orders of 2 tickets, the provider answering each refund in ${PROVIDER_MS} ms`);
for (const atOnce of [1, CANCEL_REFUNDS_AT_ONCE]) {
  const id = await soldCompetition();
  const input = { competitionId: id, reason: 'Benchmark', to: 'card' as const, by: 'bench', staffId: null, now: new Date() };
  await cancelCompetition(pool, input);
  const start = process.hrtime.bigint();
  const done = await refundCancelledCompetition(pool, provider, input, undefined, { atOnce });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const check = (await pool.query<{ refunds: number; tickets: number }>(
    `SELECT (SELECT count(*)::int FROM order_refunds WHERE idempotency_key LIKE $2 AND state = 'succeeded') AS refunds,
            (SELECT count(*)::int FROM tickets WHERE competition_id = $1) AS tickets`,
    [id, `cancel-c${id}-o%`],
  )).rows[0]!;
  const sound = done.refunded === ORDERS && done.failed.length === 0 && check.refunds === ORDERS && check.tickets === 0;
  console.log(`  ${atOnce} at a time: ${done.refunded} refunded in ${seconds.toFixed(1)} s (${(done.refunded / seconds).toFixed(1)} orders/s), ` +
    `${done.failed.length} failed; ${sound ? 'every order refunded once, no ticket left' : `NOT SOUND: ${JSON.stringify(check)}`}`);
}

await app.close();
await pool.end();
await embedded.stop();
await rm(dataDir, { recursive: true, force: true });
