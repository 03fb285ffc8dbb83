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
import { drainAndClose } from './http/graceful-shutdown.ts';
import { createLifecycle } from './http/lifecycle.ts';
import { ageVerifierFor } from './accounts/age-verifier.ts';
import { startHarmSweep, type HarmSweep } from './harm/harm-sweep.ts';
import { createLogger } from './lib/logger.ts';
import { useDataKey } from './lib/data-encryption.ts';

// The environment is read here, once (config.ts); everything below gets what it needs from `config`.
const config = (() => {
  try {
    return readConfig();
  } catch (err) {
    // No logger yet (its level is part of the configuration): the same JSON shape, by hand.
    process.stderr.write(`${JSON.stringify({ level: 60, time: Date.now(), name: 'shop-api', msg: `configuration: ${(err as Error).message}` })}\n`);
    process.exit(1);
  }
})();
// The one logger: Fastify's own (request lines carry `reqId`), and the parent of every background loop's.
const log = createLogger({ level: config.logLevel });
const refusals = productionRefusals(config);
if (refusals.length > 0) {
  for (const reason of refusals) log.fatal(`refusing to start in production (NODE_ENV=production): ${reason}`);
  log.flush();
  process.exit(1);
}
try {
  // A bad DATA_ENCRYPTION_KEY stops the start here, not at the first bank detail saved.
  useDataKey(config);
} catch (err) {
  log.fatal(`configuration: ${(err as Error).message}`);
  log.flush();
  process.exit(1);
}
const db = await openDatabase(config, log.child({ component: 'database' })).catch((err: unknown) => {
  log.fatal({ err }, 'could not open the database');
  log.flush();
  process.exit(1);
});
const lifecycle = createLifecycle();
const app = buildApp({
  pool: db.pool,
  logger: log,
  requestLog: config.requestLog,
  mailer: createMailer(db.pool, config.smtpUrl, undefined, config.mailFrom),
  mail: { smtpUrl: config.smtpUrl, from: config.mailFrom },
  contactEmail: config.contactEmail,
  siteUrl: config.siteUrl,
  store: { secret: config.storeSecret },
  imageVariants: createImageVariants(imageVariantsDir(config.dataDir)),
  uploadsDir: uploadsDir(config.dataDir),
  gateway: gatewayFor(config.paymentGateway, db.pool),
  trustProxy: config.trustProxy,
  metricsToken: config.metricsToken,
  lifecycle,
  rateLimits: { addressFactor: config.rateLimitAddressFactor },
  ageVerifier: ageVerifierFor(config.ageVerifier),
});

// Live instant-win feed (issue 5): publishes committed wins to the Realtime Database.
let feed: Awaited<ReturnType<typeof startFeedPublisher>> = null;

// Automatic draws (issue 5): every instance runs the loop (DRAW_INTERVAL_MS); a row lock decides who draws.
let draws: DrawScheduler | null = null;

// Harm markers (UK code 1.6-1.8): besides the look after each paid order, a sweep (HARM_SWEEP_INTERVAL_MS).
let harmSweep: HarmSweep | null = null;

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info(`${signal}: stopping (requests in flight get up to 10 s)`);
  try {
    // /readyz turns 503, no new connections, the requests in flight finish; then the rest, pool last.
    const { forced } = await drainAndClose(app, lifecycle);
    if (forced) log.error('requests still running after the grace period were cut off');
    await feed?.stop();
    await draws?.stop();
    await harmSweep?.stop();
    await db.close();
    log.flush();
    process.exit(0);
  } catch (err) {
    log.error({ err }, 'unclean stop');
    log.flush();
    process.exit(1);
  }
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

try {
  const { migrations, seededContent, seededDemo } = await prepareDatabase(db.pool, { demoData: config.seedDemoData, siteUrl: config.siteUrl });
  if (migrations.length) log.info(`applied migrations: ${migrations.join(', ')}`);
  if (seededContent) log.info('wrote the shop\'s starting content (settings, SEO, how it works)');
  if (seededDemo) log.info('seeded the demo competitions and accounts (SEED_DEMO_DATA=true)');
  feed = startFeedPublisher(db.pool, config.feed, log.child({ component: 'instant-win feed' }));
  if (config.drawScheduler) {
    const drawLog = log.child({ component: 'draws' });
    draws = startDrawScheduler({
      pool: db.pool,
      mailer: createMailer(db.pool, config.smtpUrl, undefined, config.mailFrom),
      siteUrl: config.siteUrl,
      intervalMs: config.drawIntervalMs,
      log: (m) => drawLog.info(m),
    });
  }
  const harmLog = log.child({ component: 'harm-markers' });
  harmSweep = startHarmSweep({ pool: db.pool, intervalMs: config.harmSweepIntervalMs, log: (m) => harmLog.info(m) });
  await app.listen({ port: config.port, host: config.host });
  // Scripts and tests wait for this line (bench/start-api.ts, e2e/support/site-behind-relay.ts).
  log.info(`shop-api listening on http://${config.host}:${config.port}`);
} catch (err) {
  log.fatal({ err }, 'failed to start');
  await app.close().catch(() => {});
  await db.close().catch(() => {});
  log.flush();
  process.exit(1);
}
