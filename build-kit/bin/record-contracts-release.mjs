#!/usr/bin/env node
// Records @cgg/contracts' version with a fingerprint of its source (shared-contracts/release.json).
// Run after bumping the version; refuses when the source changed but the version did not.
import { recordRelease } from '../src/contracts-release.mjs';

try {
  const { version, sourceSha256 } = recordRelease();
  console.log(`@cgg/contracts ${version} recorded (${sourceSha256.slice(0, 12)})`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
