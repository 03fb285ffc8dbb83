import { competitionListResponseSchema, settingsResponseSchema, wpErrorSchema } from '@cgg/contracts';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from './app.ts';
import { createTestApp, rowCounts } from './test/test-database.ts';

let app: FastifyInstance;
let pool: pg.Pool;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, pool, close } = await createTestApp());
});
afterAll(() => close());

const restRoute = (name: string): string => `/?rest_route=/api/v1/${name}`;
const json = { 'content-type': 'application/json' };

/** Asserts a WordPress-shaped error with this status and code. */
function expectWpError(res: { statusCode: number; json(): unknown }, status: number, code: string): void {
  expect(res.statusCode).toBe(status);
  const body = wpErrorSchema.parse(res.json());
  expect(body.code).toBe(code);
  expect(body.data?.status).toBe(status);
}

describe('routing', () => {
  it('answers the same call through rest_route and /wp-json', async () => {
    const a = await app.inject({ method: 'GET', url: restRoute('getsettings') });
    const b = await app.inject({ method: 'GET', url: '/wp-json/api/v1/getsettings' });
    expect(a.statusCode).toBe(200);
    expect(settingsResponseSchema.parse(a.json())).toEqual(settingsResponseSchema.parse(b.json()));
  });

  it('dispatches POST calls both ways', async () => {
    for (const url of [restRoute('competition'), '/wp-json/api/v1/competition']) {
      const res = await app.inject({ method: 'POST', url, headers: json, payload: { limit: 3 } });
      expect(res.statusCode).toBe(200);
      expect(competitionListResponseSchema.parse(res.json()).data).toHaveLength(3);
    }
  });

  it('matches route names case-insensitively and ignores a trailing slash, like WordPress', async () => {
    expect((await app.inject({ method: 'GET', url: restRoute('GetSettings/') })).statusCode).toBe(200);
  });

  it('answers rest_no_route for unknown routes, wrong methods and stray paths', async () => {
    const res = await app.inject({ method: 'GET', url: restRoute('nope') });
    expectWpError(res, 404, 'rest_no_route');
    expect(res.json().message).toBe('No route was found matching the URL and request method.');
    expectWpError(await app.inject({ method: 'POST', url: restRoute('getsettings'), headers: json, payload: {} }), 404, 'rest_no_route');
    expectWpError(await app.inject({ method: 'GET', url: restRoute('competition') }), 404, 'rest_no_route');
    expectWpError(await app.inject({ method: 'GET', url: '/' }), 404, 'rest_no_route');
    expectWpError(await app.inject({ method: 'GET', url: '/wp-json/wc/v3/orders' }), 404, 'rest_no_route');
    expectWpError(await app.inject({ method: 'DELETE', url: restRoute('getsettings') }), 404, 'rest_no_route');
    expectWpError(await app.inject({ method: 'GET', url: '/some/page' }), 404, 'rest_no_route');
  });
});

describe('bad input gets a 4xx WordPress error and writes nothing', () => {
  const cases: Array<{ name: string; body: string; headers?: Record<string, string>; url?: string; status: number; code: string }> = [
    { name: 'malformed JSON', body: '{"page": 1,', status: 400, code: 'rest_invalid_json' },
    { name: 'prototype poisoning', body: '{"__proto__": {"x": 1}}', status: 400, code: 'rest_invalid_json' },
    { name: 'empty JSON body', body: '', status: 400, code: 'rest_invalid_json' },
    { name: 'wrong type', body: JSON.stringify({ page: 'two' }), status: 400, code: 'rest_invalid_param' },
    { name: 'out of range', body: JSON.stringify({ limit: 1000 }), status: 400, code: 'rest_invalid_param' },
    { name: 'unknown field', body: JSON.stringify({ drop: 'table' }), status: 400, code: 'rest_invalid_param' },
    { name: 'array body', body: '[1,2]', status: 400, code: 'rest_invalid_param' },
    { name: 'unknown status', body: JSON.stringify({ status: 'deleted' }), status: 400, code: 'rest_invalid_param' },
    { name: 'form body', body: 'page=1', headers: { 'content-type': 'application/x-www-form-urlencoded' }, status: 415, code: 'rest_unsupported_media_type' },
    { name: 'huge body', body: JSON.stringify({ category: 'x'.repeat(BODY_LIMIT_BYTES) }), status: 413, code: 'rest_request_too_large' },
    { name: 'missing id', body: '{}', url: restRoute('getcompetition'), status: 400, code: 'rest_missing_callback_param' },
    { name: 'unknown id', body: JSON.stringify({ id: 999_999 }), url: restRoute('getcompetition'), status: 404, code: 'rest_competition_invalid_id' },
    { name: 'id beyond int4', body: JSON.stringify({ id: 2 ** 40 }), url: restRoute('getcompetition'), status: 404, code: 'rest_competition_invalid_id' },
    { name: 'fractional id', body: JSON.stringify({ id: 1.5 }), url: restRoute('getcompetition'), status: 400, code: 'rest_invalid_param' },
    { name: 'SEO without page', body: '{}', url: restRoute('getSEOSettings'), status: 400, code: 'rest_missing_callback_param' },
    // Beyond PostgreSQL's integer: refused by the schema, not a 500 from the query.
    { name: 'draw proof id beyond int4', body: JSON.stringify({ id: 2 ** 31 }), url: restRoute('draw_proof'), status: 400, code: 'rest_invalid_param' },
  ];

  it.each(cases)('$name', async ({ body, headers, url, status, code }) => {
    const before = await rowCounts(pool);
    const res = await app.inject({ method: 'POST', url: url ?? restRoute('competition'), headers: headers ?? json, payload: body });
    expectWpError(res, status, code);
    expect(await rowCounts(pool)).toEqual(before);
  });

  it('names the offending parameters', async () => {
    const res = await app.inject({ method: 'POST', url: restRoute('competition'), headers: json, payload: { page: 'x', nope: 1 } });
    expect(Object.keys(res.json().data.params).sort()).toEqual(['nope', 'page']);
  });
});

describe('authorization header', () => {
  it.each(['Bearer', 'Basic abc', 'Bearer \u0001', 'x'.repeat(5000), 'Bearer cgg-storefront', 'Bearer some-visitor-token'])(
    'content calls stay public with Authorization %#',
    async (authorization) => {
      const res = await app.inject({ method: 'POST', url: restRoute('featured_competition'), headers: { ...json, authorization }, payload: {} });
      expect(res.statusCode).toBe(200);
    },
  );
});
