import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startChildServer, type ChildServer } from './child-server.ts';
import { remoteURLs, repoRoot } from './site.ts';

const catalogueDir = path.join(repoRoot, 'remote-catalogue');

/** The remotes' own file server (build-kit/bin/serve-remote.mjs) on `folder`, once it listens. */
function serveRemote(folder: string, port: number): Promise<ChildServer> {
  return startChildServer('catalogue copy', [process.execPath, path.join(repoRoot, 'build-kit', 'bin', 'serve-remote.mjs'), folder, '--port', String(port)], {
    cwd: repoRoot,
    env: process.env,
    readyLine: 'serving',
    timeoutMs: 15_000,
  });
}

/**
 * The catalogue team's deployment, separate from the e2e site's: a copy of its build served on
 * `port`. `redeploy` releases a new build the way the team does: the server stops, the build
 * folder is replaced, the server starts again on the same address.
 */
export async function deployCatalogueCopy(port: number): Promise<{ url: string; redeploy: (build: string) => Promise<void>; stop: () => Promise<void> }> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'cgg-catalogue-release-'));
  cpSync(path.join(catalogueDir, 'dist'), folder, { recursive: true });
  let server = await serveRemote(folder, port);
  return {
    url: `http://localhost:${port}`,
    redeploy: async (build) => {
      await server.stop();
      rmSync(folder, { recursive: true, force: true });
      cpSync(build, folder, { recursive: true });
      server = await serveRemote(folder, port);
    },
    stop: async () => {
      await server.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * A real rebuild of the catalogue with one text changed: its sources and build config copied
 * into a scratch folder inside the package (so its node_modules resolve), `edit` applied to one
 * file, and the team's own `rspack build` run there. Answers the new build folder.
 */
export function rebuildCatalogue(file: string, edit: (source: string) => string): { build: string; clean: () => void } {
  // One folder per run: two e2e runs on one machine (E2E_PORT_OFFSET) must not share it.
  const scratch = path.join(catalogueDir, `.e2e-rebuild-${process.pid}`);
  rmSync(scratch, { recursive: true, force: true });
  for (const entry of ['src', 'rspack.config.mjs', 'package.json', 'tsconfig.json']) cpSync(path.join(catalogueDir, entry), path.join(scratch, entry), { recursive: true });
  const target = path.join(scratch, file);
  const before = readFileSync(target, 'utf8');
  const after = edit(before);
  if (after === before) throw new Error(`the edit changed nothing in ${file}`);
  writeFileSync(target, after);
  const built = spawnSync(process.execPath, [path.join(catalogueDir, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js'), 'build'], { cwd: scratch, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } });
  if (built.status !== 0) throw new Error(`rebuild failed: ${built.stdout}\n${built.stderr}`);
  return { build: path.join(scratch, 'dist'), clean: () => rmSync(scratch, { recursive: true, force: true }) };
}

/** The catalogue's files through a proxy that answers 503 for its server build: that build is down, the browser build is not. */
export async function catalogueWithoutServerBuild(port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const target = new URL(remoteURLs.catalogue);
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/server/')) {
      res.writeHead(503, { 'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': '*' }).end('server build down');
      return;
    }
    const upstream = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, 'localhost', resolve));
  return {
    url: `http://localhost:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
