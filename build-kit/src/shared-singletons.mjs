import { catalogRange, readCatalog } from './catalog.mjs';
import { contractsVersion } from './contracts-release.mjs';
import { routerExports } from './router-exports.mjs';

/**
 * The libraries the host and every remote share as ONE instance on the page (docs/decisions.md#composition-at-run-time).
 * Module Federation only keeps a singleton when every build declares it the same way, so this list
 * lives here once. A library used by one remote only (notistack in the shell) is still listed, so
 * no remote can bring a second copy.
 */
export const sharedLibraries = ['react', 'react-dom', 'react-router-dom', 'jotai', 'swr', 'notistack'];

/** The workspace's own shared package: TypeScript source, versioned by its package.json. */
export const contractsPackage = '@cgg/contracts';

/**
 * Its entries shared the same way (by the package's version): each is a module of its own that
 * only the apps using it load, so the first screen (the barrel) does not carry them. The shell
 * provides them (shell/src/federation/provide-shared.ts), so an app takes the shell's copy and the
 * zod it is built with instead of downloading its own. `/forms`, `/complaints` (each app
 * tree-shakes what it uses), `/demo-pay`, `/staff`, `/testing` and `/page-data-slim` stay unshared.
 */
export const contractsSharedEntries = ['@cgg/contracts/account', '@cgg/contracts/store'];

/**
 * The federation `shared` option: every shared library a singleton, its range from the pnpm catalog;
 * @cgg/contracts shared by version instead.
 * No `eager`: each app loads shared code on first use (the shell provides it).
 * react-router-dom is built with only the exports the teams use (router-exports.mjs): every
 * build names the same list, so whichever copy loads first serves them all.
 * @param {Map<string, string>} [catalog] defaults to the workspace's
 * @returns {Record<string, { singleton: boolean, requiredVersion: string, version?: string, treeShaking?: object }>}
 */
export function sharedSingletons(catalog = readCatalog()) {
  /** @type {Record<string, { singleton: boolean, requiredVersion: string, version?: string, treeShaking?: object }>} */
  const shared = {};
  for (const name of sharedLibraries) shared[name] = { singleton: true, requiredVersion: catalogRange(catalog, name) };
  shared['react-router-dom'].treeShaking = { mode: 'runtime-infer', usedExports: [...routerExports] };
  // react-dom's client renderer (~60 KB gzip), needed only by whoever mounts the page (the shell;
  // a remote's standalone dev page). Shared, it is a chunk of its own fetched with the other shared
  // libraries at start-up, instead of inside the shell's entry file: the entry is a third of the
  // size, so the server-rendered page paints before the renderer is compiled, and compiling it is
  // a task of its own rather than part of one long start-up task.
  shared['react-dom/client'] = { singleton: true, requiredVersion: catalogRange(catalog, 'react-dom') };
  // Not a singleton: each app declares the contracts version it was built against. A copy
  // already on the page is used only when its version satisfies that range; otherwise the
  // app loads its own bundled copy, so a remote built against newer schemas never runs with
  // the shell's older ones (and an older remote keeps the schemas it knows). Safe because the
  // package holds no state that must be one instance (events go through window).
  const version = contractsVersion();
  for (const name of [contractsPackage, ...contractsSharedEntries]) shared[name] = { singleton: false, version, requiredVersion: `^${version}` };
  return shared;
}
