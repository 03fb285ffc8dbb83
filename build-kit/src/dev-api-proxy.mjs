import http from 'node:http';
import https from 'node:https';

/** Where the shop API listens when API_URL is not set (briefing: ports). */
export const defaultApiUrl = 'http://127.0.0.1:8080';

/**
 * Requests that belong to the shop API (docs/decisions.md#wordpress-shaped-api): `/?rest_route=...`, `/wp-json/...`,
 * `/wp-content/...` (seeded images).
 * @param {string} [rawUrl] request URL, path and query
 */
export function isApiRequest(rawUrl = '/') {
  const url = new URL(rawUrl, 'http://dev.invalid');
  if (url.pathname === '/wp-json' || url.pathname.startsWith('/wp-json/')) return true;
  if (url.pathname.startsWith('/wp-content/')) return true;
  return url.searchParams.has('rest_route');
}

/**
 * A dev server middleware that streams API requests to the API, so a page on the dev server calls
 * the API on its own origin, as in the site. It must be a middleware placed first, not a dev server
 * `proxy` entry: the dev server answers `/` (and so `/?rest_route=...`) with index.html before it
 * consults `proxy`.
 * @param {{ apiUrl?: string }} [options] apiUrl defaults to API_URL, then the local API
 * @returns {{ name: string, middleware: (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void }}
 */
export function devApiProxy({ apiUrl = process.env.API_URL || defaultApiUrl } = {}) {
  return {
    name: 'cgg-dev-api-proxy',
    middleware(req, res, next) {
      if (!isApiRequest(req.url)) return next();
      const target = new URL(req.url ?? '/', apiUrl);
      const client = target.protocol === 'https:' ? https : http;
      const upstream = client.request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => {
        if (res.headersSent) return void res.destroy();
        // WordPress' error shape, like every API error, so pages show their usual failure state.
        res.writeHead(502, { 'Content-Type': 'application/json; charset=UTF-8' });
        res.end(JSON.stringify({ code: 'cgg_api_unavailable', message: `API not reachable at ${apiUrl}`, data: { status: 502 } }));
      });
      req.pipe(upstream);
    },
  };
}
