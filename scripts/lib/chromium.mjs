import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Playwright cannot download its browsers here, so e2e uses Debian's Chromium; install it when missing. */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log('[test] installing Debian chromium (apt-get)');
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args) => spawnSync(asRoot.length ? 'sudo' : args[0], asRoot.length ? args : args.slice(1), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  run(['apt-get', 'update', '-qq']);
  const r = run(['apt-get', 'install', '-y', '-qq', 'chromium']);
  if (r.status !== 0 || !existsSync(CHROMIUM)) throw new Error('could not install chromium with apt-get');
}
