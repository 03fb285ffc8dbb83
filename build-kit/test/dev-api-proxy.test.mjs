import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { devApiProxy, isApiRequest } from '../src/dev-api-proxy.mjs';

test('API requests are /?rest_route=..., /wp-json/... and /wp-content/...', () => {
  assert.equal(isApiRequest('/?rest_route=/api/v1/settings'), true);
  assert.equal(isApiRequest('/wp-json/wp/v2/posts'), true);
  assert.equal(isApiRequest('/wp-content/uploads/competitions/car.svg'), true);
  assert.equal(isApiRequest('/'), false);
  assert.equal(isApiRequest('/competitions/all'), false);
  assert.equal(isApiRequest('/wp-contentious'), false);
  assert.equal(isApiRequest('/standalone.js'), false);
});

/** Starts `handler` on a free loopback port; returns its base URL and a close function. */
async function listen(handler) {
  const server = http.createServer(handler);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A dev server stand-in: the proxy first, then a page for everything else. */
function devPage(apiUrl) {
  const { middleware } = devApiProxy({ apiUrl });
  return listen((req, res) => middleware(req, res, () => res.end('the page')));
}

test('forwards API requests with method, path and query, and serves everything else itself', async (t) => {
  const api = await listen((req, res) => {
    res.setHeader('Nonce', 'abc');
    res.end(JSON.stringify({ method: req.method, url: req.url }));
  });
  const page = await devPage(api.url);
  t.after(async () => {
    await page.close();
    await api.close();
  });

  const answer = await fetch(`${page.url}/?rest_route=/api/v1/cart`, { method: 'POST', body: '{}' });
  assert.deepEqual(await answer.json(), { method: 'POST', url: '/?rest_route=/api/v1/cart' });
  assert.equal(answer.headers.get('nonce'), 'abc');
  assert.equal(await (await fetch(`${page.url}/competitions/all`)).text(), 'the page');
});

test('an unreachable API answers 502 in WordPress error shape', async (t) => {
  const gone = await listen((_req, res) => res.end());
  await gone.close();
  const page = await devPage(gone.url);
  t.after(() => page.close());

  const answer = await fetch(`${page.url}/wp-json/x`);
  assert.equal(answer.status, 502);
  const body = await answer.json();
  assert.equal(body.code, 'cgg_api_unavailable');
  assert.equal(body.data.status, 502);
});
