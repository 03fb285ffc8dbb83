import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { catalogRange, parseCatalog, workspaceRoot } from '../src/catalog.mjs';
import { contractsSharedEntries, sharedLibraries, sharedSingletons } from '../src/shared-singletons.mjs';

const workspaceYaml = readFileSync(path.join(workspaceRoot, 'pnpm-workspace.yaml'), 'utf8');

test('the shared libraries are the singletons of docs/decisions.md#composition-at-run-time, plus @cgg/contracts and its shared entries', () => {
  assert.deepEqual(Object.keys(sharedSingletons()).sort(), [
    '@cgg/contracts',
    '@cgg/contracts/account',
    '@cgg/contracts/store',
    'jotai',
    'notistack',
    'react',
    'react-dom',
    'react-dom/client',
    'react-router-dom',
    'swr',
  ]);
  for (const name of sharedLibraries) assert.equal(sharedSingletons()[name]?.singleton, true, name);
});

test("react-dom's client renderer is a singleton at react-dom's range (its own chunk, not inside the shell's entry)", () => {
  const shared = sharedSingletons();
  assert.deepEqual(shared['react-dom/client'], { singleton: true, requiredVersion: shared['react-dom']?.requiredVersion });
});

test('@cgg/contracts is shared by version, not as a singleton: an app never runs with an older copy than it was built for', () => {
  const { version } = JSON.parse(readFileSync(path.join(workspaceRoot, 'shared-contracts', 'package.json'), 'utf8'));
  assert.deepEqual(sharedSingletons()['@cgg/contracts'], { singleton: false, version, requiredVersion: `^${version}` });
});

test("@cgg/contracts' shared entries are shared like the barrel, by the package's version", () => {
  const { version, exports } = JSON.parse(readFileSync(path.join(workspaceRoot, 'shared-contracts', 'package.json'), 'utf8'));
  for (const name of contractsSharedEntries) {
    assert.ok(exports[name.replace('@cgg/contracts', '.')], `${name} is an entry of the package`);
    assert.deepEqual(sharedSingletons()[name], { singleton: false, version, requiredVersion: `^${version}` }, name);
  }
});

test("each library's range is the caret of its version in pnpm-workspace.yaml's catalog", () => {
  const shared = sharedSingletons();
  for (const name of sharedLibraries) {
    // Read the line itself here, not through parseCatalog, so a parser bug cannot hide.
    const line = new RegExp(`^  '?${name}'?: (\\S+)$`, 'm').exec(workspaceYaml);
    assert.ok(line, `${name} is in the catalog`);
    assert.equal(shared[name]?.requiredVersion, `^${line[1]}`, name);
  }
});

test("@cgg/contracts' range comes from shared-contracts/package.json", () => {
  const { version } = JSON.parse(readFileSync(path.join(workspaceRoot, 'shared-contracts', 'package.json'), 'utf8'));
  assert.equal(sharedSingletons()['@cgg/contracts']?.requiredVersion, `^${version}`);
});

test('versions follow a changed catalog', () => {
  const catalog = new Map(sharedLibraries.map((name) => [name, '9.8.7']));
  assert.equal(sharedSingletons(catalog).react?.requiredVersion, '^9.8.7');
});

test('parseCatalog reads only the catalog block and unquotes names; a range written with ^ keeps one caret', () => {
  const catalog = parseCatalog(
    [
      'packages:',
      '  - shell',
      'catalog:',
      '  react: 19.3.1',
      "  '@rspack/core': 2.3.2",
      "  '@types/node': ^20.19.0",
      'overrides:',
      "  'firebase-server>firebase': 8.10.1",
      '  react: 1.0.0',
    ].join('\n'),
  );
  assert.deepEqual([...catalog], [['react', '19.3.1'], ['@rspack/core', '2.3.2'], ['@types/node', '^20.19.0']]);
  assert.equal(catalogRange(catalog, '@types/node'), '^20.19.0');
});

test('a shared library missing from the catalog stops the build', () => {
  assert.throws(() => sharedSingletons(new Map()), /no catalog version for react/);
});
