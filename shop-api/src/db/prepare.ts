import type pg from 'pg';
import { DEFAULT_SITE_URL } from '../config.ts';
import { backfillDraws } from '../draws/backfill-draws.ts';
import { seedDemoData, seedSiteContent } from '../seed/seed.ts';
import { STARTUP_LOCK_KEY, withAdvisoryLock } from './advisory-lock.ts';
import { assertServerVersion } from './durable-commit.ts';
import { checkDataKey } from './data-key-check.ts';
import { encryptPlaintextBankDetails } from './encrypt-bank-details.ts';
import { sealPlainDrawSeeds } from '../draws/sealed-seeds.ts';
import { migrate } from './migrate.ts';
import { migrateJobQueue } from '../jobs/job-schema.ts';

export interface PrepareOptions {
  /** Anchors the demo data's relative dates (tests move it). */
  now?: Date;
  /** Seed the demo shop into a shop without competitions or customers (SEED_DEMO_DATA=true). */
  demoData?: boolean;
  /** SITE_URL (config.ts): the origin of the draw proofs' links. */
  siteUrl?: string;
}

/**
 * Start-up work on the database, under one advisory lock (several instances may start at
 * once): refuse a server older than PostgreSQL 17 (db/durable-commit.ts), migrate (the shop's schema and the job queue's), make the shop's own content if missing, and the demo shop only when asked.
 */
export async function prepareDatabase(
  pool: pg.Pool,
  { now = new Date(), demoData = false, siteUrl = DEFAULT_SITE_URL }: PrepareOptions = {},
): Promise<{ migrations: string[]; seededContent: boolean; seededDemo: boolean }> {
  return withAdvisoryLock(pool, STARTUP_LOCK_KEY, async (client) => {
    await assertServerVersion(client);
    const migrations = await migrate(client);
    // The job queue's own schema (graphile-worker's migrations), so jobs can be added from the first request.
    await migrateJobQueue(pool);
    // This process's data key must be the database's before anything is sealed or opened with it.
    await checkDataKey(client);
    // Bank details saved before encryption at rest are encrypted before anything reads them.
    await encryptPlaintextBankDetails(client);
    // Likewise the seeds of draws to come (migration 058).
    await sealPlainDrawSeeds(client);
    const seededContent = await seedSiteContent(client);
    const seededDemo = demoData ? await seedDemoData(client, now) : false;
    // Draw commitments for every competition (and proofs for the seed's drawn ones).
    await backfillDraws(client, now, siteUrl);
    return { migrations, seededContent, seededDemo };
  });
}
