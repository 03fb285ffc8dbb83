// Rspack build of the cart-checkout remote (Module Federation name `cartCheckout`).
// `build` emits the federated remote (remoteEntry.js + mf-manifest.json) for the
// shell; `dev` also serves a standalone page so the team can work without the shell.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { PrecompressPlugin } from './build/precompress-plugin.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** Shared versions come from the workspace catalog (package.json only says "catalog:"). */
function catalogVersion(name) {
  const yaml = readFileSync(path.join(here, '..', 'pnpm-workspace.yaml'), 'utf8');
  const escaped = name.replace(/[.*+?^${}()|[\]\\/@]/g, '\\$&');
  const match = new RegExp(`^\\s+'?${escaped}'?:\\s*'?([^'\\s]+)'?`, 'm').exec(yaml);
  if (!match?.[1]) throw new Error(`no catalog version for ${name}`);
  return `^${match[1].replace(/^[\^~]/, '')}`;
}

function sharedSingletons() {
  const names = ['react', 'react-dom', 'react-router-dom', 'jotai', 'swr', 'notistack'];
  const contracts = require('../shared-contracts/package.json');
  return {
    ...Object.fromEntries(names.map((name) => [name, { singleton: true, requiredVersion: catalogVersion(name) }])),
    '@cgg/contracts': { singleton: true, requiredVersion: `^${contracts.version}` },
  };
}

/** `/?rest_route=...`, `/wp-json/...`, `/wp-content/...` belong to the shop API. */
function isApiRequest(pathname, req) {
  const url = new URL(req.url ?? '/', 'http://dev.invalid');
  return url.searchParams.has('rest_route') || pathname.startsWith('/wp-json') || pathname.startsWith('/wp-content');
}

export default (env = {}) => {
  const isDev = Boolean(env.RSPACK_SERVE);
  return {
    mode: isDev ? 'development' : 'production',
    context: here,
    // The standalone page exists only in dev; the production build is the remote alone.
    entry: isDev ? { standalone: './src/dev/standalone.tsx' } : {},
    devtool: isDev ? 'eval-cheap-module-source-map' : 'source-map',
    output: {
      path: path.resolve(here, 'dist'),
      publicPath: 'auto',
      uniqueName: 'cartCheckout',
      filename: isDev ? '[name].js' : '[name].[contenthash:10].js',
      chunkFilename: isDev ? '[name].js' : '[name].[contenthash:10].js',
      cssFilename: isDev ? '[name].css' : '[name].[contenthash:10].css',
      cssChunkFilename: isDev ? '[name].css' : '[name].[contenthash:10].css',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs'] },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          // @cgg/contracts is TypeScript source in the workspace: compile it too.
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
      new ModuleFederationPlugin({
        name: 'cartCheckout',
        filename: 'remoteEntry.js',
        manifest: true,
        dts: false,
        exposes: {
          './CartPage': './src/pages/cart-page.tsx',
          './CheckoutPage': './src/pages/checkout-page.tsx',
          './ConfirmationPage': './src/pages/confirmation-page.tsx',
          './ClaimPrizePage': './src/pages/claim-prize-page.tsx',
          './MiniCart': './src/mini-cart/mini-cart.tsx',
        },
        shared: sharedSingletons(),
        shareStrategy: 'loaded-first',
        experiments: {
          asyncStartup: true,
          // In production the shell provides the federation runtime (~34 KB gzip), so
          // this remote's entry does not ship a second copy. The standalone dev page
          // has no host, so it keeps its own.
          externalRuntime: !isDev,
        },
      }),
      // .gz/.br next to each file: `serve` (sirv) sends them to browsers that accept them.
      !isDev && new PrecompressPlugin(),
      isDev && new rspack.HtmlRspackPlugin({ template: './src/dev/index.html', chunks: ['standalone'], publicPath: '/' }),
    ].filter(Boolean),
    performance: { hints: false },
    devServer: {
      port: Number(process.env.CART_CHECKOUT_PORT ?? 3002),
      host: 'localhost',
      hot: true,
      historyApiFallback: true,
      headers: {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': '*',
        'Access-Control-Allow-Methods': 'GET, OPTIONS',
      },
      proxy: [{ context: isApiRequest, target: process.env.API_URL ?? 'http://127.0.0.1:8080', changeOrigin: true }],
    },
  };
};
