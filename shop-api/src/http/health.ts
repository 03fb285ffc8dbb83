import { readdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { MIGRATIONS_DIR, MIGRATIONS_TABLE } from '../db/migrate.ts';
import type { Lifecycle } from './lifecycle.ts';

export const HEALTH_ROUTE = '/healthz';
export const READY_ROUTE = '/readyz';

/** A load balancer's probe gives up after a few seconds; the answer must come before that. */
export const READY_TIMEOUT_MS = 2_000;

interface ShippedMigration {
  version: number;
  file: string;
}

/** The `NNN.do.name.sql` files shipped with this code (what migrate.ts applies at start-up). */
export function shippedMigrations(dir = MIGRATIONS_DIR): ShippedMigration[] {
  return readdirSync(dir)
    .map((file) => ({ file, match: /^(\d+)\.do\..+\.sql$/.exec(file) }))
    .filter((m) => m.match)
    .map(({ file, match }) => ({ version: Number(match![1]), file }))
    .sort((a, b) => a.version - b.version);
}

/** The versions postgrator recorded as applied; none on a database it never touched. */
async function appliedVersions(pool: pg.Pool): Promise<Set<number>> {
  try {
    const { rows } = await pool.query<{ version: string }>(`SELECT version FROM ${MIGRATIONS_TABLE} WHERE version > 0`);
    return new Set(rows.map((r) => Number(r.version)));
  } catch (err) {
    if ((err as { code?: string }).code === '42P01') return new Set();
    throw err;
  }
}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export interface HealthOptions {
  pool: pg.Pool;
  lifecycle: Lifecycle;
  /** Tests point it at another folder; default the shipped migrations. */
  migrationsDir?: string;
  readyTimeoutMs?: number;
}

/**
 * Operational probes, outside the WordPress-shaped API (not declared, not in the OpenAPI
 * document, not under /wp-json so the shell never forwards them from the public):
 * - /healthz: the process answers; never touches the database (a restart would not fix it).
 * - /readyz: this instance should be sent traffic: not draining, the database answers
 *   within READY_TIMEOUT_MS, and every migration shipped with this code is applied (an
 *   instance of a newer release waits for the one that migrates). 503 says what is missing.
 * Probes run every few seconds, so their request logs are kept to warnings.
 */
export function registerHealth(app: FastifyInstance, options: HealthOptions): void {
  const shipped = shippedMigrations(options.migrationsDir);
  const timeoutMs = options.readyTimeoutMs ?? READY_TIMEOUT_MS;
  const probe = { schema: { hide: true }, logLevel: 'warn' } as const;

  app.get(HEALTH_ROUTE, probe, async (_request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });

  app.get(READY_ROUTE, probe, async (_request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    if (options.lifecycle.draining) return reply.code(503).send({ status: 'draining', reasons: ['this instance is shutting down'] });
    let applied: Set<number>;
    try {
      applied = await within(timeoutMs, appliedVersions(options.pool));
    } catch (err) {
      return reply.code(503).send({ status: 'not_ready', reasons: [`database unreachable: ${(err as Error).message}`] });
    }
    const missing = shipped.filter((m) => !applied.has(m.version)).map((m) => m.file);
    if (missing.length) {
      return reply.code(503).send({ status: 'not_ready', reasons: [`${missing.length} migration(s) not applied`], missing_migrations: missing });
    }
    return { status: 'ready' };
  });
}
