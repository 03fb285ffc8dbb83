import { buildApp } from './app.ts';
import { createImageVariants, imageVariantsDir } from './http/image-variants.ts';
import { uploadsDir } from './competitions/competition-images.ts';
import { productionRefusals, readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { prepareDatabase } from './db/prepare.ts';
import { startDrawScheduler, type DrawScheduler } from './draws/draw-scheduler.ts';
import { startFeedPublisher } from './feed/start-feed-publisher.ts';
import { createMailer } from './mail/mailer.ts';
import { gatewayFor } from './payments/gateways.ts';
import { startPaymentJobs, type PaymentJobs } from './payments/payment-jobs.ts';
import { drainAndClose } from './http/graceful-shutdown.ts';
import { createLifecycle } from './http/lifecycle.ts';
import { ageVerifierFor } from './accounts/age-verifier.ts';
import { startHarmSweep, type HarmSweep } from './harm/harm-sweep.ts';

const config = (() => {
  try {
    return readConfig();
  } catch (err) {
    console.error(`[shop-api] configuration: ${(err as Error).message}`);
    process.exit(1);
  }
})();
const refusals = productionRefusals(config);
if (refusals.length > 0) {
  for (const reason of refusals) console.error(`[shop-api] refusing to start in production (NODE_ENV=production): ${reason}`);
  process.exit(1);
}
const db = await openDatabase(config).catch((err: unknown) => {
  console.error('[shop-api] could not open the database:', err instanceof Error ? err.message : err);
  process.exit(1);
});
const lifecycle = createLifecycle();
const payments = gatewayFor(config, db.pool);
const app = buildApp({
  pool: db.pool,
  logLevel: config.logLevel,
  mailer: createMailer(db.pool, config.smtpUrl),
  siteUrl: config.siteUrl,
  imageVariants: createImageVariants(imageVariantsDir(config.dataDir)),
  uploadsDir: uploadsDir(config.dataDir),
  ...payments,
  trustProxy: config.trustProxy,
  metricsToken: config.metricsToken,
  lifecycle,
  rateLimits: { addressFactor: config.rateLimitAddressFactor },
  ageVerifier: ageVerifierFor(config.ageVerifier),
});

// Live instant-win feed (issue 5): publishes committed wins to the Realtime Database.
let feed: Awaited<ReturnType<typeof startFeedPublisher>> = null;

// Automatic draws (issue 5): every instance runs the loop; a row lock decides who draws.
let draws: DrawScheduler | null = null;
const DRAW_INTERVAL_MS = Number(process.env.DRAW_INTERVAL_MS ?? 15_000);

// Harm markers (UK code 1.6-1.8): besides the look after each paid order, a sweep every 15 minutes.
let harmSweep: HarmSweep | null = null;
const HARM_SWEEP_INTERVAL_MS = Number(process.env.HARM_SWEEP_INTERVAL_MS ?? 15 * 60_000);

// Card payments (issue 15): expired reservations released, intents reconciled with orders.
let paymentJobs: PaymentJobs | null = null;
const PAYMENT_JOBS_INTERVAL_MS = Number(process.env.PAYMENT_JOBS_INTERVAL_MS ?? 30_000);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`[shop-api] ${signal}: stopping (requests in flight get up to 10 s)`);
  try {
    // /readyz turns 503, no new connections, the requests in flight finish; then the rest, pool last.
    const { forced } = await drainAndClose(app, lifecycle);
    if (forced) console.error('[shop-api] requests still running after the grace period were cut off');
    await feed?.stop();
    await draws?.stop();
    await harmSweep?.stop();
    await paymentJobs?.stop();
    await db.close();
    process.exit(0);
  } catch (err) {
    console.error('[shop-api] unclean stop:', err);
    process.exit(1);
  }
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

try {
  const { migrations, seededContent, seededDemo } = await prepareDatabase(db.pool, { demoData: config.seedDemoData });
  if (migrations.length) console.log(`[shop-api] applied migrations: ${migrations.join(', ')}`);
  if (seededContent) console.log('[shop-api] wrote the shop\'s starting content (settings, SEO, how it works)');
  if (seededDemo) console.log('[shop-api] seeded the demo competitions and accounts (SEED_DEMO_DATA=true)');
  feed = startFeedPublisher(db.pool);
  if (process.env.DRAW_SCHEDULER !== 'off') {
    draws = startDrawScheduler({ pool: db.pool, mailer: createMailer(db.pool, config.smtpUrl), siteUrl: config.siteUrl, intervalMs: DRAW_INTERVAL_MS });
  }
  harmSweep = startHarmSweep({ pool: db.pool, intervalMs: HARM_SWEEP_INTERVAL_MS });
  paymentJobs = startPaymentJobs({ pool: db.pool, gateway: payments.gateway, intervalMs: PAYMENT_JOBS_INTERVAL_MS });
  await app.listen({ port: config.port, host: config.host });
  console.log(`shop-api listening on http://${config.host}:${config.port}`);
} catch (err) {
  console.error('[shop-api] failed to start:', err);
  await app.close().catch(() => {});
  await db.close().catch(() => {});
  process.exit(1);
}
