import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { rspack } from '@rspack/core';
import { PrecompressPlugin } from '../src/precompress-plugin.mjs';

/** Builds `files` (name -> source) with the plugin, in production mode; returns the output folder. */
function build(files) {
  const dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
  for (const [name, source] of Object.entries(files)) writeFileSync(path.join(dir, name), source);
  const compiler = rspack({
    mode: 'production',
    context: dir,
    entry: Object.fromEntries(Object.keys(files).map((name) => [path.parse(name).name, `./${name}`])),
    devtool: 'source-map',
    output: { path: path.join(dir, 'dist'), filename: '[name].js' },
    plugins: [new PrecompressPlugin()],
  });
  return new Promise((resolve, reject) => {
    compiler.run((err, stats) => {
      compiler.close(() => {});
      if (err || stats?.hasErrors()) reject(err ?? new Error(stats?.toString()));
      else resolve({ dir, dist: path.join(dir, 'dist') });
    });
  });
}

test('writes .gz and .br next to a large asset that decompress to the asset itself', async (t) => {
  const big = `console.log(${JSON.stringify('a long line of competition text '.repeat(60))});\n`;
  const small = 'console.log(1);\n';
  const { dir, dist } = await build({ 'big.js': big, 'small.js': small });
  t.after(() => rmSync(dir, { recursive: true, force: true }));

  const original = readFileSync(path.join(dist, 'big.js'));
  assert.ok(original.length >= 512);
  assert.deepEqual(gunzipSync(readFileSync(path.join(dist, 'big.js.gz'))), original);
  assert.deepEqual(brotliDecompressSync(readFileSync(path.join(dist, 'big.js.br'))), original);

  // Too small to gain anything, and source maps are only for developer tools.
  assert.equal(existsSync(path.join(dist, 'small.js.gz')), false);
  assert.equal(existsSync(path.join(dist, 'big.js.map')), true);
  assert.equal(existsSync(path.join(dist, 'big.js.map.gz')), false);
});
