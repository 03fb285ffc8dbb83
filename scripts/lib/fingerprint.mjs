import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const skipped = new Set(['node_modules', 'dist', '.data', 'test-results', 'playwright-report']);

function walk(entry, out) {
  if (!existsSync(entry)) return;
  const stat = statSync(entry);
  if (stat.isFile()) {
    out.push(entry);
    return;
  }
  for (const name of readdirSync(entry).sort()) {
    if (skipped.has(name)) continue;
    walk(path.join(entry, name), out);
  }
}

/**
 * A content hash of files and folders: what decides whether `npm start` must
 * reinstall or rebuild. Content, not mtimes, so a fresh clone of the same commit
 * and a touched-but-unchanged file both count as unchanged.
 */
export function fingerprint(entries) {
  const files = [];
  for (const e of entries) walk(e, files);
  const hash = createHash('sha256');
  for (const f of files) {
    hash.update(f);
    hash.update('\0');
    hash.update(readFileSync(f));
  }
  return hash.digest('hex');
}

export function readMarker(file) {
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
}
