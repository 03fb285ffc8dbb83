#!/usr/bin/env node
// `npm start`: install when manifests changed, build what changed, then run the whole
// site (Realtime Database, API on PostgreSQL, three remotes, shell) until Ctrl-C.
import { buildFrontEnds } from './lib/build.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { siteServices } from './lib/services.mjs';
import { logRestarts, Supervisor } from './lib/supervisor.mjs';
import { portsFrom } from './lib/ports.mjs';

const started = Date.now();
ensureInstalled();
buildFrontEnds();

const supervisor = new Supervisor();
let shuttingDown = false;
async function shutdown(code) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log('\n[start] stopping…');
  await supervisor.stopAll();
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
// A crashed service is restarted while the rest of the site keeps running (each crash and
// restart logged); one whose restarts keep dying before it answers stops the site, so CI
// fails with its name instead of waiting forever.
logRestarts(supervisor);
supervisor.on('gave-up', ({ name }) => {
  console.error(`[start] ${name} cannot be kept running; stopping the site`);
  void shutdown(1);
});

try {
  for (const service of siteServices()) {
    await supervisor.start(service);
  }
} catch (err) {
  console.error(`[start] ${err.message}`);
  await shutdown(1);
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`\nCGG Competitions is running (ready in ${seconds} s):\n\n  http://localhost:${portsFrom().shell}\n\nPress Ctrl-C to stop.`);
