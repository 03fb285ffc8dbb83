import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { assertNoDevelopmentBuilds } from '../../build-kit/src/development-build-check.mjs';
import { pnpm } from '../pnpm.mjs';
import { fingerprint, readMarker } from './fingerprint.mjs';
import { frontEnds, root } from './paths.mjs';

/**
 * What a front end's build depends on: its own sources and config, the shared contracts, the
 * shared build pieces and the catalog (shared singletons' versions).
 */
function buildInputs(pkg) {
  return [
    path.join(root, pkg),
    path.join(root, 'shared-contracts', 'src'),
    // Its version is what federation shares it by.
    path.join(root, 'shared-contracts', 'package.json'),
    path.join(root, 'build-kit', 'src'),
    path.join(root, 'pnpm-workspace.yaml'),
    path.join(root, 'pnpm-lock.yaml'),
    path.join(root, 'tsconfig.base.json'),
  ];
}

/** Builds each front end whose inputs changed since its last build; returns the names it built. */
export function buildFrontEnds({ force = false } = {}) {
  const built = [];
  for (const pkg of frontEnds) {
    const dist = path.join(root, pkg, 'dist');
    const marker = path.join(dist, '.build-fingerprint');
    const want = fingerprint(buildInputs(pkg));
    if (!force && existsSync(marker) && readMarker(marker) === want) continue;
    console.log(`[build] ${pkg}`);
    const env = { ...process.env, NODE_ENV: 'production' };
    if (pnpm(['--filter', `@cgg/${pkg}`, 'run', 'build'], { env }) !== 0) throw new Error(`build of ${pkg} failed`);
    // Production builds only: a development build of a shared library fails the build (and
    // leaves no marker, so the next run builds again).
    assertNoDevelopmentBuilds(dist, `${pkg}/dist`);
    writeFileSync(marker, want);
    built.push(pkg);
  }
  return built;
}

/** What the API's compiled build depends on: its sources, its build script and manifest, the contracts it bundles. */
function apiBuildInputs() {
  return [
    path.join(root, 'shop-api', 'src'),
    path.join(root, 'shop-api', 'scripts', 'build.mjs'),
    path.join(root, 'shop-api', 'package.json'),
    path.join(root, 'shared-contracts', 'src'),
    path.join(root, 'shared-contracts', 'package.json'),
    path.join(root, 'pnpm-lock.yaml'),
  ];
}

/**
 * Compiles the API to shop-api/dist (`node shop-api/dist/main.js`, what production and
 * `npm run start:cluster` run) when its inputs changed; true when it built.
 */
export function buildApi({ force = false } = {}) {
  const marker = path.join(root, 'shop-api', 'dist', '.build-fingerprint');
  const want = fingerprint(apiBuildInputs());
  if (!force && existsSync(marker) && readMarker(marker) === want) return false;
  console.log('[build] shop-api');
  if (pnpm(['--filter', '@cgg/shop-api', 'run', 'build']) !== 0) throw new Error('build of shop-api failed');
  writeFileSync(marker, want);
  return true;
}
