#!/usr/bin/env node
// Cold `npm start` on a fresh clone until the home page answers, then a warm restart.
// The clone is of the current commit into a temporary folder, with its own ports and data.
// "Cold" still uses this machine's pnpm store and npm cache (a developer's laptop has them too).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../lib/paths.mjs';
import { benchEnv } from './with-site.mjs';

const dir = mkdtempSync(path.join(os.tmpdir(), 'cgg-startup-'));
spawnSync('git', ['clone', '--quiet', root, dir], { stdio: 'inherit' });
const home = `http://localhost:${benchEnv.SHELL_PORT}/`;

async function timeStart(label) {
  const t0 = Date.now();
  // The clone keeps its data in its own folder, as a new user's would.
  const { DATA_DIR: _mainCheckoutData, ...ports } = benchEnv;
  const log = path.join(dir, `${label.split(' ')[0]}-start.log`);
  const out = openSync(log, 'w');
  const child = spawn('npm', ['start'], { cwd: dir, env: { ...process.env, ...ports }, stdio: ['ignore', out, out], detached: true });
  for (;;) {
    try {
      const [page, api] = await Promise.all([fetch(home), fetch(`${home}?rest_route=/api/v1/getsettings`)]);
      if (page.ok && api.ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) {
      throw new Error(`npm start exited (${child.exitCode}):\n${readFileSync(log, 'utf8').split('\n').slice(-25).join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const seconds = (Date.now() - t0) / 1000;
  console.log(`${label}: home page answered after ${seconds.toFixed(1)} s`);
  process.kill(-child.pid, 'SIGINT');
  await new Promise((r) => child.once('exit', r));
  return seconds;
}

try {
  await timeStart('cold start (fresh clone: install, build, initdb, migrate, seed)');
  await timeStart('warm restart (nothing changed)');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
