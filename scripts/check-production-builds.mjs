#!/usr/bin/env node
// Production builds only: looks for a development build of a library in each front end's dist
// (the same check `npm run build` runs after each build). Builds nothing itself.
//   node scripts/check-production-builds.mjs [front end ...]   (default: all four)
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describeFinding, findDevelopmentBuilds } from '../build-kit/src/development-build-check.mjs';
import { frontEnds, root } from './lib/paths.mjs';

const wanted = process.argv.slice(2);
const unknown = wanted.filter((pkg) => !frontEnds.includes(pkg));
if (unknown.length) {
  console.error(`not a front end: ${unknown.join(', ')} (one of ${frontEnds.join(', ')})`);
  process.exit(2);
}

let failed = false;
for (const pkg of wanted.length ? wanted : frontEnds) {
  const dist = path.join(root, pkg, 'dist');
  if (!existsSync(dist)) {
    console.error(`${pkg}/dist: missing (npm run build first)`);
    failed = true;
    continue;
  }
  const findings = findDevelopmentBuilds(dist);
  console.log(`${pkg}/dist: ${findings.length ? `${findings.length} development build marker(s)` : 'production builds only'}`);
  for (const f of findings) console.log(`  ${describeFinding(f)}`);
  if (findings.length) failed = true;
}
process.exit(failed ? 1 : 0);
