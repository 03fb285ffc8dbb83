#!/usr/bin/env node
// `npm test`: install what is missing, then lint, type checks, every package's tests and the
// build, two at a time, then the fault suite and the e2e suites against the whole site. Ends on one total line.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { ensurePnpm } from './pnpm.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { ensureHaproxy } from './lib/haproxy.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { root } from './lib/paths.mjs';
import { runJobs } from './lib/job-pool.mjs';
import { countReport, failedTests } from './lib/results.mjs';

const reports = path.join(root, '.cache', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const unitPackages = ['shared-contracts', 'shop-api', 'shell', 'remote-catalogue', 'remote-cart-checkout', 'remote-account', 'remote-backoffice'];

ensureInstalled();
ensureChromium();
ensureHaproxy();

const pnpmCommand = (args) => [process.execPath, ensurePnpm(), ...args];
// Two at a time on the 2-core machines CI runs on; CI_JOBS changes it.
const concurrency = Math.max(1, Number(process.env.CI_JOBS ?? Math.min(2, availableParallelism())));

/** @type {import('./lib/job-pool.mjs').Job[]} */
const jobs = [
  // First, so the e2e suites can start as soon as the machine is free.
  { name: 'build', command: [process.execPath, 'scripts/build.mjs'], env: { ...process.env, NODE_ENV: 'production' } },
  { name: 'lint', command: pnpmCommand(['exec', 'eslint', '.', '--max-warnings=0']) },
  { name: 'node tests (lint boundary rule, build-kit)', command: [process.execPath, '--test', 'scripts/tests/', 'build-kit/test/'] },
  { name: 'typecheck', command: pnpmCommand(['-r', '--workspace-concurrency=1', 'run', 'typecheck']) },
  ...unitPackages.map((pkg) => ({
    name: `unit tests ${pkg}`,
    command: pnpmCommand(['--filter', `./${pkg}`, 'exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${path.join(reports, `${pkg}.json`)}`]),
  })),
  {
    // The compiled API behind HAProxy with faults injected during sell-outs (shop-api/faults/):
    // whole clusters of processes, so with the machine to itself.
    name: 'fault tests',
    after: ['build'],
    alone: true,
    command: pnpmCommand(['--filter', './shop-api', 'exec', 'vitest', 'run', '--config', 'vitest.faults.config.ts', '--reporter=default', '--reporter=json', `--outputFile=${path.join(reports, 'faults.json')}`]),
  },
  {
    name: 'e2e',
    after: ['build'],
    // The browser suites run with the machine to themselves: they wait for what a user
    // sees, and a starved browser only makes that wait longer.
    alone: true,
    command: pnpmCommand(['--filter', './e2e', 'exec', 'playwright', 'test', '--reporter=list,json']),
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'e2e.json') },
  },
];

const began = Date.now();
const results = await runJobs(jobs, { concurrency, logDir: reports, cwd: root });
const failures = [...results].filter(([, r]) => r.status !== 'passed').map(([name]) => name);

// The steps whose tests are counted one by one, and the report each writes.
const reportOf = new Map([...unitPackages.map((pkg) => [`unit tests ${pkg}`, pkg]), ['fault tests', 'faults'], ['e2e', 'e2e']]);

let passed = 0;
let failed = 0;
for (const name of failures) {
  // A step without test counts (lint, typecheck, build) or one that crashed before
  // reporting still fails the total.
  const report = reportOf.get(name);
  if (!report || countReport(path.join(reports, `${report}.json`)).failed === 0) failed += 1;
}
for (const pkg of reportOf.values()) {
  const c = countReport(path.join(reports, `${pkg}.json`));
  passed += c.passed;
  failed += c.failed;
}
console.log('\n[test] steps:');
for (const [name, r] of results) console.log(`  ${r.status === 'passed' ? 'ok     ' : r.status === 'failed' ? 'FAILED ' : 'skipped'} ${name} (${r.seconds.toFixed(1)} s)`);
if (failures.length) console.log(`[test] failed steps: ${failures.join(', ')}`);
// Named again here, at the end, because CI shows only the end of the run.
for (const name of failures) {
  const report = reportOf.get(name);
  if (!report) continue;
  const dir = report === 'faults' ? 'shop-api' : report;
  for (const t of failedTests(path.join(reports, `${report}.json`), path.join(root, dir))) {
    console.log(`[test] failed: ${name}: ${t.where} > ${t.title}`);
    for (const line of t.message) console.log(`         ${line}`);
  }
}
const minutes = ((Date.now() - began) / 60_000).toFixed(1);
console.log(`\n${passed} passed, ${failed} failed (${minutes} min, ${concurrency} at a time)`);
process.exit(failures.length ? 1 : 0);
