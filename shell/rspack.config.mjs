// Rspack build of the shell: the Module Federation host. Remotes are not listed here:
// the shell learns where they live at run time from GET /remotes.json (one build for
// every environment), so `remotes` stays empty.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { PrecompressPlugin } from './build/precompress-plugin.mjs';
import { createDevApiMiddleware } from './server/dev-middleware.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/**
 * Package versions come from the workspace catalog (package.json only says
 * "catalog:"), so host and remotes require the same ranges.
 */
function catalogVersion(name) {
  const yaml = readFileSync(path.join(here, '..', 'pnpm-workspace.yaml'), 'utf8');
  const escaped = name.replace(/[.*+?^${}()|[\]\\/@]/g, '\\$&');
  const match = new RegExp(`^\\s+'?${escaped}'?:\\s*'?([^'\\s]+)'?`, 'm').exec(yaml);
  if (!match?.[1]) throw new Error(`no catalog version for ${name}`);
  return `^${match[1].replace(/^[\^~]/, '')}`;
}

/** Every shared library is one instance on the page (briefing: shared singletons). */
function sharedSingletons() {
  const names = ['react', 'react-dom', 'react-router-dom', 'jotai', 'swr', 'notistack'];
  const contracts = require('../shared-contracts/package.json');
  return {
    ...Object.fromEntries(names.map((name) => [name, { singleton: true, requiredVersion: catalogVersion(name) }])),
    '@cgg/contracts': { singleton: true, requiredVersion: `^${contracts.version}` },
  };
}

export default (env = {}) => {
  const isDev = Boolean(env.RSPACK_SERVE);
  const port = Number(process.env.SHELL_PORT ?? 3000);
  return {
    mode: isDev ? 'development' : 'production',
    context: here,
    entry: { main: './src/index.tsx' },
    devtool: isDev ? 'eval-cheap-module-source-map' : 'source-map',
    output: {
      path: path.resolve(here, 'dist'),
      publicPath: 'auto',
      filename: isDev ? '[name].js' : 'assets/[name].[contenthash:10].js',
      chunkFilename: isDev ? '[name].js' : 'assets/[name].[contenthash:10].js',
      cssFilename: isDev ? '[name].css' : 'assets/[name].[contenthash:10].css',
      cssChunkFilename: isDev ? '[name].css' : 'assets/[name].[contenthash:10].css',
      clean: true,
      uniqueName: 'shell',
    },
    resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs'] },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          // @cgg/contracts is TypeScript source in the workspace, so it is compiled too.
          exclude: /node_modules[\\/](?!@cgg)/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: isDev } },
            },
            env: { targets: 'chrome >= 100, safari >= 15, firefox >= 100, edge >= 100' },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
      ],
    },
    plugins: [
      // Absolute URLs in the HTML: index.html is also served for deep links like /competition/details/x.
      new rspack.HtmlRspackPlugin({ template: './src/index.html', inject: 'body', scriptLoading: 'defer', publicPath: '/' }),
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared: sharedSingletons(),
        shareStrategy: 'loaded-first',
        runtimePlugins: [path.resolve(here, 'src/federation/remote-fallback-plugin.ts')],
        dts: false,
        manifest: false,
        experiments: {
          asyncStartup: true,
          // The host hands its federation runtime to remotes built with
          // `externalRuntime`, so each remote entry does not ship its own ~34 KB copy.
          provideExternalRuntime: true,
        },
      }),
      !isDev && new PrecompressPlugin(),
    ].filter(Boolean),
    optimization: {
      // Federation already puts each shared library in its own long-cached chunk, loaded
      // on first use; the default async splitting keeps later features (e.g. the live
      // feed SDK) out of the start-up files. No single "vendors" file: it would pull
      // every lazily used package into the first load.
      splitChunks: { chunks: 'async' },
    },
    performance: { hints: false },
    devServer: {
      port,
      host: 'localhost',
      historyApiFallback: true,
      hot: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      setupMiddlewares: (middlewares) => {
        // Same /remotes.json and API forwarding as the production server.
        middlewares.unshift({ name: 'cgg-api-and-remotes', middleware: createDevApiMiddleware(process.env) });
        return middlewares;
      },
    },
  };
};
