#!/usr/bin/env node
// `npm run start:cluster -- --instances 3` (or API_INSTANCES=3): the whole site as `npm start` runs
// it, but with N compiled API instances (shop-api/dist) behind HAProxy on the API's port, sharing
// one PostgreSQL. An instance that dies is restarted; HAProxy sends nothing to it meanwhile.
import { buildApi, buildFrontEnds } from './lib/build.mjs';
import { ensureHaproxy } from './lib/haproxy.mjs';
import { clusterOptions, clusterSiteServices } from './lib/cluster.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { portsFrom } from './lib/ports.mjs';
import { runSite } from './lib/run-site.mjs';

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

await runSite({
  label: 'start:cluster',
  services: clusterSiteServices(process.env, options),
  started,
  ready: (seconds) =>
    `\nCGG Competitions is running with ${options.instances} API instance(s) (ports ${options.instancePorts.join(', ')}) ` +
    `behind HAProxy on ${options.lbPort} (ready in ${seconds} s):\n\n  http://localhost:${portsFrom().shell}\n\nPress Ctrl-C to stop.`,
});
