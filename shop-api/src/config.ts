import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFeedConfig, type FeedConfig } from './feed/feed-config.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Config {
  port: number;
  host: string;
  /** External PostgreSQL; when absent an embedded server is started. */
  databaseUrl: string | undefined;
  dataDir: string;
  pgPort: number;
  /** API_LOG_LEVEL: the level of the one pino logger (default `info`: start, stop, warnings and errors). */
  logLevel: LogLevel;
  /** API_REQUEST_LOG=true: also Fastify's two lines per request (off by default: a line per request costs throughput at launch). */
  requestLog: boolean;
  /** SMTP server for outgoing mail; unset: mail goes to the email_outbox table. */
  smtpUrl: string | undefined;
  /** The site's public origin, for links in emails. */
  siteUrl: string;
  /** NODE_ENV=production: a real shop, where nothing made for the local demo may run. */
  production: boolean;
  /**
   * Who takes card payments: Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are both set,
   * else the built-in demo provider (no money moves). PAYMENT_GATEWAY (demo | stripe), if set, must agree.
   */
  paymentGateway: 'demo' | 'stripe';
  /** Stripe's keys (from the environment only; never logged): the secret and webhook signing keys, and the publishable key the browser gets. */
  stripe: { secretKey: string; webhookSecret: string; publishableKey: string } | null;
  /** SEED_DEMO_DATA=true: seed the demo competitions and accounts into a shop that has none. */
  seedDemoData: boolean;
  /**
   * TRUST_PROXY: the proxies in front of the API whose X-Forwarded-For is believed (Fastify's
   * `trustProxy`), a list of addresses / CIDR ranges (and proxy-addr's names loopback,
   * linklocal, uniquelocal). Unset: none beyond the shell on this machine (client-address.ts).
   */
  trustProxy: TrustProxy | undefined;
  /** METRICS_TOKEN: a bearer that opens /metrics from another machine; unset, only loopback may read it. */
  metricsToken: string | undefined;
  /** RATE_LIMIT_ADDRESS_FACTOR: multiplies the per-address rate limits (benchmarks driving thousands of calls from 127.0.0.1); default 1. */
  rateLimitAddressFactor: number;
  /** AGE_VERIFIER: who confirms a customer's age (UK code 1.1). Only `none` so far: the stated date of birth alone (src/accounts/age-verifier.ts). */
  ageVerifier: 'none';
  /** MAIL_FROM: the sender of every mail the shop sends. */
  mailFrom: string;
  /** CONTACT_EMAIL: the operator's inbox that contact messages are mailed to. */
  contactEmail: string;
  /** STORE_SECRET: the key (32+ characters) that signs Cart-Tokens and nonces; unset, one kept in the database. */
  storeSecret: string | undefined;
  /** DATA_ENCRYPTION_KEY: the key of bank details at rest (lib/data-encryption.ts checks its form); unset, DATA_DIR's key file. */
  dataEncryptionKey: string | undefined;
  /** DRAW_SCHEDULER=off: no automatic draws at all (the e2e suite draws by hand); on, one instance at a time runs them (job queue). */
  drawScheduler: boolean;
  /** DRAW_INTERVAL_MS: how often the draw loop looks for closed competitions (default 15 s). */
  drawIntervalMs: number;
  /** HARM_SWEEP_INTERVAL_MS: how often the harm-marker sweep runs (default 15 minutes). */
  harmSweepIntervalMs: number;
  /** JOB_CONCURRENCY: background jobs this instance runs at once (default 4; src/jobs). */
  jobConcurrency: number;
  /** JOB_POLL_INTERVAL_MS: how often the job worker looks for jobs due later, retries and repeating runs (default 1000); new jobs wake it at once. */
  jobPollIntervalMs: number;
  /** RESERVATION_SECONDS: how long a card order holds its tickets once checkout starts (10-3600; default 600, the 10 minutes shoppers are shown). */
  reservationSeconds: number;
  /** PAYMENT_JOBS_INTERVAL_MS: how often expired reservations are released and payments reconciled (default 30 s; repeating jobs). */
  paymentJobsIntervalMs: number;
  /** SHUTDOWN_DRAIN_DELAY_MS: on SIGTERM, keep serving this long after /readyz turns 503 (a load balancer's health check must see it first); default 0. */
  shutdownDrainDelayMs: number;
  /** The live instant-win feed (FIREBASE_DATABASE_URL, RTDB_PORT, ...; feed/feed-config.ts). */
  feed: FeedConfig;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const DEFAULT_MAIL_FROM = 'CGG Competitions <no-reply@cggcompetitions.co.uk>';
export const DEFAULT_CONTACT_EMAIL = 'support@cggcompetitions.co.uk';

/** The one default of the site's public origin: the shell on SHELL_PORT (3000) on this machine. */
export const DEFAULT_SITE_URL = 'http://localhost:3000';

/** The trusted proxies' addresses / ranges, as Fastify's `trustProxy` takes them. */
export type TrustProxy = string[];

function port(value: string | undefined, fallback: number, name: string): number {
  const n = Number(value ?? fallback);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`${name} must be a port number, got ${value}`);
  return n;
}

/** DATA_DIR (default `.data/` at the repo root): the embedded PostgreSQL and the image variants live there. */
export const dataDirFrom = (env: NodeJS.ProcessEnv = process.env): string => path.resolve(env.DATA_DIR ?? path.join(repoRoot, '.data'));

/**
 * The API's whole configuration, read from the environment once at start (main.ts, the CLI)
 * and passed down; no other file reads `process.env`. A bad value stops the start with an
 * error naming the variable.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: port(env.API_PORT, 8080, 'API_PORT'),
    host: env.API_HOST || '127.0.0.1',
    databaseUrl: databaseUrl(env.DATABASE_URL),
    dataDir: dataDirFrom(env),
    pgPort: port(env.PG_PORT, 5433, 'PG_PORT'),
    logLevel: logLevel(env.API_LOG_LEVEL),
    requestLog: flag(env.API_REQUEST_LOG, 'API_REQUEST_LOG'),
    smtpUrl: smtpUrl(env.SMTP_URL),
    siteUrl: siteUrl(env.SITE_URL, env.SHELL_PORT),
    production: env.NODE_ENV === 'production',
    ...payments(env),
    seedDemoData: flag(env.SEED_DEMO_DATA, 'SEED_DEMO_DATA'),
    trustProxy: trustProxy(env.TRUST_PROXY),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    rateLimitAddressFactor: factor(env.RATE_LIMIT_ADDRESS_FACTOR, 'RATE_LIMIT_ADDRESS_FACTOR'),
    ageVerifier: ageVerifier(env.AGE_VERIFIER),
    mailFrom: env.MAIL_FROM || DEFAULT_MAIL_FROM,
    contactEmail: email(env.CONTACT_EMAIL, DEFAULT_CONTACT_EMAIL, 'CONTACT_EMAIL'),
    storeSecret: storeSecret(env.STORE_SECRET),
    dataEncryptionKey: env.DATA_ENCRYPTION_KEY || undefined,
    drawScheduler: onOff(env.DRAW_SCHEDULER, 'DRAW_SCHEDULER'),
    drawIntervalMs: milliseconds(env.DRAW_INTERVAL_MS, 15_000, 'DRAW_INTERVAL_MS'),
    harmSweepIntervalMs: milliseconds(env.HARM_SWEEP_INTERVAL_MS, 15 * 60_000, 'HARM_SWEEP_INTERVAL_MS'),
    jobConcurrency: concurrency(env.JOB_CONCURRENCY, 4, 'JOB_CONCURRENCY'),
    jobPollIntervalMs: milliseconds(env.JOB_POLL_INTERVAL_MS, 1000, 'JOB_POLL_INTERVAL_MS'),
    reservationSeconds: reservationSeconds(env.RESERVATION_SECONDS),
    paymentJobsIntervalMs: milliseconds(env.PAYMENT_JOBS_INTERVAL_MS, 30_000, 'PAYMENT_JOBS_INTERVAL_MS'),
    shutdownDrainDelayMs: drainDelay(env.SHUTDOWN_DRAIN_DELAY_MS),
    feed: readFeedConfig(env),
  };
}

/** The CLI's configuration: the API's, and the account that runs it (recorded as the operator when `--by` names nobody). */
export function readCliConfig(env: NodeJS.ProcessEnv = process.env): Config & { operator: string | undefined } {
  return { ...readConfig(env), operator: env.SUDO_USER || env.USER || undefined };
}

/** `npm run rtdb`'s own settings (the local Realtime Database), read by its entry the same way. */
export function readLocalFeedDatabaseConfig(env: NodeJS.ProcessEnv = process.env): { port: number; secret: string } {
  return { port: port(env.RTDB_PORT, 9000, 'RTDB_PORT'), secret: env.RTDB_SECRET || 'owner' };
}

function logLevel(value: string | undefined): LogLevel {
  if (value === undefined || value === '') return 'info';
  if ((LOG_LEVELS as readonly string[]).includes(value)) return value as LogLevel;
  throw new Error(`API_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got ${value}`);
}

function url(value: string, name: string, protocols: string[]): URL {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new Error(`${name} must be a URL, got ${value}`);
  }
  if (!protocols.includes(parsed.protocol)) throw new Error(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}, got ${parsed.protocol}//...`);
  return parsed;
}

/** Never echoed whole: it carries the database password. */
function databaseUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  url(value, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  return value;
}

function smtpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  url(value, 'SMTP_URL', ['smtp:', 'smtps:']);
  return value;
}

/** Links in mails are made by appending paths, so the origin is kept without a trailing slash. */
function siteUrl(value: string | undefined, shellPort: string | undefined): string {
  if (!value) return shellPort ? `http://localhost:${port(shellPort, 3000, 'SHELL_PORT')}` : DEFAULT_SITE_URL;
  url(value, 'SITE_URL', ['http:', 'https:']);
  return value.replace(/\/+$/, '');
}

function email(value: string | undefined, fallback: string, name: string): string {
  if (!value) return fallback;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) throw new Error(`${name} must be an email address, got ${value}`);
  return value;
}

/** Not echoed: it is a secret. */
function storeSecret(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < 32) throw new Error(`STORE_SECRET must be at least 32 characters (it has ${value.length})`);
  return value;
}

/** `off` turns a loop off; unset or `on` leaves it running. */
function onOff(value: string | undefined, name: string): boolean {
  if (value === undefined || value === '' || value === 'on') return true;
  if (value === 'off') return false;
  throw new Error(`${name} must be on or off, got ${value}`);
}

function milliseconds(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 10 || n > 24 * 3_600_000) throw new Error(`${name} must be whole milliseconds from 10 to 86400000, got ${value}`);
  return n;
}

function payments(env: NodeJS.ProcessEnv): Pick<Config, 'paymentGateway' | 'stripe'> {
  const secretKey = env.STRIPE_SECRET_KEY ?? '';
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET ?? '';
  const chosen = env.PAYMENT_GATEWAY ?? '';
  if (!['', 'demo', 'stripe'].includes(chosen)) throw new Error('PAYMENT_GATEWAY must be demo or stripe');
  // Named, never shown: a key must not reach a log.
  if ((secretKey === '') !== (webhookSecret === '')) throw new Error('set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for Stripe, or neither for the demo provider');
  if (secretKey === '') {
    if (chosen === 'stripe') throw new Error('PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    return { paymentGateway: 'demo', stripe: null };
  }
  if (chosen === 'demo') throw new Error('PAYMENT_GATEWAY=demo, but Stripe keys are set: unset STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to use the demo provider');
  if (!/^(sk|rk)_(test|live)_/.test(secretKey)) throw new Error('STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_... or sk_live_...)');
  if (!webhookSecret.startsWith('whsec_')) throw new Error('STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_...)');
  const publishableKey = env.STRIPE_PUBLISHABLE_KEY ?? '';
  if (!/^pk_(test|live)_/.test(publishableKey)) throw new Error('STRIPE_PUBLISHABLE_KEY must be set to the publishable key (pk_test_... or pk_live_...) the card field loads with');
  // A test key beside a live one: the browser's payment methods would not exist for the server.
  const mode = (key: string) => (key.includes('_live_') ? 'live' : 'test');
  if (mode(secretKey) !== mode(publishableKey)) throw new Error(`STRIPE_SECRET_KEY is a ${mode(secretKey)} key but STRIPE_PUBLISHABLE_KEY a ${mode(publishableKey)} one: use the two keys of one mode`);
  return { paymentGateway: 'stripe', stripe: { secretKey, webhookSecret, publishableKey } };
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * Off unless set. A hop count is refused: it cannot check who the nearest proxy is, so a
 * visitor talking to the API directly could pick the address the rate limits see (Fastify 5
 * ignores a numeric `trustProxy` for that reason); so is `true` (believe anyone).
 */
function trustProxy(value: string | undefined): TrustProxy | undefined {
  if (value === undefined || value.trim() === '' || value === 'false') return undefined;
  const entries = value.split(',').map((s) => s.trim()).filter(Boolean);
  if (entries.length && entries.every(isAddressOrRange)) return entries;
  throw new Error(
    `TRUST_PROXY must be a comma-separated list of the proxies' addresses or CIDR ranges (or loopback, linklocal, uniquelocal), got ${value}` +
      (/^\s*(\d+|true)\s*$/.test(value) ? ': a hop count or true would let a visitor who reaches the API directly choose their own address' : ''),
  );
}

/** Long enough not to be guessed; it only ever travels as a bearer. */
function metricsToken(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length < 16 || !/^[\x21-\x7e]+$/.test(value)) throw new Error('METRICS_TOKEN must be at least 16 printable characters without spaces');
  return value;
}

function factor(value: string | undefined, name: string): number {
  if (value === undefined || value === '') return 1;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1, got ${value}`);
  return n;
}

function reservationSeconds(value: string | undefined): number {
  if (value === undefined || value === '') return 600;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 10 || n > 3600) throw new Error(`RESERVATION_SECONDS must be a whole number of seconds from 10 to 3600, got ${value}`);
  return n;
}

function drainDelay(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 60_000) throw new Error(`SHUTDOWN_DRAIN_DELAY_MS must be whole milliseconds from 0 to 60000, got ${value}`);
  return n;
}

function concurrency(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`${name} must be a whole number from 1 to 64, got ${value}`);
  return n;
}

function ageVerifier(value: string | undefined): 'none' {
  if (value === undefined || value === '' || value === 'none') return 'none';
  throw new Error(`AGE_VERIFIER must be none (no identity provider adapter exists yet), got ${value}`);
}

function flag(value: string | undefined, name: string): boolean {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new Error(`${name} must be true or false, got ${value}`);
}

/**
 * What must never run in production: the demo card gateway (it takes any test card and moves
 * no money), the demo data (accounts whose passwords are in the README), and a data key made
 * on the spot: without DATA_ENCRYPTION_KEY each instance would make its own key file beside the
 * data it protects (lib/data-encryption.ts), so bank details and sealed draw seeds would sit on
 * disk with their key, and another instance could not open them. Returns the reasons to refuse
 * to start; empty when the configuration is safe.
 */
export function productionRefusals(config: Pick<Config, 'production' | 'paymentGateway' | 'seedDemoData' | 'dataEncryptionKey'>): string[] {
  if (!config.production) return [];
  const refusals: string[] = [];
  if (config.paymentGateway === 'demo') {
    refusals.push('the demo card gateway takes test cards and moves no money; configure a real payment gateway for production');
  }
  if (config.seedDemoData) refusals.push('SEED_DEMO_DATA=true would create demo accounts whose passwords are published; unset it');
  if (!config.dataEncryptionKey) {
    refusals.push('DATA_ENCRYPTION_KEY is not set, so a key would be made and kept beside the data it protects (bank details, sealed draw seeds); set the same key on every instance from the secret store (`openssl rand -hex 32`)');
  }
  return refusals;
}
