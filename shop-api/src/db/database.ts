import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded.ts';
import { createPool } from './pool.ts';
import { KEYED_CONNECTION_OPTIONS } from './keyed-plans.ts';
import type { Logger } from '../lib/logger.ts';

/** The API pool's connection option: prepared statements use their generic plan (see createApiPools). */
const GENERIC_PLANS = '-c plan_cache_mode=force_generic_plan';

/** The API's two pools (createApiPools). */
export interface ApiPools {
  /** Everything but the keyed request work: listings, accounts, the back office, jobs, draws. */
  pool: pg.Pool;
  /** A request's keyed work: basket, checkout, payment, order answer, session lookup (keyed-plans.ts). */
  keyedPool: pg.Pool;
}

/**
 * The API's pools on one server. Prepared (named) statements run their generic plan on both: the
 * shop names only statements it runs at every request or order, each with fixed text, and left to
 * choose, PostgreSQL kept re-planning the wide ones for every execution (planning them costs more
 * than running them). Statements sent unnamed are planned for their values as ever. The keyed
 * pool's connections also plan by index only, so a plan made while a table was small stays good
 * as it fills (keyed-plans.ts).
 */
export function createApiPools(config: pg.PoolConfig, log?: Logger): ApiPools {
  const options = (extra: string) => [config.options, extra].filter(Boolean).join(' ');
  return {
    pool: createPool({ ...config, options: options(GENERIC_PLANS) }, 'shop-api', log),
    keyedPool: createPool({ ...config, options: options(KEYED_CONNECTION_OPTIONS) }, 'shop-api keyed', log),
  };
}

export interface Database extends ApiPools {
  /** Closes the pools, then stops the embedded server if we started one. */
  close(): Promise<void>;
}

/** Connects to DATABASE_URL, or starts the embedded PostgreSQL under dataDir/postgres. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; pgPort: number }, log: Logger): Promise<Database> {
  const embedded = opts.databaseUrl
    ? null
    : await startEmbeddedPostgres({ dataDir: path.join(opts.dataDir, 'postgres'), port: opts.pgPort, restartOnCrash: { log: (line) => log.warn(line) }, log });
  // A server that accepts TCP but never answers (hung, or a half-open network) fails a
  // request after 5 s as unreachable (503) instead of holding it forever.
  const pools = createApiPools({ connectionString: opts.databaseUrl ?? embedded!.url, max: 10, connectionTimeoutMillis: 5_000 }, log);
  return {
    ...pools,
    close: async () => {
      await Promise.all([pools.pool.end(), pools.keyedPool.end()]);
      await embedded?.stop();
    },
  };
}
