// @vitest-environment node
import http from 'node:http';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShellServer } from './create-server.mjs';
import { manifestUrl, remotesDocument } from './remotes-document.mjs';

function listen(server) {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}`)));
}
const close = (server) => new Promise((resolve) => server.close(() => resolve()));

let dist;
let api;
let apiUrl;
let apiSeen;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'shell-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'main.0123456789.js'), 'console.log(1)');
  // A stand-in shop API that echoes what it received and answers with cart headers.
  api = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      apiSeen = { method: req.method, url: req.url, body, nonce: req.headers.nonce, cartToken: req.headers['cart-token'] };
      res.writeHead(201, { 'Content-Type': 'application/json', Nonce: 'n-123', 'Cart-Token': 'jwt.abc' });
      res.end(JSON.stringify({ ok: true }));
    });
  });
  apiUrl = await listen(api);
});

afterAll(async () => {
  await close(api);
  rmSync(dist, { recursive: true, force: true });
});

async function withShell(env, run) {
  const server = createShellServer({ distDir: dist, env });
  const base = await listen(server);
  try {
    await run(base);
  } finally {
    server.closeAllConnections();
    await close(server);
  }
}

describe('remotes document', () => {
  it('builds manifest URLs from the base URLs in the environment', () => {
    expect(remotesDocument({ CATALOGUE_URL: 'https://cat.example.com/', CART_CHECKOUT_URL: 'http://localhost:4002', ACCOUNT_URL: 'https://cdn.example.com/account/v2/mf-manifest.json' })).toEqual({
      remotes: [
        { name: 'catalogue', entry: 'https://cat.example.com/mf-manifest.json' },
        { name: 'cartCheckout', entry: 'http://localhost:4002/mf-manifest.json' },
        { name: 'account', entry: 'https://cdn.example.com/account/v2/mf-manifest.json' },
      ],
    });
    expect(manifestUrl('http://localhost:3001')).toBe('http://localhost:3001/mf-manifest.json');
  });

  it('is served at /remotes.json, uncached, with defaults', async () => {
    await withShell({ CATALOGUE_URL: 'http://cat.test:9001' }, async (base) => {
      const res = await fetch(`${base}/remotes.json`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const doc = await res.json();
      expect(doc.remotes).toEqual([
        { name: 'catalogue', entry: 'http://cat.test:9001/mf-manifest.json' },
        { name: 'cartCheckout', entry: 'http://localhost:3002/mf-manifest.json' },
        { name: 'account', entry: 'http://localhost:3003/mf-manifest.json' },
      ]);
    });
  });
});

describe('API forwarding', () => {
  it('forwards rest_route requests with method, body and cart headers both ways', async () => {
    await withShell({ API_URL: apiUrl }, async (base) => {
      const res = await fetch(`${base}/?rest_route=/wc/store/v1/cart/add-item`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Nonce: 'n-1', 'Cart-Token': 'jwt.old' },
        body: JSON.stringify({ id: 5, quantity: 2 }),
      });
      expect(res.status).toBe(201);
      expect(res.headers.get('nonce')).toBe('n-123');
      expect(res.headers.get('cart-token')).toBe('jwt.abc');
      expect(await res.json()).toEqual({ ok: true });
      expect(apiSeen).toEqual({ method: 'POST', url: '/?rest_route=/wc/store/v1/cart/add-item', body: '{"id":5,"quantity":2}', nonce: 'n-1', cartToken: 'jwt.old' });
    });
  });

  it('forwards /wp-json and /wp-content paths', async () => {
    await withShell({ API_URL: apiUrl }, async (base) => {
      await fetch(`${base}/wp-json/api/v1/getsettings`);
      expect(apiSeen.url).toBe('/wp-json/api/v1/getsettings');
      await fetch(`${base}/wp-content/uploads/competitions/car.svg`);
      expect(apiSeen.url).toBe('/wp-content/uploads/competitions/car.svg');
    });
  });

  it('answers 502 with a WordPress-shaped error when the API is down', async () => {
    const dead = http.createServer();
    const deadUrl = await listen(dead);
    await close(dead);
    await withShell({ API_URL: deadUrl }, async (base) => {
      const res = await fetch(`${base}/?rest_route=/api/v1/getsettings`);
      expect(res.status).toBe(502);
      const body = await res.json();
      expect(body).toMatchObject({ code: expect.any(String), message: expect.any(String), data: { status: 502 } });
    });
  });
});

describe('static files', () => {
  it('serves index.html for app routes, uncached', async () => {
    await withShell({}, async (base) => {
      const res = await fetch(`${base}/competition/details/win-a-car-12`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    });
  });

  it('caches hashed assets for a year and 404s a missing asset', async () => {
    await withShell({}, async (base) => {
      const asset = await fetch(`${base}/assets/main.0123456789.js`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toContain('immutable');
      const missing = await fetch(`${base}/assets/gone.9999999999.js`);
      expect(missing.status).toBe(404);
    });
  });
});
