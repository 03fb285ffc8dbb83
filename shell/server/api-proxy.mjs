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
 *
 * The API's own answer always wins. It may answer before it has read the whole body
 * (413 for a body over its limit, 415 for one that is not JSON) and then stop reading
 * or close the connection while we are still forwarding that body, so the upload
 * stalls or fails with EPIPE/ECONNRESET. That is not "the shop is unavailable" (502):
 * once the API has answered, its status, headers (Retry-After...) and body go to the
 * browser unchanged, the rest of the browser's upload is read and dropped so the
 * browser sees no reset, and only an answer cut off half way is passed on as a cut
 * connection. 502 is for an API that could not be reached or gave no answer at all.
 */
export function proxyToApi(req, res, apiUrl) {
  const target = new URL(req.url ?? '/', apiUrl);
  const client = target.protocol === 'https:' ? https : http;
  const headers = forwardableHeaders(req.headers);
  headers.host = target.host;
  headers['x-forwarded-host'] = req.headers.host ?? '';
  headers['x-forwarded-proto'] = req.socket.encrypted ? 'https' : 'http';
  headers['x-forwarded-for'] = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');

  let answered = false;
  const upstream = client.request(target, { method: req.method, headers }, (apiRes) => {
    answered = true;
    res.writeHead(apiRes.statusCode ?? 502, forwardableHeaders(apiRes.headers));
    if (String(apiRes.headers['content-type'] ?? '').startsWith('text/event-stream')) {
      // Server-Sent Events (the community chat): send headers and every event at once.
      res.flushHeaders();
      res.socket?.setNoDelay(true);
    }
    apiRes.pipe(res);
    // A cut answer: cut ours too, so the browser cannot take a partial body for a whole one.
    apiRes.on('error', () => res.destroy());
    // The API has said all it will say before the body was all sent (a refusal): the rest of
    // the body is of no use to it, and an API that stops reading would stall the upload.
    apiRes.on('end', () => {
      if (!req.complete) dropRestOfBody();
    });
  });
  // Stop forwarding the browser's body and read and drop the rest of it, so the browser's
  // upload ends normally and it reads the answer instead of a reset connection.
  const dropRestOfBody = () => {
    req.unpipe(upstream);
    upstream.destroy();
    req.resume();
  };
  upstream.on('error', () => {
    if (answered) dropRestOfBody();
    else answerBadGateway(res);
  });
  // The browser went away (closed tab, EventSource closed): stop the upstream request too,
  // or a long-lived stream would stay open on the API.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}
