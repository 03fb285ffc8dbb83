import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { createPool } from '../db/pool.ts';
import { createImageVariants, parseVariantQuery, VARIANT_WIDTHS, type ImageVariants } from './image-variants.ts';

// Real files in a temp folder: uploads/ is what the route serves, cache/ is where variants go,
// outside.jpg sits next to uploads/ (a traversal target). The image route needs no database.
let root: string;
let uploads: string;
let cache: string;
let variants: ImageVariants;
let app: FastifyInstance;

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 60 } } });
const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><title>Logo</title></svg>';
const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const cacheFiles = async () => (await readdir(cache).catch(() => [] as string[])).sort();

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'image-variants-'));
  uploads = path.join(root, 'uploads');
  cache = path.join(root, 'cache');
  await mkdir(path.join(uploads, 'competitions'), { recursive: true });
  await solid(2000, 1000).jpeg().toFile(path.join(uploads, 'competitions', 'car.jpg'));
  await solid(400, 300).png().toFile(path.join(uploads, 'competitions', 'small.png'));
  await solid(1000, 500).jpeg().toFile(path.join(uploads, 'competitions', 'busy.jpg'));
  await solid(900, 600).png().toFile(path.join(uploads, 'competitions', 'edited.png'));
  await solid(700, 700).jpeg().toFile(path.join(root, 'outside.jpg'));
  await writeFile(path.join(uploads, 'competitions', 'logo.svg'), svg);
  await writeFile(path.join(uploads, 'competitions', 'broken.jpg'), 'not a jpeg at all');
  variants = createImageVariants(cache);
  app = buildApp({ pool: createPool({ max: 1 }), publicDir: uploads, imageVariants: variants });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(root, { recursive: true, force: true });
});

describe('/wp-content/uploads variants (?w=&format=)', () => {
  it('resizes a JPEG to a listed width as WebP, with the caching headers and a 304', async () => {
    const url = '/wp-content/uploads/competitions/car.jpg?w=640&format=webp';
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 320 });

    const original = await get('/wp-content/uploads/competitions/car.jpg');
    expect(res.headers.etag).toMatch(/^W\/".+-640-webp"$/);
    expect(res.headers.etag).not.toBe(original.headers.etag);
    const again = await get(url, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-type']).toBe('image/webp');
    expect(again.body).toBe('');
  });

  it('makes AVIF', async () => {
    const res = await get('/wp-content/uploads/competitions/car.jpg?w=320&format=avif');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/avif');
    // libvips reads AVIF as HEIF with AV1 compression.
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'heif', compression: 'av1', width: 320, height: 160 });
  });

  it('keeps the original format when format is left out, and the original width when w is', async () => {
    const resized = await get('/wp-content/uploads/competitions/car.jpg?w=960');
    expect(resized.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(resized.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 960, height: 480 });
    const converted = await get('/wp-content/uploads/competitions/small.png?format=webp');
    expect(converted.headers['content-type']).toBe('image/webp');
    expect(await sharp(converted.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 300 });
    const png = await get('/wp-content/uploads/competitions/small.png?w=320');
    expect(png.headers['content-type']).toBe('image/png');
    expect(await sharp(png.rawPayload).metadata()).toMatchObject({ format: 'png', width: 320, height: 240 });
  });

  it('never enlarges past the original', async () => {
    const res = await get('/wp-content/uploads/competitions/small.png?w=1600&format=webp');
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 400, height: 300 });
  });

  it('serves the file byte for byte without a query, and HEAD a variant without a body', async () => {
    const res = await get('/wp-content/uploads/competitions/car.jpg');
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.equals(await readFile(path.join(uploads, 'competitions', 'car.jpg')))).toBe(true);
    const full = await get('/wp-content/uploads/competitions/small.png?w=480&format=avif');
    const head = await app.inject({ method: 'HEAD', url: '/wp-content/uploads/competitions/small.png?w=480&format=avif' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(full.rawPayload.length));
    expect(head.body).toBe('');
  });

  it('leaves an SVG untouched whatever the query says, and writes nothing', async () => {
    const before = await cacheFiles();
    for (const query of ['?w=640&format=avif', '?w=123', '?format=bmp']) {
      const res = await get(`/wp-content/uploads/competitions/logo.svg${query}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.body).toBe(svg);
    }
    expect(await cacheFiles()).toEqual(before);
  });

  it.each([
    ['w=641', ['w']],
    ['w=abc&format=webp', ['w']],
    ['w=0640', ['w']],
    ['w=640.0', ['w']],
    ['w=', ['w']],
    ['w=640&w=320', ['w']],
    ['w=3200', ['w']],
    ['format=gif', ['format']],
    ['w=640&format=jpeg', ['format']],
    ['format=WEBP', ['format']],
    ['w=7&format=tiff', ['w', 'format']],
  ])('answers ?%s with a WordPress 400 naming %j, and writes nothing', async (query, fields) => {
    const made = variants.made;
    const before = await cacheFiles();
    const res = await get(`/wp-content/uploads/competitions/car.jpg?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.headers['cache-control']).toBeUndefined();
    const body = res.json() as { code: string; message: string; data: { status: number; params: Record<string, string> } };
    expect(body).toMatchObject({ code: 'rest_invalid_param', message: `Invalid parameter(s): ${fields.join(', ')}`, data: { status: 400 } });
    expect(Object.keys(body.data.params)).toEqual(fields);
    if (fields.includes('w')) expect(body.data.params.w).toContain(VARIANT_WIDTHS.join(', '));
    if (fields.includes('format')) expect(body.data.params.format).toContain('webp, avif');
    expect(variants.made).toBe(made);
    expect(await cacheFiles()).toEqual(before);
  });

  it('makes a variant once: the second request is served from the disk cache', async () => {
    const url = '/wp-content/uploads/competitions/car.jpg?w=480&format=webp';
    const before = new Set(await cacheFiles());
    const made = variants.made;
    const first = await get(url);
    expect(variants.made).toBe(made + 1);
    const added = (await cacheFiles()).filter((f) => !before.has(f));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^[0-9a-f]{40}\.webp$/);
    const cached = path.join(cache, added[0]!);
    const { mtimeMs } = await stat(cached);
    expect((await readFile(cached)).equals(first.rawPayload)).toBe(true);

    const second = await get(url);
    expect(second.statusCode).toBe(200);
    expect(variants.made).toBe(made + 1);
    expect((await stat(cached)).mtimeMs).toBe(mtimeMs);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);

    // Another instance on the same folder (a restart) finds it too.
    const fresh = createImageVariants(cache);
    const found = await fresh.get({ file: path.join(uploads, 'competitions', 'car.jpg'), key: 'competitions/car.jpg', ...(await sizeAndMtime('car.jpg')) }, { width: 480, format: 'webp' });
    expect(found.file).toBe(cached);
    expect(fresh.made).toBe(0);
  });

  it('makes a variant asked for by several requests at once only once', async () => {
    const made = variants.made;
    const url = '/wp-content/uploads/competitions/busy.jpg?w=960&format=avif';
    const answers = await Promise.all([get(url), get(url), get(url), get(url)]);
    expect(variants.made).toBe(made + 1);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    }
    expect((await cacheFiles()).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('makes fresh variants when the source changes', async () => {
    const url = '/wp-content/uploads/competitions/edited.png?w=320&format=webp';
    const first = await get(url);
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ width: 320, height: 213 });
    await solid(640, 640).png().toFile(path.join(uploads, 'competitions', 'edited.png'));
    const made = variants.made;
    const second = await get(url);
    expect(variants.made).toBe(made + 1);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    expect(await sharp(second.rawPayload).metadata()).toMatchObject({ width: 320, height: 320 });
  });

  it('answers a source sharp cannot read with a plain 500, no caching headers and nothing cached', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const before = await cacheFiles();
      const res = await get('/wp-content/uploads/competitions/broken.jpg?w=320&format=webp');
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['cache-control']).toBeUndefined();
      expect(res.headers.etag).toBeUndefined();
      expect(await cacheFiles()).toEqual(before);
    } finally {
      quiet.mockRestore();
    }
  });

  it.each([
    '/wp-content/uploads/../outside.jpg?w=320&format=webp',
    '/wp-content/uploads/%2e%2e/outside.jpg?w=320&format=webp',
    '/wp-content/uploads/..%2foutside.jpg?w=320&format=webp',
    '/wp-content/uploads/competitions/%2e%2e%2f%2e%2e%2foutside.jpg?w=320',
    '/wp-content/uploads/competitions/car.jpg%00.png?w=320&format=webp',
    '/wp-content/uploads/competitions/nope.jpg?w=320&format=webp',
  ])('still refuses %s with a WordPress 404, making nothing', async (url) => {
    const made = variants.made;
    const before = await cacheFiles();
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ data: { status: 404 } });
    expect(variants.made).toBe(made);
    expect(await cacheFiles()).toEqual(before);
  });
});

describe('parseVariantQuery', () => {
  it('is null without w or format and reads both', () => {
    expect(parseVariantQuery({})).toBeNull();
    expect(parseVariantQuery({ v: '2' })).toBeNull();
    expect(parseVariantQuery({ w: '1280' })).toEqual({ width: 1280, format: null });
    expect(parseVariantQuery({ format: 'avif' })).toEqual({ width: null, format: 'avif' });
    expect(parseVariantQuery({ w: '320', format: 'webp', v: '2' })).toEqual({ width: 320, format: 'webp' });
  });
});

async function sizeAndMtime(name: string): Promise<{ size: number; mtimeMs: number }> {
  const info = await stat(path.join(uploads, 'competitions', name));
  return { size: info.size, mtimeMs: info.mtimeMs };
}
