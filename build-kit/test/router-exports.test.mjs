import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { workspaceRoot } from '../src/catalog.mjs';
import { routerExports } from '../src/router-exports.mjs';
import { sharedSingletons } from '../src/shared-singletons.mjs';

const frontEnds = ['shell', 'remote-catalogue', 'remote-cart-checkout', 'remote-account'];

function sourceFiles(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) sourceFiles(file, out);
    else if (/\.(tsx?|mjs)$/.test(name)) out.push(file);
  }
  return out;
}

/** Value (not type-only) names imported from react-router-dom in one file. */
function importedNames(code) {
  const names = [];
  for (const match of code.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'react-router-dom'/g)) {
    if (match[1]) continue;
    for (const part of match[2].split(',')) {
      const name = part.trim();
      if (!name || name.startsWith('type ')) continue;
      names.push(name.split(/\s+as\s+/)[0].trim());
    }
  }
  return names;
}

test('every react-router-dom export a front end imports is in the shared list', () => {
  const missing = [];
  for (const pkg of frontEnds) {
    for (const file of sourceFiles(path.join(workspaceRoot, pkg, 'src'))) {
      for (const name of importedNames(readFileSync(file, 'utf8'))) {
        if (!routerExports.includes(name)) missing.push(`${name} (${path.relative(workspaceRoot, file)})`);
      }
    }
  }
  assert.deepEqual(missing, [], 'add these to build-kit/src/router-exports.mjs');
});

test('no front end imports react-router-dom as a whole namespace (the list could not see it)', () => {
  for (const pkg of frontEnds) {
    for (const file of sourceFiles(path.join(workspaceRoot, pkg, 'src'))) {
      assert.doesNotMatch(readFileSync(file, 'utf8'), /import\s+\*\s+as\s+\w+\s+from\s+'react-router-dom'/, file);
    }
  }
});

test('the shared router is built with exactly that list', () => {
  const { treeShaking } = sharedSingletons()['react-router-dom'];
  assert.equal(treeShaking.mode, 'runtime-infer');
  assert.deepEqual(treeShaking.usedExports, routerExports);
});
