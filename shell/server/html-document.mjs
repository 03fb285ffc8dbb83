import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { headTags, withHead } from './page-head/head-tags.mjs';
import { pageHead } from './page-head/page-heads.mjs';
import { remotesDocument } from './remotes-document.mjs';
import { feedConnectOrigins } from './runtime-config.mjs';

/**
 * The Content-Security-Policy of every HTML page. Scripts run only from this origin, the
 * remotes' origins (from the same environment as /remotes.json) and elements carrying
 * this response's nonce. The operator's `frontend_scripts` (shop settings) are injected
 * by the shell with that nonce, so they run, while any markup smuggled in elsewhere
 * (a chat message, a competition text) cannot. Origins their scripts load from go in
 * CSP_SCRIPT_ORIGINS / CSP_CONNECT_ORIGINS.
 *
 * style-src allows inline styles: notistack (goober) writes a <style> element at run
 * time and React sets style attributes; styles cannot run code.
 */
export function contentSecurityPolicy(nonce, env = process.env) {
  const remoteOrigins = [...new Set(remotesDocument(env).remotes.map((r) => new URL(r.entry).origin))];
  const list = (value) => (value ?? '').split(/[\s,]+/).filter(Boolean);
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, ...remoteOrigins, ...list(env.CSP_SCRIPT_ORIGINS)],
    'style-src': ["'self'", "'unsafe-inline'", ...remoteOrigins],
    'img-src': ["'self'", 'data:', 'blob:', ...remoteOrigins, ...list(env.CSP_IMG_ORIGINS)],
    'font-src': ["'self'", 'data:', ...remoteOrigins],
    // Federation manifests, the API (same origin), the chat stream and the instant-win feed (RTDB WebSocket).
    'connect-src': ["'self'", ...remoteOrigins, ...feedConnectOrigins(env), 'wss://*.firebaseio.com', 'wss://*.firebasedatabase.app', ...list(env.CSP_CONNECT_ORIGINS)],
    'frame-src': ["'self'", ...list(env.CSP_FRAME_ORIGINS)],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

export function newNonce() {
  return randomBytes(18).toString('base64');
}

/** Puts the nonce on every <script> of the page; the app reads it back from them (script.nonce). */
export function withNonce(html, nonce) {
  return html.replace(/<script\b/gi, `<script nonce="${nonce}"`);
}

/** A path the SPA answers with index.html: no file extension in its last segment, or /index.html. */
export function isPageRequest(pathname) {
  if (pathname === '/index.html') return true;
  const last = pathname.split('/').pop() ?? '';
  return !last.includes('.');
}

/**
 * Pages the server renders: found, and public. Personal pages (basket, checkout, account,
 * sign-in) are rendered in the browser, so HTML never carries one customer's data to another.
 */
export function isPublicPage(head) {
  return head.status === 200 && head.robots !== 'noindex';
}

/** index.html's empty `#root` filled with the server's rendering, marked for the browser to hydrate. */
export function withRenderedRoot(html, rootHtml) {
  return html.replace('<div id="root"></div>', () => `<div id="root" data-server-rendered="true">${rootHtml}</div>`);
}

/** Text answers are compressed when the browser accepts it (brotli first); small ones are not worth it. */
export function compressed(req, body) {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  if (body.length < 1024) return { body, encoding: null };
  if (/\bbr\b/.test(accepts)) return { body: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), encoding: 'br' };
  if (/\bgzip\b/.test(accepts)) return { body: gzipSync(body), encoding: 'gzip' };
  return { body, encoding: null };
}

/**
 * Serves index.html with the page's own head (title, description, canonical, link-preview
 * tags, JSON-LD, the first image preloaded: page-head/), the remotes document and the page
 * data inline, preloads of the page's remote files, a fresh nonce and the CSP header.
 * HTML is never cached: it names the current release's files.
 */
export function htmlDocument(distDir, env = process.env, { data, siteUrl, siteName, remotePreloads, renderPage }) {
  const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const remotes = remotesDocument(env);
  const origin = new URL(siteUrl).origin;
  return async (req, res, pathname) => {
    const head = await pageHead(pathname, { data, siteUrl });
    const at = Date.now();
    const [preloads, rendered] = await Promise.all([
      remotePreloads ? remotePreloads(head.owner, head.module) : [],
      renderPage && isPublicPage(head) ? renderPage({ url: new URL(req.url ?? pathname, origin), entries: head.pageData, at }) : null,
    ]);
    const nonce = newNonce();
    const tags = headTags(head, siteName, { remotes, pageData: rendered?.entries ?? head.pageData, pageDataAt: at, rendered: Boolean(rendered), preloads, origin });
    // The nonce goes on the template's own scripts only, before the rendered page goes in.
    const page = withNonce(withHead(template, tags), nonce);
    const html = Buffer.from(rendered ? withRenderedRoot(page, rendered.html) : page);
    const { body, encoding } = compressed(req, html);
    res.writeHead(head.status, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      'Content-Length': body.length,
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
      Vary: 'Accept-Encoding',
      'Content-Security-Policy': contentSecurityPolicy(nonce, env),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
