import { writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { pnpm } from '../pnpm.mjs';
import { fingerprint, readMarker } from './fingerprint.mjs';
import { root } from './paths.mjs';

const marker = path.join(root, 'node_modules', '.cgg-install');

/** Installs the workspace when the lockfile or any manifest changed since the last install. */
export function ensureInstalled() {
  const manifests = ['pnpm-lock.yaml', 'pnpm-workspace.yaml', 'package.json', ...['shared-contracts', 'build-kit', 'shell', 'remote-catalogue', 'remote-cart-checkout', 'remote-account', 'remote-backoffice', 'shop-api', 'e2e'].map((p) => `${p}/package.json`)];
  const want = fingerprint(manifests.map((m) => path.join(root, m)));
  if (existsSync(marker) && readMarker(marker) === want) return false;
  console.log('[setup] installing dependencies (pnpm install)');
  const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
  if (pnpm(['install', '--frozen-lockfile', '--prefer-offline'], { env }) !== 0) {
    throw new Error('pnpm install failed');
  }
  writeFileSync(marker, want);
  return true;
}
