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
  /** PAYMENT_GATEWAY: who takes card payments. Only the built-in demo gateway exists so far (no money moves). */
  paymentGateway: 'demo';
  /** SEED_DEMO_DATA=true: seed the demo competitions and accounts into a shop that has none. */
  seedDemoData: boolean;
  /** AGE_VERIFIER: who confirms a customer's age (UK code 1.1). Only `none` so far: the stated date of birth alone (src/accounts/age-verifier.ts). */
  ageVerifier: 'none';
}

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
    paymentGateway: gateway(env.PAYMENT_GATEWAY),
    seedDemoData: flag(env.SEED_DEMO_DATA, 'SEED_DEMO_DATA'),
    ageVerifier: ageVerifier(env.AGE_VERIFIER),
  };
}

function gateway(value: string | undefined): 'demo' {
  if (value === undefined || value === '' || value === 'demo') return 'demo';
  throw new Error(`PAYMENT_GATEWAY must be demo (the only payment gateway so far), got ${value}`);
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
