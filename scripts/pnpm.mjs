#!/usr/bin/env node
// Runs the project's pinned pnpm. A fresh machine has only Node and npm (corepack
// cannot download pnpm here), so the first call installs pnpm into .tools/ with npm;
// later calls reuse it, which is much faster than `npx pnpm` on every step.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const PNPM_VERSION = '10.34.9';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const toolsDir = path.join(root, '.tools');
const pnpmBin = path.join(toolsDir, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');

export function ensurePnpm() {
  if (existsSync(pnpmBin)) return pnpmBin;
  console.log(`[setup] installing pnpm ${PNPM_VERSION} into .tools/`);
  const r = spawnSync('npm', ['install', '--prefix', toolsDir, '--no-save', '--no-package-lock', `pnpm@${PNPM_VERSION}`], {
    stdio: 'inherit',
    cwd: root,
  });
  if (r.status !== 0) throw new Error('could not install pnpm with npm');
  return pnpmBin;
}

/** Runs pnpm synchronously; returns its exit status. */
export function pnpm(args, opts = {}) {
  const bin = ensurePnpm();
  const r = spawnSync(process.execPath, [bin, ...args], { stdio: 'inherit', cwd: root, ...opts });
  return r.status ?? 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  process.exit(pnpm(process.argv.slice(2)));
}
