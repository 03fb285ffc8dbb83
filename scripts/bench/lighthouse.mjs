#!/usr/bin/env node
// `npm run bench:lighthouse`: starts the site on the bench ports (as `npm start` starts it), runs
// Lighthouse's mobile defaults (simulated slow 4G and a 4x slower CPU) on the home page and on
// a competition's details page, and prints each page's performance score, LCP, CLS and TBT
// against the targets. RUNS=n takes the median of n runs per page (default 3); the full
// reports are kept in .cache/lighthouse/ to see where the time went.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { root } from '../lib/paths.mjs';
import { aDetailsPath, withSite } from './with-site.mjs';

const lighthouseVersion = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('lighthouse/package.json'), 'utf8')).version;
const targets = { score: 95, lcpMs: 2000, cls: 0.05, tbtMs: 150 };
const runs = Math.max(1, Number(process.env.RUNS ?? 3));
const reports = path.join(root, '.cache', 'lighthouse');

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function audit(url, name, port) {
  const results = [];
  for (let i = 0; i < runs; i += 1) {
    const { lhr, report } = await lighthouse(url, { port, output: 'html', onlyCategories: ['performance'], logLevel: 'error' });
    writeFileSync(path.join(reports, `${name}-${i + 1}.html`), report);
    if (lhr.runtimeError) throw new Error(`${name}: ${lhr.runtimeError.message}`);
    results.push({
      score: Math.round(lhr.categories.performance.score * 100),
      lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      tbtMs: lhr.audits['total-blocking-time'].numericValue,
    });
  }
  return {
    name,
    runs: results,
    score: median(results.map((r) => r.score)),
    lcpMs: median(results.map((r) => r.lcpMs)),
    cls: median(results.map((r) => r.cls)),
    tbtMs: median(results.map((r) => r.tbtMs)),
  };
}

function line(r) {
  const ok = (met) => (met ? 'ok  ' : 'MISS');
  return [
    `${r.name.padEnd(8)}`,
    `performance ${String(r.score).padStart(3)} ${ok(r.score >= targets.score)}`,
    `LCP ${(r.lcpMs / 1000).toFixed(2)} s ${ok(r.lcpMs <= targets.lcpMs)}`,
    `CLS ${r.cls.toFixed(3)} ${ok(r.cls <= targets.cls)}`,
    `TBT ${Math.round(r.tbtMs)} ms ${ok(r.tbtMs <= targets.tbtMs)}`,
  ].join('  ');
}

mkdirSync(reports, { recursive: true });
await withSite(async (baseUrl) => {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const pages = [
      ['home', `${baseUrl}/`],
      ['details', `${baseUrl}${await aDetailsPath(baseUrl)}`],
    ];
    const results = [];
    for (const [name, url] of pages) results.push(await audit(url, name, chrome.port));
    console.log(`Lighthouse ${lighthouseVersion} mobile defaults, median of ${runs} run(s) per page; reports in ${path.relative(root, reports)}/`);
    console.log(`targets: performance >= ${targets.score}, LCP <= ${targets.lcpMs / 1000} s, CLS <= ${targets.cls}, TBT <= ${targets.tbtMs} ms`);
    for (const r of results) {
      console.log(line(r));
      console.log(`         runs: ${r.runs.map((x) => `${x.score}/${(x.lcpMs / 1000).toFixed(2)}s/${x.cls.toFixed(3)}/${Math.round(x.tbtMs)}ms`).join(', ')}`);
    }
  } finally {
    await chrome.kill();
  }
});
