import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { readCaller } from './bearer.ts';
import { apiPath } from './declared-routes.ts';
import { routeTable } from './route-table.ts';
import { registerQueueMetrics } from '../jobs/queue-metrics.ts';

export const METRICS_ROUTE = '/metrics';

const CHECKOUT_ROUTE = apiPath(routeTable.storeCheckout.route);
const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The WordPress error code each failed request answered with (app.ts's error handler notes it). */
const errorCodes = new WeakMap<FastifyRequest, string>();
export function noteErrorCode(request: FastifyRequest, code: string): void {
  errorCodes.set(request, code);
}

/**
 * Labels are only ever the route's declared URL (never the raw URL, which carries ids and
 * tokens), the method, the status class and a checkout's outcome (a fixed error code):
 * nothing a customer typed and nothing secret, and few enough values for Prometheus.
 */
function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;

function sameSecret(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Who may read /metrics: a caller sending METRICS_TOKEN as a bearer, or a scraper on this
 * machine (a loopback peer that no proxy forwarded: the shell only forwards the API's paths,
 * and a forwarded request says so in X-Forwarded-For).
 */
function mayRead(request: FastifyRequest, token: string | undefined): boolean {
  const bearer = readCaller(request.headers.authorization).bearer;
  if (token && bearer && sameSecret(bearer, token)) return true;
  return loopback.has(request.socket.remoteAddress ?? '') && request.headers['x-forwarded-for'] === undefined;
}

export interface MetricsOptions {
  pool: pg.Pool;
  /** METRICS_TOKEN; unset: only loopback reads the metrics. */
  token?: string;
}

/**
 * Prometheus metrics with prom-client, in a registry of this app's own (tests build several
 * apps in one process): requests and their latency per route and status class, checkouts by
 * outcome, the pg pool's connections, the job queue and feed lag, and prom-client's default process metrics.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'shop_api_http_requests_total',
    help: 'HTTP requests answered, by method, declared route and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'shop_api_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, declared route and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const checkouts = new Counter({
    name: 'shop_api_checkouts_total',
    help: 'Checkout calls by outcome: placed, or the error code answered.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const pool = options.pool;
  new Gauge({
    name: 'shop_api_pg_pool_clients',
    help: 'The pg pool: connections open (total), idle, and requests waiting for one.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  // The job queue's depth and dead-letter count, and the live feed's lag (issue 18).
  registerQueueMetrics(registry, pool);

  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: routeLabel(request), status_class: statusClass(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    if (labels.route === CHECKOUT_ROUTE && request.method === 'POST') {
      checkouts.inc({ outcome: reply.statusCode < 300 ? 'placed' : (errorCodes.get(request) ?? `status_${reply.statusCode}`) });
    }
  });

  app.get(METRICS_ROUTE, { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    if (!mayRead(request, options.token)) {
      return reply.code(403).send({ code: 'metrics_forbidden', message: 'Metrics are read from this machine, or with METRICS_TOKEN as a bearer token.' });
    }
    void reply.header('Content-Type', registry.contentType);
    return registry.metrics();
  });
  return registry;
}
