import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { cssRule } from './css-rule.mjs';
import { devServer } from './dev-server.mjs';
import { outputNames } from './output-names.mjs';
import { PrecompressPlugin } from './precompress-plugin.mjs';
import { productionAliases, productionDefinitions } from './production-builds.mjs';
import { sharedSingletons } from './shared-singletons.mjs';
import { sourceExtensions, typescriptRule } from './typescript-rule.mjs';
import { remoteServerConfig, serverBuildFolder } from './remote-server-config.mjs';
import { federationRuntimeEsmAliases } from './federation-runtime-esm.mjs';

/**
 * The federation options of a remote (docs/decisions.md#composition-at-run-time, #build-facts). In production the shell hands its
 * federation runtime over (`provideExternalRuntime`), so the entry does not ship a second ~34 KB
 * copy; the standalone dev page has no shell, so dev builds keep their own runtime. A remote loads
 * no manifests itself (the shell does) and runs only in browsers, so the snapshot plugin and Node
 * paths are stripped from its entry.
 * @param {{ name: string, exposes: Record<string, string>, development: boolean }} options
 * @returns {ConstructorParameters<typeof ModuleFederationPlugin>[0]}
 */
export function remoteFederationOptions({ name, exposes, development }) {
  return {
    name,
    filename: 'remoteEntry.js',
    manifest: true,
    // Type generation makes builds 3-7x slower and is not used: remotes meet through @cgg/contracts.
    dts: false,
    exposes,
    shared: sharedSingletons(),
    shareStrategy: 'loaded-first',
    experiments: {
      asyncStartup: true,
      externalRuntime: !development,
      optimization: { disableSnapshot: true, target: 'web' },
    },
  };
}

/**
 * A whole remote's rspack config. `rspack build` emits the federated remote (remoteEntry.js,
 * mf-manifest.json, hashed chunks, .gz/.br); `rspack serve` also serves a standalone page so the
 * team can work without the shell.
 * @param {object} options
 * @param {string} options.name federation name (a JS identifier), also `output.uniqueName`
 * @param {string} options.dir the package folder (absolute)
 * @param {Record<string, string>} options.exposes exposed module -> source file
 * @param {number} options.port dev server port
 * @param {string} [options.standaloneEntry] the standalone dev page's entry
 * @param {string} [options.standaloneTemplate] its HTML template
 * @param {{ host?: string, hot?: boolean }} [options.devServer] dev server choices of the team
 * @param {boolean} [options.serverRendered] also build the exposed pages for the shell's server
 *   (remote-server-config.mjs); production builds only: dev pages render in the browser
 * @returns {(env?: Record<string, unknown>) => import('@rspack/core').RspackOptions | import('@rspack/core').RspackOptions[]}
 */
export function remoteConfig({
  name,
  dir,
  exposes,
  port,
  standaloneEntry = './src/dev/standalone.tsx',
  standaloneTemplate = './src/dev/index.html',
  devServer: devServerChoices = {},
  serverRendered = false,
}) {
  return (env = {}) => {
    // `rspack serve` sets RSPACK_SERVE; NODE_ENV=development would make `rspack build` hang (docs/decisions.md#build-facts).
    const development = Boolean(env.RSPACK_SERVE);
    const browser = {
      mode: development ? 'development' : 'production',
      context: dir,
      // The standalone page exists only in dev; the production build is the remote alone.
      entry: development ? { standalone: standaloneEntry } : {},
      devtool: development ? 'eval-cheap-module-source-map' : 'source-map',
      output: {
        path: path.resolve(dir, 'dist'),
        publicPath: 'auto',
        uniqueName: name,
        // The server build (dist/server) is written by its own compiler of the same run.
        clean: { keep: (file) => path.relative(path.resolve(dir, 'dist'), file).split(path.sep)[0] === serverBuildFolder },
        ...outputNames({ development }),
      },
      // Production builds of every shared library (production-builds.mjs); dev keeps their warnings.
      resolve: { extensions: sourceExtensions, alias: development ? {} : { ...productionAliases(dir), ...federationRuntimeEsmAliases() } },
      module: { rules: [typescriptRule({ development }), cssRule] },
      plugins: [
        new ModuleFederationPlugin(remoteFederationOptions({ name, exposes, development })),
        !development && new rspack.DefinePlugin(productionDefinitions),
        !development && new PrecompressPlugin(),
        // Absolute script URLs: deep links of the standalone page (/competitions/all) must find them.
        development && new rspack.HtmlRspackPlugin({ template: standaloneTemplate, chunks: ['standalone'], publicPath: '/' }),
      ].filter(Boolean),
      performance: { hints: false },
      devServer: devServer({ port, ...devServerChoices }),
    };
    return serverRendered && !development ? [browser, remoteServerConfig({ name, dir, exposes })] : browser;
  };
}
