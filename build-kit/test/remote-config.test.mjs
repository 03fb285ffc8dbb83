import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { workspaceRoot } from '../src/catalog.mjs';
import { PrecompressPlugin } from '../src/precompress-plugin.mjs';
import { federationRuntimeEsmAliases } from '../src/federation-runtime-esm.mjs';
import { productionAliases, productionDefinitions } from '../src/production-builds.mjs';
import { remoteConfig } from '../src/remote-config.mjs';
import { sharedSingletons } from '../src/shared-singletons.mjs';

const exposes = { './Widget': './src/widget.tsx' };
const configFor = remoteConfig({ name: 'demoRemote', dir: '/tmp/demo-remote', exposes, port: 3999 });
const production = configFor({});
const development = configFor({ RSPACK_SERVE: true });

/** What the config hands the federation plugin (its only record of the options). */
function federationOptions(config) {
  const plugin = config.plugins?.find((p) => p instanceof ModuleFederationPlugin);
  assert.ok(plugin, 'the config has a federation plugin');
  return plugin._options;
}

test('production: the shared federation options, external runtime, no snapshot, web target', () => {
  assert.deepEqual(federationOptions(production), {
    name: 'demoRemote',
    filename: 'remoteEntry.js',
    manifest: true,
    dts: false,
    exposes,
    shared: sharedSingletons(),
    shareStrategy: 'loaded-first',
    experiments: {
      asyncStartup: true,
      externalRuntime: true,
      optimization: { disableSnapshot: true, target: 'web' },
    },
  });
});

test('production: minified remote only, hashed names, source maps, compressed copies', () => {
  assert.equal(production.mode, 'production');
  assert.deepEqual(production.entry, {});
  assert.equal(production.devtool, 'source-map');
  assert.equal(production.output?.path, '/tmp/demo-remote/dist');
  assert.equal(production.output?.publicPath, 'auto');
  assert.equal(production.output?.uniqueName, 'demoRemote');
  assert.equal(production.output?.chunkFilename, '[name].[contenthash:10].js');
  assert.ok(production.plugins?.some((p) => p instanceof PrecompressPlugin));
  assert.ok(!production.plugins?.some((p) => p instanceof rspack.HtmlRspackPlugin));
});

test('dev: own federation runtime and a standalone page with the API forwarded and CORS', () => {
  assert.equal(federationOptions(development).experiments.externalRuntime, false);
  assert.equal(development.mode, 'development');
  assert.deepEqual(development.entry, { standalone: './src/dev/standalone.tsx' });
  assert.ok(development.plugins?.some((p) => p instanceof rspack.HtmlRspackPlugin));
  assert.ok(!development.plugins?.some((p) => p instanceof PrecompressPlugin));
  assert.equal(development.devServer?.port, 3999);
  assert.equal(development.devServer?.headers?.['Access-Control-Allow-Origin'], '*');
  const middlewares = development.devServer?.setupMiddlewares?.([{ name: 'dev-server-own', middleware: () => {} }], {});
  assert.deepEqual(middlewares?.map((m) => m.name), ['cgg-dev-api-proxy', 'dev-server-own']);
});

test("production: shared libraries' production builds (react-router alias, jotai's MODE) and the ESM federation runtime; dev keeps development builds", () => {
  const dir = `${workspaceRoot}remote-catalogue`;
  const configFor = remoteConfig({ name: 'catalogue', dir, exposes, port: 3999 });
  const [production, development] = [configFor({}), configFor({ RSPACK_SERVE: true })];
  assert.deepEqual(production.resolve?.alias, { ...productionAliases(dir), ...federationRuntimeEsmAliases() });
  assert.ok(Object.keys(production.resolve?.alias ?? {}).includes('react-router$'));
  const defines = production.plugins?.filter((p) => p instanceof rspack.DefinePlugin);
  assert.deepEqual(defines?.map((p) => p._args[0]), [productionDefinitions]);
  assert.deepEqual(development.resolve?.alias, {});
  assert.ok(!development.plugins?.some((p) => p instanceof rspack.DefinePlugin));
});
