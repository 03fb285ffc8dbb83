#!/usr/bin/env node
// `npm start`: install when manifests changed, build what changed, then run the whole
// site (Realtime Database, API on PostgreSQL, the remotes, shell) until Ctrl-C.
import { buildFrontEnds } from './lib/build.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { portsFrom } from './lib/ports.mjs';
import { runSite } from './lib/run-site.mjs';
import { siteServices } from './lib/services.mjs';

const started = Date.now();
ensureInstalled();
buildFrontEnds();

await runSite({
  label: 'start',
  services: siteServices(),
  started,
  ready: (seconds) => `\nCGG Competitions is running (ready in ${seconds} s):\n\n  http://localhost:${portsFrom().shell}\n\nPress Ctrl-C to stop.`,
});
