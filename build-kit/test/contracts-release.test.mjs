import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contractsSourceHash, contractsVersion, recordedRelease, releaseProblem } from '../src/contracts-release.mjs';

test("@cgg/contracts' source is the one recorded for its version (bump the version on every change)", () => {
  const problem = releaseProblem(recordedRelease(), { version: contractsVersion(), sourceSha256: contractsSourceHash() });
  assert.equal(problem, null);
});

test('a changed source under the same version is refused, with what to do', () => {
  const problem = releaseProblem({ version: '1.2.0', sourceSha256: 'a' }, { version: '1.2.0', sourceSha256: 'b' });
  assert.match(problem ?? '', /source changed since 1\.2\.0 was released, but its version did not: bump "version"/);
});

test('a new version needs its source recorded; the same source under another version is flagged too', () => {
  assert.match(releaseProblem({ version: '1.2.0', sourceSha256: 'a' }, { version: '1.3.0', sourceSha256: 'b' }) ?? '', /is now 1\.3\.0: record its source/);
  assert.match(releaseProblem({ version: '1.2.0', sourceSha256: 'a' }, { version: '1.3.0', sourceSha256: 'a' }) ?? '', /says 1\.3\.0 but release\.json records 1\.2\.0/);
  assert.equal(releaseProblem({ version: '1.2.0', sourceSha256: 'a' }, { version: '1.2.0', sourceSha256: 'a' }), null);
});

test('the fingerprint covers shipped files only and is stable', () => {
  assert.match(contractsSourceHash(), /^[0-9a-f]{64}$/);
  assert.equal(contractsSourceHash(), contractsSourceHash());
});
