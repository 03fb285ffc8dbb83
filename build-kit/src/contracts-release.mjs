import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { workspaceRoot } from './catalog.mjs';

/**
 * @cgg/contracts is shared through federation by version (see shared-singletons.mjs): an app
 * uses another's copy only when its version satisfies the range it was built against. That
 * only holds if every change to what ships gets a new version, so the shipped source is
 * fingerprinted and recorded beside the version it was released as (release.json).
 */
export const contractsDir = path.join(workspaceRoot, 'shared-contracts');
const releaseFile = path.join(contractsDir, 'release.json');

/** Shipped source: everything under src/ except tests (they change no behaviour of a copy). */
function shippedFiles(dir = path.join(contractsDir, 'src')) {
  /** @type {string[]} */
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...shippedFiles(full));
    else if (!/\.test\.tsx?$/.test(entry.name)) files.push(full);
  }
  return files.sort();
}

/** @returns {string} sha-256 over the shipped files' paths and contents (line endings normalised). */
export function contractsSourceHash() {
  const hash = createHash('sha256');
  for (const file of shippedFiles()) {
    hash.update(path.relative(contractsDir, file).split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(file, 'utf8').replace(/\r\n/g, '\n'));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** @returns {string} the version in shared-contracts/package.json */
export function contractsVersion() {
  return JSON.parse(readFileSync(path.join(contractsDir, 'package.json'), 'utf8')).version;
}

/** @returns {{ version: string, sourceSha256: string }} what release.json recorded */
export function recordedRelease() {
  return JSON.parse(readFileSync(releaseFile, 'utf8'));
}

/**
 * Why the contracts cannot be released as they stand, or null when they can.
 * @param {{ version: string, sourceSha256: string }} recorded
 * @param {{ version: string, sourceSha256: string }} current
 */
export function releaseProblem(recorded, current) {
  if (current.sourceSha256 === recorded.sourceSha256) {
    return current.version === recorded.version
      ? null
      : `shared-contracts/package.json says ${current.version} but release.json records ${recorded.version} for the same source: run \`node build-kit/bin/record-contracts-release.mjs\``;
  }
  if (current.version === recorded.version) {
    return `@cgg/contracts' source changed since ${recorded.version} was released, but its version did not: bump "version" in shared-contracts/package.json (minor for an addition, major for a breaking change), then run \`node build-kit/bin/record-contracts-release.mjs\``;
  }
  return `@cgg/contracts is now ${current.version}: record its source with \`node build-kit/bin/record-contracts-release.mjs\``;
}

/** Writes release.json for the current version and source; refuses a changed source under an old version. */
export function recordRelease() {
  const current = { version: contractsVersion(), sourceSha256: contractsSourceHash() };
  const recorded = readRecordedOrNull();
  if (recorded && recorded.sourceSha256 !== current.sourceSha256 && recorded.version === current.version) {
    throw new Error(releaseProblem(recorded, current) ?? 'source changed under the same version');
  }
  writeFileSync(releaseFile, `${JSON.stringify(current, null, 2)}\n`);
  return current;
}

function readRecordedOrNull() {
  try {
    return recordedRelease();
  } catch {
    return null;
  }
}
