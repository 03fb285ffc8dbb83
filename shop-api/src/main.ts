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
import { readJobConfig } from './jobs/job-config.ts';
import { startJobRunner, type JobRunner } from './jobs/job-runner.ts';
import { shopRepeatingJobs, shopTasks } from './jobs/shop-jobs.ts';

const config = (() => {
  try {
    return readConfig();
  } catch (err) {
    console.error(`[shop-api] configuration: ${(err as Error).message}`);
    process.exit(1);
  }
})();
const jobConfig = (() => {
  try {
    return readJobConfig();
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
const mailer = createMailer(db.pool, config.smtpUrl);
const app = buildApp({
  pool: db.pool,
  logLevel: config.logLevel,
  mailer,
  siteUrl: config.siteUrl,
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

// Background work on the PostgreSQL job queue (issue 18, src/jobs): every instance runs a worker,
// each job runs once: automatic draws, the harm-marker sweep, sending mail (with SMTP_URL).
let jobs: JobRunner | null = null;

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`[shop-api] ${signal}: stopping (requests in flight get up to 10 s)`);
  try {
    // /readyz turns 503, no new connections, the requests in flight finish; then the rest, pool last.
    const { forced } = await drainAndClose(app, lifecycle);
    if (forced) console.error('[shop-api] requests still running after the grace period were cut off');
    // Jobs running finish (graphile-worker's graceful stop); waiting ones stay for another instance.
    await jobs?.stop();
    await feed?.stop();
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
  const shopJobs = { pool: db.pool, mailer, siteUrl: config.siteUrl, mailTransport: config.smtpUrl ? smtpTransport(config.smtpUrl) : null, config: jobConfig };
  jobs = await startJobRunner({ pool: db.pool, tasks: shopTasks(shopJobs), repeating: shopRepeatingJobs(shopJobs), concurrency: jobConfig.concurrency, pollIntervalMs: jobConfig.pollIntervalMs });
  await app.listen({ port: config.port, host: config.host });
  console.log(`shop-api listening on http://${config.host}:${config.port}`);
} catch (err) {
  console.error('[shop-api] failed to start:', err);
  await jobs?.stop().catch(() => {});
  await app.close().catch(() => {});
  await db.close().catch(() => {});
  process.exit(1);
}
