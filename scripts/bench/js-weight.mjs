#!/usr/bin/env node
// JavaScript transferred (gzip) until the home page is interactive, per file and in
// total, in a phone-sized Chromium. "Interactive": the load event has fired and React
// has hydrated the catalogue's first section. The section is in the server's HTML before
// any script runs, and the shell's main.js is a defer script whose start-up runs in steps
// (shared libraries, then the app, then the hydration, each a task) that can end after the
// load event: only the hydration says the page's scripts have run. Scripts requested
// after that (header widgets loaded when idle, zod, below-the-fold sections, the live feed
// SDK) are listed apart as deferred.
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from '../lib/paths.mjs';
import { withSite } from './with-site.mjs';

const require = createRequire(path.join(root, 'e2e', 'package.json'));
const { chromium } = require('@playwright/test');
// Issue 13's budgets: until the page is interactive, and everything the home page loads.
const BUDGET_UNTIL_INTERACTIVE_KB = 150;
const BUDGET_IN_ALL_KB = 200;
const kb = (bytes) => (bytes / 1024).toFixed(1);

function report(title, rows) {
  const total = rows.reduce((sum, r) => sum + r.bytes, 0);
  console.log(`\n${title}`);
  for (const r of rows) console.log(`${kb(r.bytes).padStart(8)} KB  ${r.encoding.padEnd(5)} ${r.name}`);
  return total;
}

await withSite(async (baseUrl) => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    // The budget is stated in gzip; ask for gzip even though brotli is also served.
    extraHTTPHeaders: { 'Accept-Encoding': 'gzip' },
  });
  const page = await context.newPage();
  const scripts = [];
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const response = await request.response();
    const sizes = await request.sizes();
    const url = new URL(request.url());
    scripts.push({
      url: request.url(),
      name: url.host + url.pathname,
      bytes: sizes.responseBodySize,
      encoding: (await response?.allHeaders())?.['content-encoding'] ?? 'none',
    });
  });
  // The home document itself and the page data it carries (JSON parsed before the page can start).
  const html = await (await fetch(`${baseUrl}/`, { headers: { 'Accept-Encoding': 'identity' } })).text();
  const pageData = /<script[^>]*id="cgg-page-data"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  await page.goto(`${baseUrl}/`, { waitUntil: 'commit' });
  // The page's own clock when React has hydrated the catalogue's first section (checked every
  // frame): React marks each DOM node it owns with a `__reactFiber$…` key.
  const renderedAt = await (
    await page.waitForFunction(
      () => {
        const section = document.querySelector('[data-boundary="catalogue"] section');
        return section && Object.keys(section).some((key) => key.startsWith('__reactFiber$')) && performance.now();
      },
      null,
      { polling: 'raf' },
    )
  ).jsonValue();
  await page.waitForLoadState('load');
  const timing = await page.evaluate(() => ({
    loadEventEnd: performance.getEntriesByType('navigation')[0].loadEventEnd,
    starts: performance.getEntriesByType('resource').map((e) => [e.name, e.startTime]),
  }));
  const interactiveAt = Math.max(renderedAt, timing.loadEventEnd);
  await page.waitForLoadState('networkidle');
  const later = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => [e.name, e.startTime]));
  await browser.close();

  const startOf = new Map([...timing.starts, ...later]);
  const interactive = [];
  const deferred = [];
  for (const s of scripts.sort((a, b) => b.bytes - a.bytes)) {
    (startOf.get(s.url) <= interactiveAt ? interactive : deferred).push(s);
  }
  console.log('JavaScript transferred for the home page (gzip, phone viewport, loopback)');
  const total = report(
    `Until interactive at ${Math.round(interactiveAt)} ms (load event ${Math.round(timing.loadEventEnd)} ms, catalogue hydrated ${Math.round(renderedAt)} ms):`,
    interactive,
  );
  const byOrigin = {};
  for (const r of interactive) byOrigin[new URL(r.url).port] = (byOrigin[new URL(r.url).port] ?? 0) + r.bytes;
  console.log('per origin:', Object.entries(byOrigin).map(([port, b]) => `:${port} ${kb(b)} KB`).join(', '));
  const laterTotal = report('Deferred (requested after the page was interactive):', deferred);
  console.log(`\ntotal until interactive: ${kb(total)} KB (${total} bytes) in ${interactive.length} files (budget ${BUDGET_UNTIL_INTERACTIVE_KB} KB)`);
  console.log(`deferred after interactive: ${kb(laterTotal)} KB in ${deferred.length} files`);
  console.log(`home HTML: ${kb(Buffer.byteLength(html))} KB uncompressed, of which page data ${kb(Buffer.byteLength(pageData))} KB`);
  console.log(`in all: ${kb(total + laterTotal)} KB (${total + laterTotal} bytes) in ${interactive.length + deferred.length} files (budget ${BUDGET_IN_ALL_KB} KB)`);
});
