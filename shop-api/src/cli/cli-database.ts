import path from 'node:path';
import { embeddedDatabaseUrl } from '../db/embedded-password.ts';
import { createClient, createPool } from '../db/pool.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../lib/logger.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { prepareDatabase } from '../db/prepare.ts';

/**
 * The database a command works on: DATABASE_URL; otherwise the embedded PostgreSQL of a
 * running API (same PG_PORT, the data folder's password); otherwise the CLI starts that embedded
 * server itself on DATA_DIR (and migrates it) for the length of the command.
 */
export async function openCliDatabase(config: Config, log: Logger): Promise<Pick<Database, 'pool' | 'close'>> {
  if (!config.databaseUrl) {
    const url = embeddedDatabaseUrl(path.join(config.dataDir, 'postgres'), config.pgPort);
    const probe = createClient({ connectionString: url, connectionTimeoutMillis: 2000 }, 'shop-api cli', undefined, log);
    const running = await probe.connect().then(
      () => true,
      () => false,
    );
    await probe.end().catch(() => {});
    if (running) {
      const pool = createPool({ connectionString: url, max: 2 }, 'shop-api cli', log);
      return { pool, close: () => pool.end() };
    }
  }
  const db = await openDatabase(config, log);
  // Same start-up work as the API (the CLI may be the first to open an embedded database).
  await prepareDatabase(db.pool, { demoData: config.seedDemoData, siteUrl: config.siteUrl });
  return db;
}
