import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { workspaceRoot } from '../src/catalog.mjs';
import { assertNoDevelopmentBuilds, developmentMarkers, findDevelopmentBuilds } from '../src/development-build-check.mjs';
import { remoteConfig } from '../src/remote-config.mjs';

/** Writes `files` (relative name -> text) into a fresh folder; returns it. */
function fakeDist(t, files) {
  const dir = mkdtempSync(path.join(tmpdir(), 'dev-build-check-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const sourceMap = (...sources) => JSON.stringify({ version: 3, sources, names: [], mappings: '' });
const pnpmPath = (pkg, file) => `webpack://shell/../node_modules/.pnpm/${pkg}@1.0.0/node_modules/${pkg}/${file}`;

test('a clean production dist passes', (t) => {
  const dist = fakeDist(t, {
    'assets/main.1234567890.js': '(()=>{"use strict";console.log("production")})();',
    'assets/main.1234567890.js.map': sourceMap(pnpmPath('react-router', 'dist/production/chunk-7RTFRKQW.mjs'), pnpmPath('react', 'cjs/react.production.js')),
    'index.html': '<script src="/assets/main.1234567890.js"></script>',
  });
  assert.deepEqual(findDevelopmentBuilds(dist), []);
  assertNoDevelopmentBuilds(dist);
});

test("react-router's development build, named by a source map, fails with the file and the source", (t) => {
  const dist = fakeDist(t, {
    '583.abcdef0123.js': 'console.log(1);',
    '583.abcdef0123.js.map': sourceMap(pnpmPath('react-router', 'dist/development/chunk-6KYCQHYJ.mjs')),
  });
  assert.throws(() => assertNoDevelopmentBuilds(dist, 'remote-catalogue/dist'), (err) => {
    assert.match(err.message, /^remote-catalogue\/dist holds a development build/);
    assert.match(err.message, /583\.abcdef0123\.js\.map: react-router development build \(source .*\/react-router\/dist\/development\/chunk-6KYCQHYJ\.mjs\)/);
    return true;
  });
});

test('code markers of development builds fail, in nested folders too', (t) => {
  const dist = fakeDist(t, {
    'assets/router.js': 'var ENABLE_DEV_WARNINGS = true;',
    'assets/react-dom.js': '"undefined"!=typeof __REACT_DEVTOOLS_GLOBAL_HOOK__&&__REACT_DEVTOOLS_GLOBAL_HOOK__.registerInternalModuleStart(Error())',
    'assets/jotai.js': 'console.warn("Detected store mutation during atom read. This is not supported.")',
    'assets/scheduler.js.map': sourceMap(pnpmPath('scheduler', 'cjs/scheduler.development.js')),
  });
  const found = findDevelopmentBuilds(dist).map((f) => `${f.file} ${f.library}`);
  assert.deepEqual(found, [
    'assets/jotai.js jotai',
    'assets/react-dom.js react / react-dom / scheduler / use-sync-external-store',
    'assets/router.js react-router',
    'assets/scheduler.js.map react / react-dom / scheduler / use-sync-external-store / notistack',
  ]);
});

test('compressed copies and sources content are not read (a production file may quote development code)', (t) => {
  const dist = fakeDist(t, {
    'main.js.gz': 'registerInternalModuleStart',
    'main.js.br': 'registerInternalModuleStart',
    'main.js.map': JSON.stringify({ version: 3, sources: ['x.js'], sourcesContent: ['var ENABLE_DEV_WARNINGS = false; if (ENABLE_DEV_WARNINGS) warn("You rendered descendant <Routes>")'], mappings: '' }),
  });
  assert.deepEqual(findDevelopmentBuilds(dist), []);
});

test('a missing dist is an error, not a pass', () => {
  assert.throws(() => findDevelopmentBuilds(path.join(tmpdir(), 'no-such-dist-here')), /does not exist/);
});

/**
 * One module using every shared library the way the front ends do, built as a remote.
 * `development`: the same config with the production settings undone (no alias, no define,
 * NODE_ENV development), i.e. what a bundler picks by default; still minified, so the code
 * markers are proven to survive minification.
 */
async function buildProbe(t, { development }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'dev-build-probe-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  // The shell's dependencies: every shared library, as pnpm installed them.
  symlinkSync(path.join(workspaceRoot, 'shell', 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  writeFileSync(path.join(dir, 'package.json'), '{ "name": "probe", "private": true, "type": "module" }');
  writeFileSync(
    path.join(dir, 'probe.js'),
    `import { jsx, jsxs } from 'react/jsx-runtime';
import { createRoot } from 'react-dom/client';
import { Route, RouterProvider, Routes, createBrowserRouter, useNavigate } from 'react-router-dom';
import { Provider, atom, createStore, useAtom } from 'jotai';
import { SnackbarProvider, enqueueSnackbar } from 'notistack';
import useSWR from 'swr';
const countAtom = atom(0);
function Page() {
  const [count, setCount] = useAtom(countAtom);
  const { data } = useSWR('/x', (u) => fetch(u).then((r) => r.text()));
  const navigate = useNavigate();
  return jsxs('button', { onClick: () => { setCount(count + 1); enqueueSnackbar(data); navigate('/'); }, children: [count, data] });
}
function App() {
  return jsx(Routes, { children: jsx(Route, { path: '*', element: jsx(Page, {}) }) });
}
export function mount(element) {
  const router = createBrowserRouter([{ path: '*', element: jsx(App, {}) }]);
  createRoot(element).render(
    jsx(Provider, { store: createStore(), children: jsx(SnackbarProvider, { maxSnack: 1, children: jsx(RouterProvider, { router }) }) }),
  );
}
`,
  );
  const config = remoteConfig({ name: 'probe', dir, exposes: { './Probe': './probe.js' }, port: 0 })({});
  // Keep the shared fallback that Module Federation builds next to the remote (clean would drop it).
  config.output = { ...config.output, clean: false };
  if (development) {
    config.resolve = { ...config.resolve, alias: {} };
    config.plugins = config.plugins?.filter((p) => !(p instanceof rspack.DefinePlugin));
    config.optimization = { ...config.optimization, nodeEnv: 'development' };
  }
  const compiler = rspack({ ...config, infrastructureLogging: { level: 'error' } });
  const log = console.log;
  console.log = () => {}; // federation reports its fallback build on stdout
  try {
    await new Promise((resolve, reject) => {
      compiler.run((err, stats) => {
        compiler.close(() => {});
        if (err || stats?.hasErrors()) reject(err ?? new Error(stats?.toString({ all: false, errors: true })));
        else resolve(undefined);
      });
    });
  } finally {
    console.log = log;
  }
  return path.join(dir, 'dist');
}

test('built for real: the production config has no development build, its shared fallback included', async (t) => {
  const dist = await buildProbe(t, { development: false });
  // Federation builds the whole react-router-dom as a separate fallback; it is looked at too.
  assert.ok(readdirSync(path.join(dist, 'independent-packages')).length > 0, 'federation built the shared fallback');
  assert.deepEqual(findDevelopmentBuilds(dist), []);
});

test('built for real: each marker finds the development builds a bundler picks by default', async (t) => {
  const found = findDevelopmentBuilds(await buildProbe(t, { development: true }));
  const hits = new Set(found.map((f) => String(f.found)));
  const missing = developmentMarkers
    .filter((m) => m.in === 'code' && typeof m.marker === 'string')
    .filter((m) => !hits.has(/** @type {string} */ (m.marker)))
    .map((m) => m.marker);
  assert.deepEqual(missing, [], 'these markers do not survive a minified development bundle');
  const developmentSources = found.filter((f) => f.source).map((f) => f.source?.replace(/.*\/node_modules\//, ''));
  assert.ok(developmentSources.some((s) => s?.startsWith('react-router/dist/development/')), developmentSources.join(', '));
  assert.ok(developmentSources.some((s) => /\.development\.js$/.test(s ?? '')), developmentSources.join(', '));
});
