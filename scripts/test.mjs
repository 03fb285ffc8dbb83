#!/usr/bin/env node
// `npm test`: install what is missing, then lint, type-check, every package's tests,
// the build, and the e2e suites against the whole site. Ends on one total line.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pnpm } from './pnpm.mjs';
import { buildFrontEnds } from './lib/build.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { root } from './lib/paths.mjs';
import { countReport } from './lib/results.mjs';

const reports = path.join(root, '.cache', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const unitPackages = ['shared-contracts', 'shop-api', 'shell', 'remote-catalogue', 'remote-cart-checkout', 'remote-account'];
const failures = [];
const step = (name, status) => {
  if (status !== 0) failures.push(name);
  console.log(`[test] ${name}: ${status === 0 ? 'ok' : 'FAILED'}`);
};

ensureInstalled();
ensureChromium();

step('lint', pnpm(['exec', 'eslint', '.', '--max-warnings=0']));
step('node tests (lint boundary rule, build-kit)', spawnSync(process.execPath, ['--test', 'scripts/tests/', 'build-kit/test/'], { stdio: 'inherit', cwd: root }).status ?? 1);
step('typecheck', pnpm(['-r', '--workspace-concurrency=1', 'run', 'typecheck']));

for (const pkg of unitPackages) {
  const out = path.join(reports, `${pkg}.json`);
  step(`unit tests ${pkg}`, pnpm(['--filter', `./${pkg}`, 'exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`]));
}

try {
  buildFrontEnds();
  step('build', 0);
} catch (err) {
  console.error(err.message);
  step('build', 1);
}

if (!failures.includes('build')) {
  const env = { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'e2e.json') };
  step('e2e', pnpm(['--filter', './e2e', 'exec', 'playwright', 'test', '--reporter=list,json'], { env }));
}

let passed = 0;
let failed = 0;
for (const name of failures) {
  // A step without test counts (lint, typecheck, build) or one that crashed before
  // reporting still fails the total.
  const pkg = name.startsWith('unit tests ') ? name.slice('unit tests '.length) : name;
  if (!unitPackages.includes(pkg) && pkg !== 'e2e') failed += 1;
  else if (countReport(path.join(reports, `${pkg}.json`)).failed === 0) failed += 1;
}
for (const pkg of [...unitPackages, 'e2e']) {
  const c = countReport(path.join(reports, `${pkg}.json`));
  passed += c.passed;
  failed += c.failed;
}
if (failures.length) console.log(`[test] failed steps: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
