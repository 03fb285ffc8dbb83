// Operations basics (issue 18): liveness and readiness probes, Prometheus metrics, request
// ids, and a shutdown that lets requests in flight finish.
import { STORE_ROUTE_PREFIX } from '@cgg/contracts/store';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createPool } from '../db/pool.ts';
import { MIGRATIONS_TABLE } from '../db/migrate.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { freePort } from '../test/free-port.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { drainAndClose } from './graceful-shutdown.ts';
import { shippedMigrations } from './health.ts';
import { createLifecycle, type Lifecycle } from './lifecycle.ts';

const METRICS_TOKEN = 'metrics-token-for-the-test-1234';

let db: TestDatabase;
let app: FastifyInstance;
let lifecycle: Lifecycle;

beforeAll(async () => {
  db = await createTestDatabase();
  await prepareDatabase(db.pool, { demoData: true });
  lifecycle = createLifecycle();
  app = buildApp({ pool: db.pool, lifecycle, metricsToken: METRICS_TOKEN });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

const scrape = async () => (await app.inject({ method: 'GET', url: '/metrics' })).body;

describe('/healthz and /readyz', () => {
  it('healthz answers ok without the database', async () => {
    const unreachable = createPool({ connectionString: `postgres://nobody@127.0.0.1:${await freePort()}/none`, connectionTimeoutMillis: 1_000 }, 'unreachable');
    const offline = buildApp({ pool: unreachable });
    try {
      const res = await offline.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(unreachable.totalCount).toBe(0);
      // ...while readyz says the database is the problem.
      const ready = await offline.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().reasons[0]).toMatch(/^database unreachable/);
    } finally {
      await offline.close();
      await unreachable.end();
    }
  });

  it('readyz is 200 when every shipped migration is applied, 503 naming the one that is not', async () => {
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });

    const latest = shippedMigrations().at(-1)!;
    const { rows } = await db.pool.query(`DELETE FROM ${MIGRATIONS_TABLE} WHERE version = $1 RETURNING *`, [latest.version]);
    try {
      const missing = await app.inject({ method: 'GET', url: '/readyz' });
      expect(missing.statusCode).toBe(503);
      expect(missing.json()).toMatchObject({ status: 'not_ready', missing_migrations: [latest.file] });
    } finally {
      const r = rows[0];
      await db.pool.query(`INSERT INTO ${MIGRATIONS_TABLE} (version, name, md5, run_at) VALUES ($1, $2, $3, $4)`, [r.version, r.name, r.md5, r.run_at]);
    }
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('readyz is 503 while the instance drains', async () => {
    const draining = createLifecycle();
    const leaving = buildApp({ pool: db.pool, lifecycle: draining });
    try {
      expect((await leaving.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      draining.startDraining();
      const res = await leaving.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().status).toBe('draining');
      // Alive all the same: a restart is not what it needs.
      expect((await leaving.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await leaving.close();
    }
  });
});

describe('/metrics', () => {
  it('counts a request under its declared route, never the raw URL or a token in it', async () => {
    const secret = 'tok-0123456789abcdef';
    expect((await app.inject({ method: 'GET', url: `/?rest_route=/api/v1/getsettings&token=${secret}` })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/wp-json/api/v1/no-such/${secret}` })).statusCode).toBe(404);
    const body = await scrape();
    expect(body).toMatch(/shop_api_http_requests_total\{method="GET",route="\/wp-json\/api\/v1\/getsettings",status_class="2xx"\} [1-9]/);
    expect(body).toMatch(/shop_api_http_request_duration_seconds_count\{method="GET",route="\/wp-json\/api\/v1\/getsettings",status_class="2xx"\} [1-9]/);
    expect(body).toMatch(/shop_api_http_requests_total\{method="GET",route="unmatched",status_class="4xx"\} [1-9]/);
    expect(body).not.toContain(secret);
    expect(body).not.toContain(METRICS_TOKEN);
    expect(body).not.toContain('rest_route');
  });

  it('counts checkouts by outcome, the pool, and the default process metrics', async () => {
    const res = await app.inject({ method: 'POST', url: `/wp-json${STORE_ROUTE_PREFIX}/checkout`, headers: { 'content-type': 'application/json' }, payload: {} });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const body = await scrape();
    expect(body).toContain(`shop_api_checkouts_total{outcome="${(res.json() as { code: string }).code}"} 1`);
    expect(body).toMatch(/shop_api_pg_pool_clients\{state="total"\} [1-9]/);
    expect(body).toMatch(/shop_api_pg_pool_clients\{state="idle"\} \d/);
    expect(body).toMatch(/shop_api_pg_pool_clients\{state="waiting"\} 0/);
    expect(body).toContain('process_cpu_user_seconds_total');
  });

  it('answers loopback and the METRICS_TOKEN bearer only', async () => {
    const from = (remoteAddress: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
    expect((await from('127.0.0.1')).statusCode).toBe(200);
    expect((await from('203.0.113.5')).statusCode).toBe(403);
    expect((await from('203.0.113.5', { authorization: 'Bearer wrong-token-0000000000' })).statusCode).toBe(403);
    const withToken = await from('203.0.113.5', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.headers['content-type']).toMatch(/^text\/plain/);
    // Forwarded by a proxy on this machine: not local.
    expect((await from('127.0.0.1', { 'x-forwarded-for': '203.0.113.5' })).statusCode).toBe(403);
  });

  it('stays out of the OpenAPI document, like the probes', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/wp-json/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/wp-json/'))).toEqual([]);
  });
});

describe('request ids', () => {
  it('answers a valid incoming x-request-id, makes one otherwise, errors included', async () => {
    const echoed = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(echoed.headers['x-request-id']).toBe('lb-7f3a.42');
    const made = await app.inject({ method: 'GET', url: '/wp-json/api/v1/nope' });
    expect(made.statusCode).toBe(404);
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    for (const bad of ['two words', 'x'.repeat(129), 'id"quoted']) {
      const res = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('puts the request id in the request log lines', async () => {
    const lines: string[] = [];
    const logged = buildApp({ pool: db.pool, logLevel: 'info', logStream: { write: (l) => void lines.push(l) } });
    try {
      await logged.inject({ method: 'GET', url: '/?rest_route=/api/v1/getsettings', headers: { 'x-request-id': 'trace-me-123' } });
      const mine = lines.map((l) => JSON.parse(l) as { reqId?: string; msg: string }).filter((l) => l.reqId === 'trace-me-123');
      expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    } finally {
      await logged.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('lets a request in flight finish before the app closes, and is ready no more meanwhile', async () => {
    const leaving = createLifecycle();
    const server = buildApp({ pool: db.pool, lifecycle: leaving });
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const events: string[] = [];
    server.get('/test/slow', async () => {
      entered();
      await released;
      events.push('answered');
      return { done: true };
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.server.address() as { port: number };
    const answer = fetch(`http://127.0.0.1:${port}/test/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await inside;
    const closing = drainAndClose(server, leaving).then((result) => {
      events.push('closed');
      return result;
    });
    expect(leaving.draining).toBe(true);
    release();
    expect(await answer).toEqual({ status: 200, body: { done: true } });
    expect(await closing).toEqual({ forced: false });
    expect(events).toEqual(['answered', 'closed']);
  });
  it('keeps serving through the drain pause (a balancer still sends until its next check), ready no more, then closes', async () => {
    const leaving = createLifecycle();
    const server = buildApp({ pool: db.pool, lifecycle: leaving });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.server.address() as { port: number };
    let endPause!: () => void;
    const paused = new Promise<void>((resolve) => (endPause = resolve));
    let pausing!: () => void;
    const inPause = new Promise<void>((resolve) => (pausing = resolve));
    const closing = drainAndClose(server, leaving, { pause: () => { pausing(); return paused; } });
    await inPause;
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'draining' });
    // A new connection during the pause is still accepted and served.
    const settings = await fetch(`http://127.0.0.1:${port}/?rest_route=/api/v1/getsettings`, { headers: { authorization: 'Bearer cgg-storefront', connection: 'close' } });
    expect(settings.status).toBe(200);
    endPause();
    expect(await closing).toEqual({ forced: false });
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
});
