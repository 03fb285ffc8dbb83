import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * @typedef {{ library: string, marker: string | RegExp, in: 'code' | 'path' }} Marker
 * `code`: text that survives minification in a bundle holding the development build.
 * `path`: a file name that only a development build has; looked for in the `sources` of each
 * source map (a minified bundle names no files itself) and in the JavaScript (unminified output).
 */

/**
 * What gives a development build away in a front end's `dist`. Each was checked against the real
 * packages: the code markers sit only in development files or behind development-only branches
 * that a production build removes, and test/development-build-check.test.mjs builds the shared
 * libraries both ways to prove a development bundle has them and a production bundle has none.
 * (react-router's "Hey developer" text is not one: its production build keeps it in the full
 * shared fallback.)
 * @type {readonly Marker[]}
 */
export const developmentMarkers = [
  // react-router 7: its package.json names only dist/development (production-builds.mjs).
  { library: 'react-router', in: 'path', marker: '/dist/development/' },
  { library: 'react-router', in: 'code', marker: /ENABLE_DEV_WARNINGS\s*=\s*(?:true|!0)/ },
  { library: 'react-router', in: 'code', marker: 'Error handled by React Router default ErrorBoundary' },
  { library: 'react-router', in: 'code', marker: 'You rendered descendant <Routes>' },
  // react, react-dom, scheduler, use-sync-external-store (cjs/*.development.js, chosen when
  // NODE_ENV is not 'production'); notistack.cjs.development.js.
  { library: 'react / react-dom / scheduler / use-sync-external-store / notistack', in: 'path', marker: /[\w.-]+\.development\.js\b/ },
  // Every React development file (and react-dom's profiling build) registers with the DevTools hook.
  { library: 'react / react-dom / scheduler / use-sync-external-store', in: 'code', marker: 'registerInternalModuleStart' },
  { library: 'react-dom', in: 'code', marker: 'Download the React DevTools' },
  { library: 'react (jsx runtime)', in: 'code', marker: 'Static children should always be an array' },
  // jotai's ESM checks run unless import.meta.env.MODE is 'production' (production-builds.mjs).
  { library: 'jotai', in: 'code', marker: 'Detected store mutation during atom read' },
  { library: 'jotai', in: 'code', marker: 'setSelf is deprecated' },
  // notistack's ESM warns only when NODE_ENV is not 'production'.
  { library: 'notistack', in: 'code', marker: 'WARNING - notistack: ' },
];

const scriptFile = /\.(?:js|mjs|cjs)$/;
const sourceMapFile = /\.(?:js|mjs|cjs)\.map$/;

/**
 * @param {string} text
 * @param {string | RegExp} marker
 * @returns {string | undefined} the matched text
 */
function match(text, marker) {
  if (typeof marker === 'string') return text.includes(marker) ? marker : undefined;
  return marker.exec(text)?.[0];
}

/** @param {string} dir @param {string[]} out */
function files(dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) files(file, out);
    else out.push(file);
  }
  return out;
}

/**
 * @typedef {{ file: string, library: string, found: string, source?: string }} Finding
 * `file` relative to the dist folder; `source` the source map entry that matched.
 */

/**
 * Development builds in one JavaScript file's text (`name` only labels the findings).
 * @param {string} name
 * @param {string} code
 * @returns {Finding[]}
 */
export function findInCode(name, code) {
  /** @type {Finding[]} */
  const findings = [];
  for (const { library, marker } of developmentMarkers) {
    const found = match(code, marker);
    if (found) findings.push({ file: name, library, found });
  }
  return findings;
}

/**
 * Development builds among the files a source map was made from (one finding per library).
 * @param {string} name
 * @param {string} json the source map's text
 * @returns {Finding[]}
 */
export function findInSourceMap(name, json) {
  /** @type {unknown} */
  let map;
  try {
    map = JSON.parse(json);
  } catch {
    return [];
  }
  const sources = map && typeof map === 'object' && 'sources' in map && Array.isArray(map.sources) ? map.sources : [];
  /** @type {Finding[]} */
  const findings = [];
  for (const { library, marker } of developmentMarkers.filter((m) => m.in === 'path')) {
    for (const source of sources) {
      const found = typeof source === 'string' ? match(source, marker) : undefined;
      if (!found) continue;
      findings.push({ file: name, library, found, source });
      break;
    }
  }
  return findings;
}

/**
 * Every development build in a built front end: its JavaScript (code and path markers) and the
 * `sources` of its source maps. Compressed copies (.gz, .br) hold the same bytes and are skipped.
 * @param {string} dist the output folder
 * @returns {Finding[]}
 */
export function findDevelopmentBuilds(dist) {
  if (!existsSync(dist)) throw new Error(`${dist} does not exist: build first`);
  /** @type {Finding[]} */
  const findings = [];
  for (const file of files(dist)) {
    const name = path.relative(dist, file).split(path.sep).join('/');
    if (scriptFile.test(file)) findings.push(...findInCode(name, readFileSync(file, 'utf8')));
    else if (sourceMapFile.test(file)) findings.push(...findInSourceMap(name, readFileSync(file, 'utf8')));
  }
  return findings;
}

/** @param {Finding} f */
export function describeFinding(f) {
  return `${f.file}: ${f.library} development build (${f.source ? `source ${f.source}` : JSON.stringify(f.found)})`;
}

/**
 * Throws when a development build is in `dist`, naming each file and marker.
 * @param {string} dist
 * @param {string} [label] how the message names the folder (default: the path)
 */
export function assertNoDevelopmentBuilds(dist, label = dist) {
  const findings = findDevelopmentBuilds(dist);
  if (!findings.length) return;
  const shown = findings.slice(0, 20).map((f) => `  ${describeFinding(f)}`);
  if (findings.length > shown.length) shown.push(`  ... and ${findings.length - shown.length} more`);
  throw new Error(
    `${label} holds a development build of a library (production builds only: see build-kit/src/production-builds.mjs):\n${shown.join('\n')}`,
  );
}
