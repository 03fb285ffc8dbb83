// Proves the lint rule that keeps teams' apps independent actually fires.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ESLint } from 'eslint';
import { root } from '../lib/paths.mjs';

const eslint = new ESLint({ cwd: root });

async function messagesFor(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports');
}

test('a remote importing another remote is an error', async () => {
  const msgs = await messagesFor('remote-catalogue/src/x.ts', "import { a } from '../../remote-account/src/a';\nexport const b = a;\n");
  assert.equal(msgs.length, 1);
  assert.match(msgs[0].message, /may not import another team's package/);
});

test('a remote importing the shell by package name is an error', async () => {
  const msgs = await messagesFor('remote-cart-checkout/src/x.ts', "import { a } from '@cgg/shell';\nexport const b = a;\n");
  assert.equal(msgs.length, 1);
});

test('the shell importing a remote is an error', async () => {
  const msgs = await messagesFor('shell/src/x.ts', "import { a } from '../../remote-catalogue/src/a';\nexport const b = a;\n");
  assert.equal(msgs.length, 1);
});

test('importing @cgg/contracts is allowed', async () => {
  const msgs = await messagesFor('remote-account/src/x.ts', "import { emit } from '@cgg/contracts';\nexport const b = emit;\n");
  assert.equal(msgs.length, 0);
});

test('browser code importing the build kit is an error', async () => {
  const msgs = await messagesFor('shell/src/x.ts', "import { sharedSingletons } from '@cgg/build-kit/shared-singletons';\nexport const b = sharedSingletons;\n");
  assert.equal(msgs.length, 1);
  assert.match(msgs[0].message, /build time only/);
});

test('a remote src/ file still may not import another remote next to the build-kit rule', async () => {
  const msgs = await messagesFor('remote-account/src/x.ts', "import { a } from '@cgg/remote-catalogue';\nexport const b = a;\n");
  assert.equal(msgs.length, 1);
  assert.match(msgs[0].message, /may not import another team's package/);
});

test('a rspack config importing the build kit is allowed', async () => {
  const msgs = await messagesFor('remote-account/rspack.config.mjs', "import { remoteConfig } from '@cgg/build-kit/remote-config';\nexport default remoteConfig;\n");
  assert.equal(msgs.length, 0);
});

test('the build kit importing a team package is an error', async () => {
  const msgs = await messagesFor('build-kit/src/x.mjs', "import { a } from '../../shell/src/a';\nexport const b = a;\n");
  assert.equal(msgs.length, 1);
});
