import { readFileSync } from 'node:fs';
import path from 'node:path';
import { catalogRange, readCatalog, workspaceRoot } from './catalog.mjs';
import { routerExports } from './router-exports.mjs';

/**
 * The libraries the host and every remote share as ONE instance on the page (DESIGN section 3).
 * Module Federation only keeps a singleton when every build declares it the same way, so this list
 * lives here once. A library used by one remote only (notistack in the shell) is still listed, so
 * no remote can bring a second copy.
 */
export const sharedLibraries = ['react', 'react-dom', 'react-router-dom', 'jotai', 'swr', 'notistack'];

/** The workspace's own shared package: TypeScript source, versioned by its package.json. */
export const contractsPackage = '@cgg/contracts';

/** @returns {string} the version in shared-contracts/package.json */
function contractsVersion() {
  const manifest = JSON.parse(readFileSync(path.join(workspaceRoot, 'shared-contracts', 'package.json'), 'utf8'));
  return manifest.version;
}

/**
 * The federation `shared` option: every shared library a singleton, its range from the pnpm catalog.
 * No `eager`: each app loads shared code on first use (the shell provides it).
 * react-router-dom is built with only the exports the teams use (router-exports.mjs): every
 * build names the same list, so whichever copy loads first serves them all.
 * @param {Map<string, string>} [catalog] defaults to the workspace's
 * @returns {Record<string, { singleton: true, requiredVersion: string, treeShaking?: object }>}
 */
export function sharedSingletons(catalog = readCatalog()) {
  /** @type {Record<string, { singleton: true, requiredVersion: string, treeShaking?: object }>} */
  const shared = {};
  for (const name of sharedLibraries) shared[name] = { singleton: true, requiredVersion: catalogRange(catalog, name) };
  shared['react-router-dom'].treeShaking = { mode: 'runtime-infer', usedExports: [...routerExports] };
  shared[contractsPackage] = { singleton: true, requiredVersion: `^${contractsVersion()}` };
  return shared;
}
