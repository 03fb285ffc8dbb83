import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createPool } from '../db/pool.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { safeJoin } from './static-uploads.ts';

// The image route needs no database; a pool that is never connected stands in.
let app: FastifyInstance;
beforeAll(async () => {
  app = buildApp({ pool: createPool({ max: 1 }) });
  await app.ready();
});
afterAll(() => app.close());

describe('/wp-content/uploads', () => {
  it('serves a seeded SVG with type and caching headers, and 304 on a matching ETag', async () => {
    const url = '/wp-content/uploads/competitions/audi-rs3-sportback.svg';
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toContain('max-age=');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toContain('<svg');
    expect(res.body).toContain('Audi RS3 Sportback');
    const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const head = await app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it.each([
    '/wp-content/uploads/../../package.json',
    '/wp-content/uploads/%2e%2e/%2e%2e/package.json',
    '/wp-content/uploads/..%2f..%2f..%2fpackage.json',
    '/wp-content/uploads/competitions/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fsrc%2fapp.ts',
    '/wp-content/uploads/competitions/nope.svg',
    '/wp-content/uploads/competitions/audi-rs3-sportback.svg%00.png',
    '/wp-content/uploads/competitions',
  ])('refuses %s with a WordPress 404', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ data: { status: 404 } });
  });
});

describe('safeJoin', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'uploads-'));
    await mkdir(path.join(root, 'a'));
    await writeFile(path.join(root, 'a', 'x.svg'), '<svg/>');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('keeps paths inside the root', () => {
    expect(safeJoin(root, 'a/x.svg')).toBe(path.join(root, 'a', 'x.svg'));
    expect(safeJoin(root, '/a/x.svg')).toBe(path.join(root, 'a', 'x.svg'));
    expect(safeJoin(root, '../etc/passwd')).toBeNull();
    expect(safeJoin(root, 'a/../../x')).toBeNull();
    expect(safeJoin(root, '')).toBeNull();
    expect(safeJoin(root, 'a\0.svg')).toBeNull();
  });
});
