// @vitest-environment node
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_BEARER } from '@cgg/contracts';
import { createShopData } from './shop-data.mjs';
import { competition } from './test-fixtures.mjs';

let api;
let apiUrl;
let seen = [];
let delayMs = 0;

beforeAll(async () => {
  // A stand-in shop API: competition 42 exists, any other id is WordPress' 404.
  api = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const route = new URL(req.url, 'http://x').searchParams.get('rest_route');
      seen.push({ route, body, authorization: req.headers.authorization });
      const send = (status, json) => setTimeout(() => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(json)), delayMs);
      if (route === '/api/v1/getcompetition') {
        const { id } = JSON.parse(body);
        if (id === 42) send(200, { success: true, data: competition() });
        else send(404, { code: 'rest_competition_invalid_id', message: 'Invalid competition ID.', data: { status: 404 } });
      } else send(500, { code: 'internal', message: 'boom', data: { status: 500 } });
    });
  });
  await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${api.address().port}`;
});
afterAll(() => new Promise((resolve) => api.close(resolve)));

const quiet = { warn: () => {} };

describe('shop data for page heads', () => {
  it("reads with the storefront's credential, shares one read between requests and keeps it for the TTL", async () => {
    seen = [];
    let clock = 0;
    const data = createShopData({ apiUrl, now: () => clock, log: quiet, ttlMs: 60_000 });
    const [a, b] = await Promise.all([data.competition(42), data.competition(42)]);
    expect(a.data.title).toBe('Audi RS3 Sportback');
    expect(b).toBe(a);
    expect(seen).toEqual([{ route: '/api/v1/getcompetition', body: '{"id":42}', authorization: `Bearer ${SITE_BEARER}` }]);
    clock = 59_000;
    await data.competition(42);
    expect(seen).toHaveLength(1);
    clock = 61_000;
    await data.competition(42);
    expect(seen).toHaveLength(2);
  });

  it('by default shares only reads in flight: a request after an answer reads again (tickets left stay current)', async () => {
    seen = [];
    const data = createShopData({ apiUrl, log: quiet });
    await Promise.all([data.competition(42), data.competition(42), data.competition(42)]);
    expect(seen).toHaveLength(1);
    await data.competition(42);
    expect(seen).toHaveLength(2);
  });

  it('tells a missing competition (null) from an API that failed (undefined), and asks again after a failure', async () => {
    seen = [];
    const data = createShopData({ apiUrl, log: quiet });
    expect(await data.competition(999)).toBeNull();
    expect(await data.settings()).toBeUndefined();
    expect(await data.settings()).toBeUndefined();
    expect(seen.filter((s) => s.route === '/api/v1/getsettings')).toHaveLength(2);
  });

  it('gives up on a slow API after its timeout', async () => {
    delayMs = 500;
    try {
      const data = createShopData({ apiUrl, timeoutMs: 100, log: quiet });
      expect(await data.competition(42)).toBeUndefined();
    } finally {
      delayMs = 0;
    }
  });
});
