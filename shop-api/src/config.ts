import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Config {
  port: number;
  host: string;
  /** External PostgreSQL; when absent an embedded server is started. */
  databaseUrl: string | undefined;
  dataDir: string;
  pgPort: number;
  logLevel: string | undefined;
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
}

/** The trusted proxies' addresses / ranges, as Fastify's `trustProxy` takes them. */
export type TrustProxy = string[];

function port(value: string | undefined, fallback: number, name: string): number {
  const n = Number(value ?? fallback);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`${name} must be a port number, got ${value}`);
  return n;
}

/** DATA_DIR (default `.data/` at the repo root): the embedded PostgreSQL and the image variants live there. */
export const dataDirFrom = (env: NodeJS.ProcessEnv = process.env): string => path.resolve(env.DATA_DIR ?? path.join(repoRoot, '.data'));

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: port(env.API_PORT, 8080, 'API_PORT'),
    host: env.API_HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: dataDirFrom(env),
    pgPort: port(env.PG_PORT, 5433, 'PG_PORT'),
    logLevel: env.API_LOG_LEVEL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    siteUrl: env.SITE_URL || `http://localhost:${port(env.SHELL_PORT, 3000, 'SHELL_PORT')}`,
    production: env.NODE_ENV === 'production',
    ...payments(env),
    seedDemoData: flag(env.SEED_DEMO_DATA, 'SEED_DEMO_DATA'),
    trustProxy: trustProxy(env.TRUST_PROXY),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    rateLimitAddressFactor: factor(env.RATE_LIMIT_ADDRESS_FACTOR, 'RATE_LIMIT_ADDRESS_FACTOR'),
    ageVerifier: ageVerifier(env.AGE_VERIFIER),
  };
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
 * no money) and the demo data (accounts whose passwords are in the README). Returns the
 * reasons to refuse to start; empty when the configuration is safe.
 */
export function productionRefusals(config: Pick<Config, 'production' | 'paymentGateway' | 'seedDemoData'>): string[] {
  if (!config.production) return [];
  const refusals: string[] = [];
  if (config.paymentGateway === 'demo') {
    refusals.push('the demo card gateway takes test cards and moves no money; configure a real payment gateway for production');
  }
  if (config.seedDemoData) refusals.push('SEED_DEMO_DATA=true would create demo accounts whose passwords are published; unset it');
  return refusals;
}
