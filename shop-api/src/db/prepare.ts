import type pg from 'pg';
import { backfillDraws } from '../draws/backfill-draws.ts';
import { seedIfEmpty } from '../seed/seed.ts';
import { STARTUP_LOCK_KEY, withAdvisoryLock } from './advisory-lock.ts';
import { encryptPlaintextBankDetails } from './encrypt-bank-details.ts';
import { migrate } from './migrate.ts';

/** Start-up work on the database: migrate, then seed an empty database, under one advisory lock. */
export async function prepareDatabase(pool: pg.Pool, now: Date = new Date()): Promise<{ migrations: string[]; seeded: boolean }> {
  return withAdvisoryLock(pool, STARTUP_LOCK_KEY, async (client) => {
    const migrations = await migrate(client);
    // Bank details saved before encryption at rest are encrypted before anything reads them.
    await encryptPlaintextBankDetails(client);
    const seeded = await seedIfEmpty(client, now);
    // Draw commitments for every competition (and proofs for the seed's drawn ones).
    await backfillDraws(client, now, process.env.SITE_URL ?? 'http://localhost:3000');
    return { migrations, seeded };
  });
}
