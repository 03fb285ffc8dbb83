// deploy/ cannot be run here (no Docker), so it is kept honest by reading: HAProxy accepts both
// configurations (the one `npm run start:cluster` writes and deploy/haproxy.cfg), the deployed one
// checks health, retries and answers errors as the local one does, and every file the compose
// file and the Dockerfile name exists (secrets excepted: they are documented, never committed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkHaproxyConfig, haproxyBin, haproxyConfig, writeHaproxyConfig } from '../lib/haproxy.mjs';
import { root } from '../lib/paths.mjs';

const deploy = path.join(root, 'deploy');
const haveHaproxy = existsSync(haproxyBin());

test('the configuration start:cluster writes is valid HAProxy', { skip: !haveHaproxy && 'no haproxy binary' }, () => {
  const file = writeHaproxyConfig(path.join(os.tmpdir(), `cgg-haproxy-${process.pid}.cfg`), {
    bind: '127.0.0.1:18080',
    servers: [{ name: 'api-1', address: '127.0.0.1:18090' }, { name: 'api-2', address: '127.0.0.1:18091' }],
  });
  try {
    const { ok, output } = checkHaproxyConfig(file);
    assert.ok(ok, output);
  } finally {
    rmSync(file, { force: true });
  }
});

test('deploy/haproxy.cfg is valid HAProxy', { skip: !haveHaproxy && 'no haproxy binary' }, () => {
  const { ok, output } = checkHaproxyConfig(path.join(deploy, 'haproxy.cfg'));
  assert.ok(ok, output);
});

test('deploy/haproxy.cfg checks health, retries and answers errors as the local cluster does', () => {
  const deployed = new Set(readFileSync(path.join(deploy, 'haproxy.cfg'), 'utf8').split('\n').map((l) => l.trim()));
  const local = haproxyConfig({ bind: '127.0.0.1:1', servers: [] }).split('\n').map((l) => l.trim());
  const shared = local.filter((l) => /^(http-check|http-error|option (httpchk|redispatch|forwardfor)|retries|retry-on|balance|timeout|default-server)/.test(l));
  assert.ok(shared.length >= 12, 'the local configuration has its health check, retry and error lines');
  // default-server differs only by the DNS resolution added for replicas.
  const missing = shared.filter((l) => !deployed.has(l) && !(l.startsWith('default-server') && [...deployed].some((d) => d.startsWith(l))));
  assert.deepEqual(missing, []);
});

/** Paths a compose file names: build contexts, Dockerfiles, bind mounts, secret files. */
function composeReferences(text) {
  const refs = [];
  let context = '.';
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    let m;
    if ((m = /^context:\s*(\S+)$/.exec(line))) refs.push({ kind: 'context', path: (context = m[1]) });
    else if ((m = /^dockerfile:\s*(\S+)$/.exec(line))) refs.push({ kind: 'dockerfile', path: path.join(context, m[1]) });
    else if ((m = /^-\s*(\.{1,2}\/[^:\s]+):/.exec(line))) refs.push({ kind: 'mount', path: m[1] });
    else if ((m = /^file:\s*(\S+)$/.exec(line))) refs.push({ kind: 'secret', path: m[1] });
  }
  return refs;
}

test('every file deploy/compose.yaml names exists (its secrets are documented instead)', () => {
  const refs = composeReferences(readFileSync(path.join(deploy, 'compose.yaml'), 'utf8'));
  assert.ok(refs.some((r) => r.kind === 'dockerfile') && refs.some((r) => r.kind === 'mount') && refs.some((r) => r.kind === 'secret'));
  const secretsReadme = readFileSync(path.join(deploy, 'secrets', 'README.md'), 'utf8');
  for (const ref of refs) {
    const file = path.resolve(deploy, ref.path);
    if (ref.kind === 'secret') {
      assert.match(ref.path, /^\.\/secrets\//, `${ref.path}: secrets live in deploy/secrets (git-ignored)`);
      assert.ok(secretsReadme.includes(`\`${path.basename(ref.path)}\``), `${ref.path} is explained in deploy/secrets/README.md`);
    } else {
      assert.ok(existsSync(file), `${ref.kind} ${ref.path} (${file}) exists`);
    }
  }
});

test('every file the Dockerfile copies from the build context exists', () => {
  const dockerfile = readFileSync(path.join(deploy, 'Dockerfile'), 'utf8');
  const sources = [...dockerfile.matchAll(/^COPY\s+(?!--from)(?:--\S+\s+)*(\S+)\s+\S+$/gm)].map((m) => m[1]);
  assert.ok(sources.includes('deploy/docker-entrypoint.sh'));
  for (const source of sources) assert.ok(existsSync(path.join(root, source)), `COPY ${source} exists in the repository`);
  // What the api stage copies from the build stage is what the build makes or the repository holds.
  for (const [, from] of dockerfile.matchAll(/^COPY --from=build \/src\/(\S+)/gm)) {
    const built = from.startsWith('shop-api/dist') ? 'shop-api/src/main.ts' : from;
    assert.ok(existsSync(path.join(root, built)), `${from} comes from the repository or the build`);
  }
  // The image runs the compiled API, as its own user.
  assert.match(dockerfile, /^USER node$/m);
  assert.match(dockerfile, /^CMD \["node", "dist\/main\.js"\]$/m);
});
