import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { productionAliases, productionDefinitions } from './production-builds.mjs';
import { sharedLibraries, sharedSingletons } from './shared-singletons.mjs';
import { sourceExtensions, typescriptRule } from './typescript-rule.mjs';

/** Where a remote's server build lands, inside its browser build so one server serves both. */
export const serverBuildFolder = 'server';

/**
 * The Node build of a remote's exposed modules (docs/decisions.md#server-rendering-through-federation):
 * the same exposes and shared singletons as the browser build, emitted as ONE CommonJS file,
 * `dist/server/remoteEntry.js`, that the shell's server fetches over HTTP and evaluates, so a
 * redeployed remote changes the server-rendered HTML without touching the shell.
 *
 * - One chunk: the shell's server loads the entry text and nothing else (no chunk loading over HTTP).
 * - CSS is the browser build's job: the page links it; here every stylesheet import is empty.
 * - Shared libraries come from the shell server's own copies (the federation share scope, with
 *   `import: false`: the entry bundles none), so React is one instance on the server too.
 *   @cgg/contracts stays bundled: the remote keeps the schemas it was built against.
 * @param {{ name: string, dir: string, exposes: Record<string, string> }} options
 * @returns {import('@rspack/core').RspackOptions}
 */
export function remoteServerConfig({ name, dir, exposes }) {
  const shared = sharedSingletons();
  for (const name of sharedLibraries) {
    // The shell's server always provides them: the entry carries no copy of its own.
    shared[name].import = false;
    delete shared[name].treeShaking;
  }
  return {
    name: `${name}-server`,
    mode: 'production',
    target: 'async-node',
    context: dir,
    entry: {},
    devtool: false,
    output: {
      path: path.resolve(dir, 'dist', serverBuildFolder),
      publicPath: 'auto',
      uniqueName: `${name}-server`,
      clean: true,
      filename: '[name].js',
      chunkFilename: '[name].js',
      library: { type: 'commonjs-module', name },
    },
    resolve: { extensions: sourceExtensions, alias: productionAliases(dir) },
    module: {
      rules: [typescriptRule({ development: false })],
    },
    optimization: { minimize: false },
    plugins: [
      new rspack.NormalModuleReplacementPlugin(/\.css$/, path.join(import.meta.dirname, 'empty-module.mjs')),
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        library: { type: 'commonjs-module', name },
        remoteType: 'script',
        manifest: false,
        dts: false,
        exposes,
        shared,
        shareStrategy: 'loaded-first',
      }),
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      new rspack.DefinePlugin(productionDefinitions),
    ],
    performance: { hints: false },
  };
}
