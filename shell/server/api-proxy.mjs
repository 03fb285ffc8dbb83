import http from 'node:http';
import https from 'node:https';

/** Requests that belong to the shop API (docs/decisions.md#wordpress-shaped-api): `/?rest_route=...`, `/wp-json/...`, `/wp-content/...`. */
export function isApiRequest(rawUrl = '/') {
  const url = new URL(rawUrl, 'http://shell.invalid');
  if (url.pathname.startsWith('/wp-json/') || url.pathname === '/wp-json') return true;
  if (url.pathname.startsWith('/wp-content/')) return true;
  return url.searchParams.has('rest_route');
}

// Hop-by-hop headers belong to one connection and are not forwarded (RFC 9110 7.6.1).
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authorization', 'proxy-authenticate']);

function forwardableHeaders(headers) {
  const out = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value !== undefined && !hopByHop.has(key.toLowerCase())) out[key] = value;
  }
  return out;
}

/** What the browser gets when the API cannot be reached: WordPress' error shape, like every API error. */
export function apiUnavailableBody() {
  return { code: 'cgg_api_unavailable', message: 'The shop is unavailable right now. Please try again in a moment.', data: { status: 502 } };
}

function answerBadGateway(res) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify(apiUnavailableBody());
  res.writeHead(502, { 'Content-Type': 'application/json; charset=UTF-8', 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' });
  res.end(body);
}

/**
 * Streams a request to the API and its answer back, headers included (Nonce and
 * Cart-Token travel both ways), so the browser only ever talks to its own origin.
 */
export function proxyToApi(req, res, apiUrl) {
  const target = new URL(req.url ?? '/', apiUrl);
  const client = target.protocol === 'https:' ? https : http;
  const headers = forwardableHeaders(req.headers);
  headers.host = target.host;
  headers['x-forwarded-host'] = req.headers.host ?? '';
  headers['x-forwarded-proto'] = req.socket.encrypted ? 'https' : 'http';
  headers['x-forwarded-for'] = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');

  const upstream = client.request(target, { method: req.method, headers }, (apiRes) => {
    res.writeHead(apiRes.statusCode ?? 502, forwardableHeaders(apiRes.headers));
    if (String(apiRes.headers['content-type'] ?? '').startsWith('text/event-stream')) {
      // Server-Sent Events (the community chat): send headers and every event at once.
      res.flushHeaders();
      res.socket?.setNoDelay(true);
    }
    apiRes.pipe(res);
    apiRes.on('error', () => res.destroy());
  });
  upstream.on('error', () => answerBadGateway(res));
  // The browser went away (closed tab, EventSource closed): stop the upstream request too,
  // or a long-lived stream would stay open on the API.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}
