import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildFiles, cacheControlFor } from '../src/build-files.mjs';

test('hashed build files are kept a year, the rest revalidated', () => {
  assert.equal(cacheControlFor('/__federation_expose_HomePage.1952dce844.js'), 'public, max-age=31536000, immutable');
  assert.equal(cacheControlFor('/assets/main.60190a0f1b.css'), 'public, max-age=31536000, immutable');
  assert.equal(cacheControlFor('/remoteEntry.js'), 'no-cache');
  assert.equal(cacheControlFor('/mf-manifest.json'), 'no-cache');
  assert.equal(cacheControlFor('/independent-packages/react_router_dom/7.18.5/share-entry.js'), 'no-cache');
});

test("a remote's files: CORS, the cache rule, the precompressed copy when accepted, 404 for a missing one", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'build-files-'));
  const source = 'export const x = 1;'.repeat(50);
  writeFileSync(path.join(dir, 'remoteEntry.js'), source);
  writeFileSync(path.join(dir, 'remoteEntry.js.gz'), gzipSync(source));
  writeFileSync(path.join(dir, '492.24d4a9b327.js'), 'x');
  const serve = buildFiles(dir, { cors: true });
  const server = http.createServer((req, res) => serve(req, res, () => res.writeHead(404).end()));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    const entry = await fetch(`${base}/remoteEntry.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(entry.headers.get('access-control-allow-origin'), '*');
    assert.equal(entry.headers.get('cache-control'), 'no-cache');
    assert.equal(entry.headers.get('content-encoding'), 'gzip');
    assert.equal(await entry.text(), source);
    const chunk = await fetch(`${base}/492.24d4a9b327.js`);
    assert.equal(chunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal((await fetch(`${base}/nope.js`)).status, 404);
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
