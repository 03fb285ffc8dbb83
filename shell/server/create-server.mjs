import http from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isApiRequest, proxyToApi } from './api-proxy.mjs';
import { htmlDocument, isPageRequest } from './html-document.mjs';
import { robotsTxt, sitemapXml } from './page-head/crawler-files.mjs';
import { siteName } from './page-head/page-heads.mjs';
import { createRemotePreloads } from './page-head/remote-preloads.mjs';
import { createShopData } from './page-head/shop-data.mjs';
import { remotesDocument } from './remotes-document.mjs';
import { renderPage } from './render/render-page.tsx';
import { createRemoteServerModules } from './render/remote-server-modules.mjs';
import { serverShared } from './render/server-shared.mjs';
import { runtimeConfig } from './runtime-config.mjs';
import { staticFiles } from './static-files.mjs';

export const defaultApiUrl = 'http://127.0.0.1:8080';

function sendRemotesDocument(res, env) {
  sendJson(res, remotesDocument(env));
}

function sendText(res, type, text, status = 200) {
  // Crawlers fetch these often; an hour's cache spares the API.
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': status === 200 ? 'public, max-age=3600' : 'no-cache', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function sendJson(res, document) {
  const body = JSON.stringify(document);
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * Server rendering (render/): the page through the remotes' server builds, loaded over HTTP like
 * their browser builds. SERVER_RENDER=off leaves every page to the browser (the shell's HTML
 * then carries only the head), e.g. to compare the two.
 */
function pageRenderer(env, data) {
  if (env.SERVER_RENDER === 'off') return null;
  const remoteModules = createRemoteServerModules({ remotes: remotesDocument(env).remotes, shared: serverShared() });
  return (options) =>
    renderPage({ ...options, loadRemote: (id) => remoteModules.load(id), read: (call, payload) => data.read(call, payload) }).catch((error) => {
      console.error('[shell] server render failed; the browser renders the page', error);
      return null;
    });
}

/**
 * The shell's server: its build, app pages with their own heads (and rendered through the
 * remotes' server builds), robots.txt and the sitemap, the runtime remotes document, and the
 * API forwarded on the same origin. `shopData`, `remotePreloads` and `renderPage` replace the
 * API and manifest reads and the renderer (tests; `renderPage: null` renders nothing).
 */
export function createShellServer({ distDir, env = process.env, shopData, remotePreloads: preloads, renderPage: render }) {
  const apiUrl = env.API_URL || defaultApiUrl;
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`${distDir}/index.html is missing: build the shell first (node ../scripts/pnpm.mjs --filter @cgg/shell build)`);
  }
  const serveStatic = staticFiles(distDir);
  // Canonical and link-preview URLs name the public site, never whatever Host a request claims.
  const siteUrl = env.SITE_URL || `http://localhost:${env.SHELL_PORT ?? 3000}`;
  const data = shopData ?? createShopData({ apiUrl });
  const remotePreloads = preloads ?? createRemotePreloads({ remotes: remotesDocument(env).remotes });
  const servePage = htmlDocument(distDir, env, { data, siteUrl, siteName, remotePreloads, renderPage: render === undefined ? pageRenderer(env, data) : render });
  return http.createServer((req, res) => {
    if (isApiRequest(req.url)) {
      proxyToApi(req, res, apiUrl);
      return;
    }
    const pathname = new URL(req.url ?? '/', 'http://shell.invalid').pathname;
    if (pathname === '/remotes.json' && (req.method === 'GET' || req.method === 'HEAD')) {
      sendRemotesDocument(res, env);
      return;
    }
    // The browser's other runtime settings (the live instant-win feed).
    if (pathname === '/runtime-config.json' && (req.method === 'GET' || req.method === 'HEAD')) {
      sendJson(res, runtimeConfig(env));
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' });
      res.end();
      return;
    }
    if (pathname === '/robots.txt') {
      sendText(res, 'text/plain; charset=utf-8', robotsTxt(siteUrl));
      return;
    }
    if (pathname === '/sitemap.xml') {
      sitemapXml(siteUrl, data).then((xml) => sendText(res, 'application/xml; charset=utf-8', xml), () => sendText(res, 'text/plain; charset=utf-8', 'Sitemap unavailable', 503));
      return;
    }
    // App pages get index.html with their own head and a per-response CSP nonce; files come from the build.
    if (isPageRequest(pathname)) {
      servePage(req, res, pathname).catch((error) => {
        console.error('[shell] page failed', error);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Sorry, something went wrong.');
      });
      return;
    }
    serveStatic(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end('Not found');
    });
  });
}
