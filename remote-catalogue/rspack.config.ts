import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { rspack, type RspackOptions } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const dir = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.CATALOGUE_PORT ?? 3001);
const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:8080';

/** Shared versions come from the workspace catalog (package.json only says "catalog:"). */
function catalogVersion(name: string): string {
  const yaml = readFileSync(path.join(dir, '..', 'pnpm-workspace.yaml'), 'utf8');
  const escaped = name.replace(/[.*+?^${}()|[\]\\/@]/g, '\\$&');
  const match = new RegExp(`^\\s+'?${escaped}'?:\\s*'?([^'\\s]+)'?`, 'm').exec(yaml);
  if (!match?.[1]) throw new Error(`no catalog version for ${name}`);
  return match[1].replace(/^[\^~]/, '');
}
const contractsVersion = (JSON.parse(readFileSync(path.join(dir, '..', 'shared-contracts', 'package.json'), 'utf8')) as { version: string }).version;

const isApiRequest = (url: string) => /^\/(\?rest_route=|wp-json\/|wp-content\/)/.test(url);

/** Forwards API and upload requests of the standalone page to API_URL. */
function forwardApi(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  if (!isApiRequest(req.url ?? '')) return next();
  const target = new URL(req.url ?? '/', apiUrl);
  const upstream = httpRequest(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    res.writeHead(502, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ code: 'api_unreachable', message: `API not reachable at ${apiUrl}`, data: { status: 502 } }));
  });
  req.pipe(upstream);
}

const singleton = (version: string) => ({ singleton: true, requiredVersion: `^${version}` });
const shared = {
  react: singleton(catalogVersion('react')),
  'react-dom': singleton(catalogVersion('react-dom')),
  'react-router-dom': singleton(catalogVersion('react-router-dom')),
  jotai: singleton(catalogVersion('jotai')),
  swr: singleton(catalogVersion('swr')),
  // Not used here, declared so the whole site agrees on one copy (DESIGN section 3).
  notistack: singleton(catalogVersion('notistack')),
  '@cgg/contracts': singleton(contractsVersion),
};

export default defineConfig((env: Record<string, unknown>) => {
  const serving = Boolean(env.RSPACK_SERVE);
  const mode = serving ? 'development' : 'production';
  const dev = mode === 'development';
  const config: RspackOptions = {
    mode,
    context: dir,
    // Standalone page for the catalogue team; the exposed pages are the product.
    entry: serving ? { standalone: './src/dev/standalone.tsx' } : {},
    devtool: dev ? 'cheap-module-source-map' : 'source-map',
    output: {
      path: path.join(dir, 'dist'),
      publicPath: 'auto',
      uniqueName: 'catalogue',
      filename: dev ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: dev ? '[name].js' : '[name].[contenthash:8].js',
      cssFilename: dev ? '[name].css' : '[name].[contenthash:8].css',
      cssChunkFilename: dev ? '[name].css' : '[name].[contenthash:8].css',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          // @cgg/contracts is TypeScript source: compile it too.
          exclude: /node_modules[\\/](?!@cgg)/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: dev } },
              target: 'es2020',
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: 'catalogue',
        filename: 'remoteEntry.js',
        manifest: true,
        dts: false,
        exposes: {
          './HomePage': './src/pages/home-page.tsx',
          './CompetitionListPage': './src/pages/competition-list-page.tsx',
          './CompetitionDetailsPage': './src/pages/competition-details-page.tsx',
          './DrawResultsPage': './src/pages/draw-results-page.tsx',
          './WinnersListPage': './src/pages/winners-list-page.tsx',
        },
        shared,
        shareStrategy: 'loaded-first',
        experiments: {
          asyncStartup: true,
          // A remote loads no manifests of its own (the shell does) and runs only in
          // browsers: strip the snapshot plugin and Node paths from its entry.
          optimization: { disableSnapshot: true, target: 'web' },
          // In the site, the shell hands its federation runtime over (provideExternalRuntime),
          // so the entry does not ship a second ~34 KB copy. The standalone dev page has no
          // shell, so it keeps its own.
          externalRuntime: !serving,
        },
      }),
      serving &&
        new rspack.HtmlRspackPlugin({
          template: './src/dev/index.html',
          chunks: ['standalone'],
          // Deep links (/competitions/all) must still find the script.
          publicPath: '/',
        }),
    ].filter(Boolean) as RspackOptions['plugins'],
    optimization: { minimize: !dev },
    performance: { hints: false },
    devServer: {
      port,
      host: '127.0.0.1',
      hot: false,
      historyApiFallback: true,
      headers: {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': '*',
        'Access-Control-Allow-Methods': 'GET, OPTIONS',
      },
      // The standalone page calls the API on its own origin, as in the site. `/?rest_route=`
      // shares its path with the page, which the dev server answers before any `proxy`
      // entry, so a first middleware forwards API requests itself.
      setupMiddlewares: (middlewares) => {
        middlewares.unshift({ name: 'catalogue-api-forward', middleware: forwardApi });
        return middlewares;
      },
    },
  };
  return config;
});
