import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { federationRuntimeEsmAliases } from '../src/federation-runtime-esm.mjs';
import { remoteFederationOptions } from '../src/remote-config.mjs';

test('each alias turns a CommonJS file of the federation runtime into its ES module twin', () => {
  const aliases = Object.entries(federationRuntimeEsmAliases());
  assert.equal(aliases.length, 3);
  for (const [from, to] of aliases) {
    assert.match(from, /\.cjs\$$/);
    assert.ok(existsSync(from.slice(0, -1)), from);
    assert.ok(existsSync(to), to);
    assert.equal(to, from.slice(0, -1).replace(/\.cjs$/, '.js'));
  }
});

/** The federation modules a production remote entry of one tiny exposed module is built from. */
async function federationModulesOfARemote(alias) {
  const dir = mkdtempSync(path.join(tmpdir(), 'mf-esm-'));
  try {
    writeFileSync(path.join(dir, 'widget.js'), 'export default function Widget() { return 1; }\n');
    const compiler = rspack({
      mode: 'production',
      context: dir,
      entry: {},
      output: { path: path.join(dir, 'dist'), publicPath: 'auto', uniqueName: 'esmDemo' },
      resolve: { alias },
      plugins: [new ModuleFederationPlugin({ ...remoteFederationOptions({ name: 'esmDemo', exposes: { './Widget': './widget.js' }, development: false }), shared: {}, manifest: false })],
    });
    const stats = await new Promise((resolve, reject) => compiler.run((err, result) => (err ? reject(err) : compiler.close(() => resolve(result)))));
    assert.ok(!stats.hasErrors(), stats.toString());
    const names = [];
    const collect = (modules = []) => {
      for (const m of modules) {
        if (m.nameForCondition?.includes('@module-federation')) names.push(m.nameForCondition);
        collect(m.modules);
      }
    };
    collect(stats.toJson({ modules: true, nestedModules: true }).modules);
    return names;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a remote built with the aliases bundles no CommonJS federation module (without them it does)', { timeout: 60_000 }, async () => {
  const withAliases = await federationModulesOfARemote(federationRuntimeEsmAliases());
  assert.ok(withAliases.some((m) => m.endsWith('webpack-bundler-runtime/dist/index.js')), withAliases.join('\n'));
  assert.deepEqual(withAliases.filter((m) => m.endsWith('.cjs')), []);
  const without = await federationModulesOfARemote({});
  assert.ok(without.some((m) => m.endsWith('webpack-bundler-runtime/dist/index.cjs')));
});
