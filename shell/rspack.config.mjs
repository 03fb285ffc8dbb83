// Rspack build of the shell: the Module Federation host. Remotes are not listed here:
// the shell learns where they live at run time from GET /remotes.json (one build for
// every environment), so `remotes` stays empty. Shared singletons, source rules, file
// names, compression and the dev API forwarding come from @cgg/build-kit, the same as
// every remote's.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { cssRule } from '@cgg/build-kit/css-rule';
import { devServer } from '@cgg/build-kit/dev-server';
import { outputNames } from '@cgg/build-kit/output-names';
import { PrecompressPlugin } from '@cgg/build-kit/precompress-plugin';
import { federationRuntimeEsmAliases } from '@cgg/build-kit/federation-runtime-esm';
import { productionAliases, productionDefinitions } from '@cgg/build-kit/production-builds';
import { sharedSingletons } from '@cgg/build-kit/shared-singletons';
import { sourceExtensions, typescriptRule } from '@cgg/build-kit/typescript-rule';
import { devRemotesDocument } from './build/dev-remotes-document.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

export default (env = {}) => {
  const development = Boolean(env.RSPACK_SERVE);
  return {
    mode: development ? 'development' : 'production',
    context: here,
    entry: { main: './src/index.tsx' },
    devtool: development ? 'eval-cheap-module-source-map' : 'source-map',
    output: {
      path: path.resolve(here, 'dist'),
      publicPath: 'auto',
      clean: true,
      uniqueName: 'shell',
      ...outputNames({ development, folder: 'assets/' }),
    },
    // Production builds of every shared library (react-router's package.json names only its
    // development build; jotai reads import.meta.env.MODE); dev keeps their warnings. The
    // federation runtime as ES modules, so unused parts are dropped (federation-runtime-esm.mjs).
    resolve: { extensions: sourceExtensions, alias: development ? {} : { ...productionAliases(here), ...federationRuntimeEsmAliases() } },
    module: { rules: [typescriptRule({ development }), cssRule] },
    plugins: [
      // Absolute URLs in the HTML: index.html is also served for deep links like /competition/details/x.
      new rspack.HtmlRspackPlugin({ template: './src/index.html', inject: 'body', scriptLoading: 'defer', publicPath: '/' }),
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared: sharedSingletons(),
        shareStrategy: 'loaded-first',
        runtimePlugins: [path.resolve(here, 'src/federation/remote-fallback-plugin.ts'), path.resolve(here, 'src/federation/yield-before-shared-plugin.ts')],
        dts: false,
        manifest: false,
        experiments: {
          asyncStartup: true,
          // The host hands its federation runtime to remotes built with
          // `externalRuntime`, so each remote entry does not ship its own ~34 KB copy.
          provideExternalRuntime: true,
          // Browser-only runtime. The snapshot plugin stays: the host loads remotes'
          // mf-manifest.json entries through it.
          optimization: { target: 'web' },
        },
      }),
      !development && new rspack.DefinePlugin(productionDefinitions),
      // .gz/.br next to each file: the shell's server (sirv) sends them to browsers that accept them.
      !development && new PrecompressPlugin(),
    ].filter(Boolean),
    optimization: {
      // Federation already puts each shared library in its own long-cached chunk, loaded
      // on first use; the default async splitting keeps later features (e.g. the live
      // feed SDK) out of the start-up files. No single "vendors" file: it would pull
      // every lazily used package into the first load.
      splitChunks: {
        chunks: 'async',
        cacheGroups: {
          // zod and the members the contracts build their schemas with (@cgg/contracts src/zod/)
          // as one file, loaded on demand after the first screen: without this the small members
          // module is copied into each contracts entry that hands zod over (account, store).
          zod: { test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]shared-contracts[\\/]src[\\/]zod[\\/]zod-members\.ts$/, name: 'zod', chunks: 'async', enforce: true },
        },
      },
    },
    performance: { hints: false },
    devServer: devServer({
      port: Number(process.env.SHELL_PORT ?? 3000),
      middlewares: [devRemotesDocument(process.env)],
    }),
  };
};
