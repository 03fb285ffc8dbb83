import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type pg from 'pg';
import { accountRoutes } from './accounts/account-routes.ts';
import { competitionRoutes } from './competitions/competition-routes.ts';
import { contentRoutes } from './content/content-routes.ts';
import { claimRoutes } from './claims/claim-routes.ts';
import { notifyNewWins } from './claims/win-notifications.ts';
import { drawRoutes } from './draws/draw-routes.ts';
import { ChatHub } from './chat/chat-hub.ts';
import { chatRoutes } from './chat/chat-routes.ts';
import { contactRoutes } from './site/contact-routes.ts';
import { siteContentRoutes } from './site/site-content-routes.ts';
import { storeRoutes } from './store/store-routes.ts';
import { staffRoutes } from './staff/staff-routes.ts';
import { staffManagementRoutes } from './staff/staff-management-routes.ts';
import { operatorRoutes } from './staff/operator-routes.ts';
import { fulfilmentRoutes } from './staff/fulfilment-routes.ts';
import { complaintStaffRoutes } from './staff/complaint-routes.ts';
import { complaintRoutes } from './complaints/complaint-routes.ts';
import { customerRoutes } from './staff/customer-routes.ts';
import { contentEditingRoutes } from './staff/content-routes.ts';
import type { TicketAllocator } from './store/ticket-allocation.ts';
import type { PaymentGateway } from './payments/payment-gateway.ts';
import type { DemoProvider } from './payments/demo-provider/demo-provider.ts';
import { registerDemoPayRoutes } from './payments/demo-provider/demo-pay-routes.ts';
import { SIGNATURE_HEADER } from './payments/demo-provider/demo-signature.ts';
import { demoPayments } from './payments/gateways.ts';
import { registerWebhookRoute } from './payments/webhook-route.ts';
import { receiveWebhook } from './payments/webhooks.ts';
import { paymentHooks } from './store/checkout-route.ts';
import type { AgeVerifier } from './accounts/age-verifier.ts';
import { noAgeVerifier } from './accounts/age-verifier-none.ts';
import { registerDeclaredRoutes } from './http/declared-routes.ts';
import { registerOpenApi } from './http/openapi.ts';
import { rewriteRestUrl } from './http/rest-addressing.ts';
import { registerBadStringGuard } from './http/reject-bad-strings.ts';
import { registerRefusedBodyDrain } from './http/drain-refused-body.ts';
import { registerUploads } from './http/static-uploads.ts';
import { UPLOADS_URL_PREFIX, uploadsDir } from './competitions/competition-images.ts';
import { competitionEditorRoutes } from './staff/competition-editor-routes.ts';
import { createImageVariants, imageVariantsDir, type ImageVariants } from './http/image-variants.ts';
import { DEFAULT_CONTACT_EMAIL, DEFAULT_SITE_URL, dataDirFrom, type LogLevel } from './config.ts';
import { WpHttpError, invalidJson, noRoute } from './http/wp-error.ts';
import { databaseUnavailable, serverBusy } from './http/database-unavailable.ts';
import { createRateLimits, type RateLimitOptions } from './http/rate-limits.ts';
import { isDatabaseUnreachable } from './db/unreachable.ts';
import { isPoolBusy } from './db/pool-busy.ts';
import { isInvalidValue } from './db/invalid-value.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { competitionCancelRoutes } from './staff/competition-cancel-routes.ts';
import { createBackgroundWork, type BackgroundWork } from './lib/background-work.ts';
import { trustedProxies } from './http/client-address.ts';
import { registerHealth } from './http/health.ts';
import { createLifecycle, type Lifecycle } from './http/lifecycle.ts';
import { noteErrorCode, registerMetrics } from './http/metrics.ts';
import { registerRequestIdHeader, requestIdOf } from './http/request-id.ts';
import { evaluateHarmMarkers } from './harm/evaluate.ts';
import { reviewRoutes } from './staff/review-routes.ts';
import { deadJobRoutes } from './staff/dead-job-routes.ts';
import { chatModerationRoutes } from './staff/chat-moderation-routes.ts';
import { couponRoutes } from './staff/coupon-routes.ts';
import { paymentProblemRoutes } from './staff/payment-problem-routes.ts';

export const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');
/** Every payload of the content and account calls is small; this bounds abuse. */
export const BODY_LIMIT_BYTES = 64 * 1024;


export interface AppOptions {
  pool: pg.Pool;
  /**
   * The pool of a request's keyed work: session lookup, basket, checkout, payment and its webhooks
   * (db/keyed-plans.ts; main.ts gives db/database.ts createApiPools' keyed pool). Default `pool`.
   */
  keyedPool?: pg.Pool;
  /**
   * The process's logger (main.ts: lib/logger.ts from API_LOG_LEVEL), used as Fastify's own, so
   * `app.log` and every `request.log` (with its `reqId`) are children of it. Without one: a
   * logger of `logLevel` (default silent) writing to `logStream` (tests capture it).
   */
  logger?: Logger;
  logLevel?: LogLevel;
  /** Fastify's two lines per request (API_REQUEST_LOG); default on when `logLevel` is given, off otherwise. */
  requestLog?: boolean;
  publicDir?: string;
  /** Prize photos uploaded from the back office; default DATA_DIR/uploads. */
  uploadsDir?: string;
  /** Resized / WebP / AVIF copies of uploaded images; default: cached in DATA_DIR/image-variants. */
  imageVariants?: ImageVariants;
  /** The clock of the account calls (tests move it). */
  now?: () => Date;
  /** Outgoing mail; default: the email_outbox table. */
  mailer?: Mailer;
  /** SMTP_URL (config.ts): when set, the default mailer adds a send job to each mail it queues; unset, mail stays in the outbox. */
  smtpUrl?: string;
  /** CONTACT_EMAIL: where contact messages go. */
  contactEmail?: string;
  /** Absolute site origin for links in emails. */
  siteUrl?: string;
  /** Where logs go (tests capture them); default stdout. */
  logStream?: { write(line: string): void };
  /** Work started by a request and not awaited by its answer; tests pass theirs to wait for it. */
  background?: BackgroundWork;
  /** Store API (issue 4): signing secret (STORE_SECRET; unset: kept in the database) and, for the race tests' control run, the ticket allocator. */
  store?: { secret?: string; allocator?: TicketAllocator };
  /** RESERVATION_SECONDS: how long a card order holds its tickets; default 10 minutes. */
  reservationSeconds?: number;
  /** Who takes card payments; default the built-in demo provider (and its gateway). */
  gateway?: PaymentGateway;
  /** The demo provider behind `gateway` when it is the demo one: its browser routes are mounted and its webhooks delivered here. */
  demoProvider?: DemoProvider | null;
  /** TRUST_PROXY: proxies in front of the shell whose X-Forwarded-For is believed (client-address.ts). */
  trustProxy?: string[];
  /** METRICS_TOKEN: the bearer that opens /metrics from another machine; unset, loopback only. */
  metricsToken?: string;
  /** Draining on shutdown (main.ts sets it; /readyz reads it). */
  lifecycle?: Lifecycle;
  /** The migrations /readyz expects applied; default the shipped folder (tests point elsewhere). */
  migrationsDir?: string;
  /** The rate limits' settings (http/rate-limits.ts); their counts live in the database, shared by every instance. */
  rateLimits?: RateLimitOptions;
  /** Who confirms a customer's age (UK code 1.1); default none (the stated date of birth alone). */
  ageVerifier?: AgeVerifier;
}

/** 64 KB, 7 MB: the limit a caller went over, in the words of the answer. */
const sizeInWords = (bytes: number): string => (bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`);

function toWpError(err: FastifyError, bodyLimit: number): WpHttpError {
  if (err instanceof WpHttpError) return err;
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      // Refused before a byte of it was read, so nothing was written.
      return new WpHttpError(413, 'rest_request_too_large', `The request body is too large: this call takes at most ${sizeInWords(bodyLimit)}.`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new WpHttpError(415, 'rest_unsupported_media_type', 'Send the request body as application/json.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return invalidJson();
  }
  // The JSON parser rejects syntax errors and prototype-poisoning keys with a 400.
  if (err.statusCode === 400 && (err instanceof SyntaxError || /json/i.test(err.message))) return invalidJson();
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return new WpHttpError(err.statusCode, 'rest_bad_request', err.message);
  }
  // Every connection busy (a rush), or the database stopped, restarting or cut off: not a bug,
  // and the same request works again soon.
  if (isPoolBusy(err)) return serverBusy();
  if (isDatabaseUnreachable(err)) return databaseUnavailable();
  if (isInvalidValue(err)) return new WpHttpError(400, 'rest_invalid_param', 'A value in the request is out of range or not valid.');
  return new WpHttpError(500, 'internal_server_error', 'There has been a critical error on this website.');
}

export function buildApp(options: AppOptions): FastifyInstance {
  // Lower-cased path -> declared path, filled as the routes are registered (rest-addressing.ts).
  const canonicalPaths = new Map<string, string>();
  // One logger (lib/logger.ts): JSON lines, secrets redacted, the request id as `reqId` on every request's line.
  const logger = options.logger ?? createLogger({ level: options.logLevel ?? 'silent', stream: options.logStream });
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    loggerInstance: logger,
    logController: new LogController({ disableRequestLogging: !(options.requestLog ?? options.logLevel !== undefined) }),
    // The visitor's address behind the shell and any TRUST_PROXY proxies (client-address.ts).
    trustProxy: trustedProxies(options.trustProxy),
    // A valid incoming x-request-id, else a new one: in every request log line (`reqId`) and answer.
    genReqId: requestIdOf,
    // WordPress ignores a trailing slash on REST routes.
    routerOptions: { ignoreTrailingSlash: true },
    // `/?rest_route=/x` and any casing of `/wp-json/x` reach the one declared route.
    rewriteUrl: (req) => rewriteRestUrl(req.url ?? '/', canonicalPaths),
  } satisfies FastifyServerOptions);
  // NUL bytes and unpaired surrogates in any request string: 400 naming the field, before any handler.
  registerBadStringGuard(app);
  // A body refused before it was read (413, 415) is drained, so the answer is not lost to a reset.
  registerRefusedBodyDrain(app);
  // Security headers on every answer (helmet), errors and 404s included.
  registerSecurityHeaders(app);
  // Operations (issue 18), before the routes so their hooks see every request.
  registerRequestIdHeader(app);
  registerMetrics(app, { pool: options.pool, token: options.metricsToken });
  registerHealth(app, { pool: options.pool, lifecycle: options.lifecycle ?? createLifecycle(), migrationsDir: options.migrationsDir });

  // Mail written through a given connection (the contact form's outbox row joins its transaction).
  // Site pages (issue 6): one LISTEN connection per instance feeds the chat streams.
  const chatHub = new ChatHub(options.pool.options, app.log.child({ component: 'chat listener' }));
  // One set of rate limits (issue 18), counted in PostgreSQL so every instance shares them.
  const limits = createRateLimits(options.pool, options.rateLimits);
  app.addHook('preClose', async () => chatHub.close());
  // Every mail goes through the outbox, queued with what caused it; a job worker sends it (mail/mailer.ts).
  const mailer = options.mailer ?? createMailer(options.pool, options.smtpUrl);
  const sitePageRoutes = [...siteContentRoutes(options.pool), ...contactRoutes(options.pool, limits, { mailer, inbox: options.contactEmail ?? DEFAULT_CONTACT_EMAIL }), ...chatRoutes(options.pool, chatHub, limits)];
  // Accounts (issue 3).
  const now = options.now ?? (() => new Date());
  const siteUrl = options.siteUrl ?? DEFAULT_SITE_URL;
  // Work answers do not wait for (forgot_password's mail); close waits for it.
  const background = options.background ?? createBackgroundWork(app.log);
  app.addHook('preClose', async () => background.settled());
  const accounts = accountRoutes({ pool: options.pool, now, mailer, siteUrl, background, limits, ageVerifier: options.ageVerifier ?? noAgeVerifier });
  // Prize claims (issue 5); instant and reward winners are mailed once their order commits.
  const claims = claimRoutes({ pool: options.pool, now, mailer, siteUrl });
  const winMails = new Set<Promise<unknown>>();
  const onOrderCommitted = (order: Parameters<typeof notifyNewWins>[1]) => {
    const sending = notifyNewWins({ pool: options.pool, mailer, siteUrl, log: app.log }, order)
      .catch((err: unknown) => app.log.error({ err, order: order.order_id }, 'winner mails failed'))
      .finally(() => winMails.delete(sending));
    winMails.add(sending);
  };
  // Close waits for mails in flight (the pool ends right after).
  app.addHook('preClose', async () => {
    await Promise.all(winMails);
  });
  // Basket and checkout (issue 4), their payments and every request's session lookup: work by key.
  const keyedPool = options.keyedPool ?? options.pool;
  const payments = options.gateway ? { gateway: options.gateway, demoProvider: options.demoProvider ?? null } : demoPayments(keyedPool);
  const gateway = payments.gateway;
  // Harm markers after each paid order: in the background, so a failure never touches the checkout.
  const onOrderPaid = (customerId: number, at: Date) => background.run('harm markers', () => evaluateHarmMarkers(keyedPool, customerId, at));
  const store = storeRoutes({ pool: keyedPool, now, secret: options.store?.secret, allocator: options.store?.allocator, onOrderCommitted, onOrderPaid, gateway, limits, reservationSeconds: options.reservationSeconds });
  // The back office (issue 16): staff sign-in and management, the competition editor, refunds and cancellations, draws, fulfilment, customers, site content and the audit log.
  const imageVariants = options.imageVariants ?? createImageVariants(imageVariantsDir(dataDirFrom()));
  const staffUploads = options.uploadsDir ?? uploadsDir(dataDirFrom());
  const editor = competitionEditorRoutes({ pool: options.pool, now, imageVariants, uploadsDir: staffUploads });
  const staff = [
    ...editor,
    ...staffRoutes({ pool: options.pool, now, limits, mailer, siteUrl }),
    ...staffManagementRoutes({ pool: options.pool, now, gateway, limits, mailer, siteUrl }),
    ...competitionCancelRoutes({ pool: options.pool, now }),
    ...operatorRoutes({ pool: options.pool, now, mailer, siteUrl }),
    ...fulfilmentRoutes({ pool: options.pool, now, mailer, siteUrl }),
    ...complaintStaffRoutes({ pool: options.pool, now, mailer, siteUrl }),
    ...customerRoutes({ pool: options.pool, now }),
    ...reviewRoutes({ pool: options.pool, now }),
    ...deadJobRoutes({ pool: options.pool, now }),
    ...chatModerationRoutes({ pool: options.pool, now }),
    ...couponRoutes({ pool: options.pool, now }),
    ...paymentProblemRoutes({ pool: options.pool, now, gateway, mailer }),
    ...contentEditingRoutes({ pool: options.pool, now }),
  ];
  const routes = [...contentRoutes(options.pool), ...competitionRoutes(options.pool), ...sitePageRoutes, ...complaintRoutes({ pool: options.pool, keyedPool, now, mailer, siteUrl, limits }), ...accounts, ...store, ...drawRoutes(options.pool), ...claims, ...staff];
  // The document first: its route hook must see every route registered after it.
  registerOpenApi(app);
  void app.register(async (scope) => registerDeclaredRoutes(scope, { pool: keyedPool, now, canonicalPaths }, routes));
  // Card payments (issue 15): the provider's webhooks, and the demo provider's own browser API.
  const hooks = paymentHooks({ pool: options.pool, onOrderCommitted, onOrderPaid });
  registerWebhookRoute(app, { pool: keyedPool, gateway, now, hooks });
  const demo = payments.demoProvider;
  if (demo) {
    registerDemoPayRoutes(app, demo, now);
    // The demo provider runs in this process: it hands its signed events to this process's webhook
    // handler directly - the code the webhook route runs (signature checked, recorded, applied once) -
    // without an HTTP round trip through the router (a third of a checkout's API time in the benchmark).
    demo.onEvent(async (body, signature) => {
      const res = await receiveWebhook(keyedPool, gateway, Buffer.from(body), { [SIGNATURE_HEADER]: signature }, now(), hooks);
      if (res.status !== 200) app.log.warn({ component: 'demo-pay', code: res.body.code }, 'webhook refused');
    });
    app.addHook('onClose', async () => demo.close());
  }
  registerUploads(app, options.publicDir ?? path.join(PUBLIC_DIR, 'wp-content', 'uploads'), imageVariants);
  registerUploads(app, staffUploads, imageVariants, { url: UPLOADS_URL_PREFIX, key: 'staff/' });

  app.setNotFoundHandler((_request, reply) => {
    const err = noRoute();
    void reply.code(err.status).send(err.toBody());
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const wp = toWpError(error, request.routeOptions.bodyLimit ?? BODY_LIMIT_BYTES);
    noteErrorCode(request, wp.code);
    if (wp.code === 'rest_database_unavailable') {
      // One line per request during an outage; the pool has logged the lost connection itself.
      request.log.error({ req: request, cause: error.code ?? error.message }, 'database unreachable');
    } else if (wp.code === 'rest_server_busy') {
      // Not a fault of the code: the instance has more requests than connections (scale it out).
      request.log.warn({ req: request }, 'every database connection busy for the whole wait');
    } else if (isInvalidValue(error)) {
      // The caller's value, refused by PostgreSQL: a request schema let it through.
      request.log.warn({ req: request, cause: error.message }, 'a request value the schema allowed was refused by the database');
    } else if (wp.status >= 500) {
      // The request line's serializer masks secrets in the query string; the error's text is cleaned too.
      request.log.error({ req: request, err: error }, 'request failed');
    }
    // Rate-limited calls (429) and an outage (503) say when to come back.
    if (typeof wp.extra.retry_after === 'number') void reply.header('Retry-After', String(wp.extra.retry_after));
    void reply.code(wp.status).send(wp.toBody());
  });
  return app;
}
