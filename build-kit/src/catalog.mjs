import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The workspace root: build-kit sits directly below it. */
export const workspaceRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The entries of the `catalog:` block of pnpm-workspace.yaml (name -> version as written).
 * package.json files only say "catalog:", so this block is where versions really live.
 * A line reader, not a YAML parser: the block is flat `name: version` pairs.
 * @param {string} yaml text of pnpm-workspace.yaml
 * @returns {Map<string, string>}
 */
export function parseCatalog(yaml) {
  const catalog = new Map();
  let inCatalog = false;
  for (const line of yaml.split(/\r?\n/)) {
    if (/^\S/.test(line)) inCatalog = /^catalog:\s*$/.test(line);
    if (!inCatalog) continue;
    const entry = /^\s+'?([^'\s:]+)'?:\s*'?([^'\s#]+)'?/.exec(line);
    if (entry?.[1] && entry[2]) catalog.set(entry[1], entry[2]);
  }
  return catalog;
}

/** @returns {Map<string, string>} the workspace's catalog, read now (no cache: a config is read once). */
export function readCatalog() {
  return parseCatalog(readFileSync(path.join(workspaceRoot, 'pnpm-workspace.yaml'), 'utf8'));
}

/**
 * The caret range a shared library must satisfy, from its catalog version.
 * @param {Map<string, string>} catalog
 * @param {string} name
 */
export function catalogRange(catalog, name) {
  const version = catalog.get(name);
  if (!version) throw new Error(`pnpm-workspace.yaml has no catalog version for ${name}`);
  return `^${version.replace(/^[\^~]/, '')}`;
}
