import { buildApp } from './app.ts';
import { createImageVariants, imageVariantsDir } from './http/image-variants.ts';
import { uploadsDir } from './competitions/competition-images.ts';
import { productionRefusals, readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { prepareDatabase } from './db/prepare.ts';
import { startFeedPublisher } from './feed/start-feed-publisher.ts';
import { createMailer, smtpTransport } from './mail/mailer.ts';
import { gatewayFor } from './payments/gateways.ts';
import { drainAndClose } from './http/graceful-shutdown.ts';
import { createLifecycle } from './http/lifecycle.ts';
import { ageVerifierFor } from './accounts/age-verifier.ts';
import { createLogger } from './lib/logger.ts';
import { useDataKey } from './lib/data-encryption.ts';
import { jobConfigFrom } from './jobs/job-config.ts';
import { startJobRunner, type JobRunner } from './jobs/job-runner.ts';
import { shopRepeatingJobs, shopTasks } from './jobs/shop-jobs.ts';

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
const mailer = createMailer(db.pool, config.smtpUrl);
const payments = gatewayFor(config, db.keyedPool);
const app = buildApp({
  pool: db.pool,
  keyedPool: db.keyedPool,
  logger: log,
  requestLog: config.requestLog,
  mailer,
  smtpUrl: config.smtpUrl,
  contactEmail: config.contactEmail,
  siteUrl: config.siteUrl,
  store: { secret: config.storeSecret },
  reservationSeconds: config.reservationSeconds,
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

// Background work on the PostgreSQL job queue (issue 18, src/jobs): every instance runs a worker,
// each job runs once: automatic draws, the harm-marker sweep, card reservations' expiry and
// payment reconciliation, sending mail (with SMTP_URL).
let jobs: JobRunner | null = null;

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  // Behind a load balancer the instance keeps serving SHUTDOWN_DRAIN_DELAY_MS after /readyz turns
  // 503, until its health check has seen it (graceful-shutdown.ts); alone, no pause.
  const pause = config.shutdownDrainDelayMs > 0 ? `not ready; serving ${config.shutdownDrainDelayMs} ms more while the load balancer notices, then ` : '';
  log.info(`${signal}: stopping (${pause}requests in flight get up to 10 s)`);
  try {
    // /readyz turns 503, the drain pause, no new connections, the requests in flight finish; then the rest, pool last.
    const { forced } = await drainAndClose(app, lifecycle, { drainDelayMs: config.shutdownDrainDelayMs });
    if (forced) log.error('requests still running after the grace period were cut off');
    // Jobs running finish (graphile-worker's graceful stop); waiting ones stay for another instance.
    await jobs?.stop();
    await feed?.stop();
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
  const shopJobs = { pool: db.pool, keyedPool: db.keyedPool, mailer, gateway: payments.gateway, siteUrl: config.siteUrl, mailTransport: config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : null, config: jobConfigFrom(config) };
  jobs = await startJobRunner({ pool: db.pool, tasks: shopTasks(shopJobs), repeating: shopRepeatingJobs(shopJobs), concurrency: config.jobConcurrency, pollIntervalMs: config.jobPollIntervalMs, log });
  await app.listen({ port: config.port, host: config.host });
  // Scripts and tests wait for this line (bench/start-api.ts, e2e/support/site-behind-relay.ts).
  log.info(`shop-api listening on http://${config.host}:${config.port}`);
} catch (err) {
  log.fatal({ err }, 'failed to start');
  await jobs?.stop().catch(() => {});
  await app.close().catch(() => {});
  await db.close().catch(() => {});
  log.flush();
  process.exit(1);
}
