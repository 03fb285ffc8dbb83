#!/usr/bin/env node
// Main-thread start-up work of the home page: a V8 CPU profile (Chrome DevTools protocol) of
// a phone-sized Chromium with the CPU slowed 4x (as Lighthouse's mobile default), from the
// navigation until React has hydrated the catalogue's first section and the load event has fired.
// Prints the mean self time per original source package or file (through the builds' source
// maps), per script file, and in all. CPU time moves with the machine's load: compare two
// builds by running this back to back, not against figures taken another day.
//   RUNS=n (default 5)   BENCH_PORT_OFFSET=n (bench ports, with-site.mjs)
import { createRequire } from 'node:module';
import path from 'node:path';
import { frontEnds, root } from '../lib/paths.mjs';
import { benchEnv, withSite } from './with-site.mjs';
import { sourceMapLookup } from './source-map-lookup.mjs';

const require = createRequire(path.join(root, 'e2e', 'package.json'));
const { chromium } = require('@playwright/test');
const runs = Math.max(1, Number(process.env.RUNS ?? 5));

// Which front end's dist serves a port (the bench's own ports).
const portOfFrontEnd = {
  shell: 'SHELL_PORT',
  'remote-catalogue': 'CATALOGUE_PORT',
  'remote-cart-checkout': 'CART_CHECKOUT_PORT',
  'remote-account': 'ACCOUNT_PORT',
  'remote-backoffice': 'BACKOFFICE_PORT',
};
const distOfPort = new Map(frontEnds.map((pkg) => [benchEnv[portOfFrontEnd[pkg]], path.join(root, pkg, 'dist')]));
const lookups = new Map();
function originalSource(url, line, column) {
  if (!lookups.has(url)) {
    const u = new URL(url);
    const dist = distOfPort.get(u.port);
    lookups.set(url, dist ? sourceMapLookup(path.join(dist, `${u.pathname}.map`)) : null);
  }
  return lookups.get(url)?.(line, column) ?? null;
}

/** A package name for node_modules paths, the path within the front end otherwise. */
function label(source) {
  const inPackage = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inPackage && !source.includes('.rspack-mf-runtime')) return inPackage[1];
  return source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^(\.\.\/)+/, '');
}

const add = (totals, key, ms) => totals.set(key, (totals.get(key) ?? 0) + ms / runs);
const print = (title, totals, top) => {
  console.log(`\n${title}`);
  for (const [key, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms.toFixed(0).padStart(7)} ms  ${key}`);
};

await withSite(async (baseUrl) => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const bySource = new Map();
  const byFile = new Map();
  let busy = 0;
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    // Hydrated, not just there: the section is in the server's HTML before any script runs
    // (React marks each DOM node it owns with a `__reactFiber$…` key).
    await page.waitForFunction(
      () => {
        const section = document.querySelector('[data-boundary="catalogue"] section');
        return section && Object.keys(section).some((key) => key.startsWith('__reactFiber$'));
      },
      null,
      { polling: 'raf' },
    );
    const { profile } = await cdp.send('Profiler.stop');
    await context.close();

    const selfMs = new Map();
    profile.samples.forEach((node, i) => selfMs.set(node, (selfMs.get(node) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000));
    for (const node of profile.nodes) {
      const ms = selfMs.get(node.id) ?? 0;
      const { url, lineNumber, columnNumber, functionName } = node.callFrame;
      if (!ms || ['(idle)', '(program)'].includes(functionName)) continue;
      busy += ms / runs;
      if (!url.startsWith('http')) {
        add(bySource, functionName ? `(${functionName.replace(/^\((.*)\)$/, '$1')})` : '(native)', ms);
        continue;
      }
      const file = new URL(url);
      add(byFile, `${file.port === benchEnv.SHELL_PORT ? '' : `:${file.port}`}${file.pathname}`, ms);
      const source = originalSource(url, lineNumber + 1, columnNumber);
      add(bySource, source ? label(source) : `${file.pathname} (unmapped)`, ms);
    }
  }
  await browser.close();
  console.log(`Home page start-up, main thread self time (4x CPU slowdown, phone viewport), mean of ${runs} runs`);
  print('By original source:', bySource, 25);
  print('By script file:', byFile, 12);
  console.log(`\nbusy (all but idle and "program"): ${busy.toFixed(0)} ms`);
});
