#!/usr/bin/env node
// `build`: the API compiled to JavaScript for production (`node dist/main.js`, `node dist/cli.js`),
// so a server runs no TypeScript compiler (tsx stays for development and `npm start`).
// esbuild bundles our code and @cgg/contracts (a workspace package shipped as TypeScript source)
// into dist/; every npm dependency stays an import of node_modules (native ones, sharp and pg,
// cannot be bundled; the others keep their own files and licences). Files the code reads at
// run time (migrations/, public/, firebase/) are found from the package folder (src/lib/package-dir.ts).
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
const bundled = new Set(['@cgg/contracts']);
const external = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((name) => !bundled.has(name));

const outdir = path.join(packageDir, 'dist');
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: packageDir,
  entryPoints: { main: 'src/main.ts', cli: 'src/cli/main.ts' },
  outdir,
  bundle: true,
  splitting: true,
  chunkNames: '[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});
const bytes = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js')).reduce((n, [, o]) => n + o.bytes, 0);
console.log(`[shop-api build] dist/main.js, dist/cli.js and their shared chunks: ${(bytes / 1024).toFixed(0)} KiB`);
