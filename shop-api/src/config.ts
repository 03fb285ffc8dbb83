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
  };
}
