import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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

/**
 * Where the embedded server's Unix socket goes: its own data folder, unless the socket's path
 * would be longer than Unix allows (107 bytes), when clients use TCP on loopback alone. On one
 * machine every query over loopback TCP costs both processes the TCP stack; the socket does not
 * (the sell-out bench, issue 15).
 */
export function unixSocketDirFor(dataDir: string, port: number): string | null {
  const dir = path.resolve(dataDir);
  return Buffer.byteLength(path.join(dir, `.s.PGSQL.${port}`)) <= 107 ? dir : null;
}

/** The URL of the embedded server of a data folder: through its Unix socket where it has one (the API, the CLI, tools). */
export function embeddedDatabaseUrl(dataDir: string, port: number, database = 'cgg', password = readEmbeddedPassword(dataDir) ?? LEGACY_PASSWORD): string {
  const socketDir = unixSocketDirFor(dataDir, port);
  const auth = `postgres:${encodeURIComponent(password)}`;
  return socketDir
    ? `postgres://${auth}@localhost:${port}/${database}?host=${encodeURIComponent(socketDir)}`
    : `postgres://${auth}@127.0.0.1:${port}/${database}`;
}
