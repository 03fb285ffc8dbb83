#!/usr/bin/env node
// `npm run start:cluster -- --instances 3` (or API_INSTANCES=3): the whole site as `npm start` runs
// it, but with N compiled API instances (shop-api/dist) behind HAProxy on the API's port, sharing
// one PostgreSQL. An instance that dies is restarted; HAProxy sends nothing to it meanwhile.
import { buildApi, buildFrontEnds } from './lib/build.mjs';
import { ensureHaproxy } from './lib/haproxy.mjs';
import { clusterOptions, clusterSiteServices } from './lib/cluster.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { portsFrom } from './lib/ports.mjs';
import { logRestarts, Supervisor } from './lib/supervisor.mjs';

const started = Date.now();
let options;
try {
  options = clusterOptions(process.env, process.argv.slice(2));
} catch (err) {
  console.error(`[start:cluster] ${err.message}`);
  process.exit(1);
}
try {
  ensureHaproxy();
} catch (err) {
  console.error(`[start:cluster] ${err.message}`);
  process.exit(1);
}
ensureInstalled();
buildFrontEnds();
buildApi();

const supervisor = new Supervisor();
let shuttingDown = false;
async function shutdown(code) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log('\n[start:cluster] stopping…');
  await supervisor.stopAll();
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
logRestarts(supervisor);
supervisor.on('gave-up', ({ name }) => {
  console.error(`[start:cluster] ${name} cannot be kept running; stopping the site`);
  void shutdown(1);
});

try {
  for (const service of clusterSiteServices(process.env, options)) await supervisor.start(service);
} catch (err) {
  console.error(`[start:cluster] ${err.message}`);
  await shutdown(1);
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  `\nCGG Competitions is running with ${options.instances} API instance(s) (ports ${options.instancePorts.join(', ')}) ` +
    `behind HAProxy on ${options.lbPort} (ready in ${seconds} s):\n\n  http://localhost:${portsFrom().shell}\n\nPress Ctrl-C to stop.`,
);
