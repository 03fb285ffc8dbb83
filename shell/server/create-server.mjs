import http from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isApiRequest, proxyToApi } from './api-proxy.mjs';
import { htmlDocument, isPageRequest } from './html-document.mjs';
import { remotesDocument } from './remotes-document.mjs';
import { runtimeConfig } from './runtime-config.mjs';
import { staticFiles } from './static-files.mjs';

export const defaultApiUrl = 'http://127.0.0.1:8080';

function sendRemotesDocument(res, env) {
  sendJson(res, remotesDocument(env));
}

function sendJson(res, document) {
  const body = JSON.stringify(document);
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * The shell's server: its build (SPA fallback), the runtime remotes document, and
 * the API forwarded on the same origin.
 */
export function createShellServer({ distDir, env = process.env }) {
  const apiUrl = env.API_URL || defaultApiUrl;
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`${distDir}/index.html is missing: build the shell first (node ../scripts/pnpm.mjs --filter @cgg/shell build)`);
  }
  const serveStatic = staticFiles(distDir);
  const servePage = htmlDocument(distDir, env);
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
    // App pages get index.html with a per-response CSP nonce; files come from the build.
    if (isPageRequest(pathname)) {
      servePage(req, res);
      return;
    }
    serveStatic(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end('Not found');
    });
  });
}
