#!/usr/bin/env node
// JavaScript transferred (gzip) until the home page is interactive, per file and in
// total, in a phone-sized Chromium. "Interactive": the catalogue's home sections have
// rendered and the network has been quiet for 500 ms without any scrolling, so
// below-the-fold code and the live feed SDK (loaded later) are not counted.
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from '../lib/paths.mjs';
import { withSite } from './with-site.mjs';

const require = createRequire(path.join(root, 'e2e', 'package.json'));
const { chromium } = require('@playwright/test');
const BUDGET_KB = 200;

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
    const response = await request.response();
    if (!response || request.resourceType() !== 'script') return;
    const sizes = await request.sizes();
    scripts.push({ url: request.url(), bytes: sizes.responseBodySize, encoding: (await response.allHeaders())['content-encoding'] ?? 'none' });
  });
  await page.goto(`${baseUrl}/`, { waitUntil: 'domcontentloaded' });
  await page.locator('[data-boundary="catalogue"]').waitFor();
  await page.waitForLoadState('networkidle');
  const tti = await page.evaluate(() => Math.round(performance.now()));
  await browser.close();

  const rows = scripts.map((s) => ({ ...s, name: new URL(s.url).host + new URL(s.url).pathname })).sort((a, b) => b.bytes - a.bytes);
  const total = rows.reduce((sum, r) => sum + r.bytes, 0);
  console.log('JavaScript transferred until the home page is interactive (gzip, phone viewport):\n');
  for (const r of rows) console.log(`${(r.bytes / 1024).toFixed(1).padStart(8)} KB  ${r.encoding.padEnd(5)} ${r.name}`);
  const byOrigin = {};
  for (const r of rows) byOrigin[new URL(r.url).port] = (byOrigin[new URL(r.url).port] ?? 0) + r.bytes;
  console.log('\nper origin:', Object.entries(byOrigin).map(([port, b]) => `:${port} ${(b / 1024).toFixed(1)} KB`).join(', '));
  console.log(`\ntotal: ${(total / 1024).toFixed(1)} KB in ${rows.length} files (budget ${BUDGET_KB} KB); interactive after ${tti} ms on loopback`);
});
