import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

/** The password every data folder had before it got its own (and what a folder without a password file still has). */
export const LEGACY_PASSWORD = 'postgres';

/** Beside the data folder, not in it: initdb wants the folder to itself. `.data/postgres` -> `.data/postgres.password`. */
export const passwordFileOf = (dataDir: string): string => `${dataDir}.password`;

/** The folder's password when it has one (null for a folder from before, or none yet). */
export function readEmbeddedPassword(dataDir: string): string | null {
  try {
    return readFileSync(passwordFileOf(dataDir), 'utf8').trim() || null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * The folder's password, made (random, URL-safe) and kept with mode 0600 the first time.
 * Written whole to a private file and then linked into place, so two starts at once agree
 * on one password and nobody reads half of one.
 */
export function embeddedPassword(dataDir: string): string {
  const existing = readEmbeddedPassword(dataDir);
  if (existing) return existing;
  const draft = `${passwordFileOf(dataDir)}.${process.pid}.tmp`;
  writeFileSync(draft, `${randomBytes(24).toString('base64url')}\n`, { mode: 0o600 });
  try {
    linkSync(draft, passwordFileOf(dataDir));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    rmSync(draft, { force: true });
  }
  return readEmbeddedPassword(dataDir)!;
}

/** The URL of the embedded server of a data folder (for the CLI and tools that find a running one). */
export function embeddedDatabaseUrl(dataDir: string, port: number, database = 'cgg'): string {
  const password = readEmbeddedPassword(dataDir) ?? LEGACY_PASSWORD;
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}
