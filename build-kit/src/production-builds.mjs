import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * What a production build needs so every shared library comes in its production build.
 * `mode: 'production'` is not enough for two of them:
 *
 * - react-router 7 ships `dist/development` and `dist/production`, but its package.json `exports`
 *   names only `dist/development` for every condition a bundler uses, so a bundle gets the
 *   development build (`ENABLE_DEV_WARNINGS = true`: route warnings, the "Hey developer" error
 *   page). react-router-dom re-exports `react-router` and `react-router/dom`, so both requests are
 *   aliased to the production files of the react-router that the front end's react-router-dom uses.
 *   The alias sits in `resolve`, which Module Federation copies into the separate compiler that
 *   builds the shared react-router-dom fallback, so that build takes the production files too.
 * - jotai's ESM build keeps its development checks unless `import.meta.env.MODE` is 'production'
 *   (a Vite convention); rspack leaves `import.meta.env` undefined, so it is defined here.
 *
 * react, react-dom, scheduler and notistack pick their build from `process.env.NODE_ENV`, which
 * `mode: 'production'` sets; swr, zod and firebase have a single build.
 * development-build-check.mjs fails the build when a development build is in `dist` anyway.
 */

/**
 * The `resolve.alias` entries for a production build of the front end in `dir`: `react-router` and
 * `react-router/dom` (exact requests) to react-router's `dist/production` files. Empty when
 * react-router-dom is not installed there (a front end without a router needs none).
 * @param {string} dir the front end's package folder (absolute)
 * @returns {Record<string, string>}
 */
export function productionAliases(dir) {
  const reactRouter = reactRouterFolder(dir);
  if (!reactRouter) return {};
  const production = path.join(reactRouter, 'dist', 'production');
  return {
    'react-router$': path.join(production, 'index.mjs'),
    'react-router/dom$': path.join(production, 'dom-export.mjs'),
  };
}

/**
 * DefinePlugin definitions for a production build: jotai tests
 * `(import.meta.env ? import.meta.env.MODE : void 0) !== "production"`, so both are defined.
 * No front end's own code reads `import.meta.env`.
 */
export const productionDefinitions = {
  'import.meta.env': JSON.stringify({ MODE: 'production' }),
  'import.meta.env.MODE': JSON.stringify('production'),
};

/**
 * The folder of the react-router package that `dir`'s react-router-dom imports (pnpm keeps it
 * next to react-router-dom, not in the front end's node_modules).
 * @param {string} dir
 * @returns {string | undefined}
 */
function reactRouterFolder(dir) {
  let routerDom;
  try {
    routerDom = createRequire(path.join(dir, 'package.json')).resolve('react-router-dom/package.json');
  } catch {
    return undefined;
  }
  const reactRouterPackage = createRequire(realpathSync(routerDom)).resolve('react-router/package.json');
  return path.dirname(realpathSync(reactRouterPackage));
}
