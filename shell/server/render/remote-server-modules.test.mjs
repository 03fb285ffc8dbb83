import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createRemoteServerModules, ENTRY_RECHECK_MS, serverEntryUrl } from './remote-server-modules.mjs';
import { serverShared } from './server-shared.mjs';

/** A federation container as a server build's CommonJS entry exposes it, answering `text` from ./Page. */
function entrySource(text) {
  return `module.exports = { catalogue: {
    init() {},
    get(id) {
      if (id !== './Page') throw new Error('no ' + id);
      return Promise.resolve(() => ({ default: () => ${JSON.stringify(text)} }));
    },
  } };`;
}

let server;
afterEach(() => new Promise((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** Serves `release.source` at /server/remoteEntry.js with an ETag per release; `release.down` answers 503. */
async function remoteServer(release) {
  const requests = [];
  server = http.createServer((req, res) => {
    requests.push({ path: req.url, ifNoneMatch: req.headers['if-none-match'] ?? null });
    if (release.down || req.url !== '/server/remoteEntry.js') {
      res.writeHead(release.down ? 503 : 404).end();
      return;
    }
    const etag = `"${release.version}"`;
    if (req.headers['if-none-match'] === etag) res.writeHead(304).end();
    else res.writeHead(200, { ETag: etag, 'Content-Type': 'text/javascript' }).end(release.source);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { manifest: `http://127.0.0.1:${server.address().port}/mf-manifest.json`, requests };
}

describe("remotes' server builds", () => {
  it('sit beside the browser build', () => {
    expect(serverEntryUrl('http://cat.test:3001/mf-manifest.json')).toBe('http://cat.test:3001/server/remoteEntry.js');
    expect(serverEntryUrl('https://cdn.test/catalogue/v2/mf-manifest.json')).toBe('https://cdn.test/catalogue/v2/server/remoteEntry.js');
  });

  it('loads an exposed module over HTTP, keeps it while the entry is unchanged, and takes a redeployed one', async () => {
    const release = { version: 1, source: entrySource('first release') };
    const { manifest, requests } = await remoteServer(release);
    let clock = 1_000_000;
    const modules = createRemoteServerModules({ remotes: [{ name: 'catalogue', entry: manifest }], shared: serverShared(), now: () => clock });

    expect((await modules.load('catalogue/Page')).default()).toBe('first release');
    // Within the recheck interval the entry is not asked for again.
    expect((await modules.load('catalogue/Page')).default()).toBe('first release');
    expect(requests).toHaveLength(1);

    clock += ENTRY_RECHECK_MS;
    expect((await modules.load('catalogue/Page')).default()).toBe('first release');
    expect(requests.at(-1).ifNoneMatch).toBe('"1"');

    Object.assign(release, { version: 2, source: entrySource('second release') });
    clock += ENTRY_RECHECK_MS;
    expect((await modules.load('catalogue/Page')).default()).toBe('second release');
  });

  it('rejects while the remote is down, and recovers when it is back', async () => {
    const release = { version: 1, source: entrySource('back again'), down: true };
    const { manifest } = await remoteServer(release);
    let clock = 1_000_000;
    const modules = createRemoteServerModules({ remotes: [{ name: 'catalogue', entry: manifest }], shared: serverShared(), now: () => clock });
    await expect(modules.load('catalogue/Page')).rejects.toThrow(/503/);
    release.down = false;
    clock += ENTRY_RECHECK_MS;
    expect((await modules.load('catalogue/Page')).default()).toBe('back again');
  });

  it('rejects an entry that asks for a module it should have bundled', async () => {
    const { manifest } = await remoteServer({ version: 1, source: "require('fs'); module.exports = {};" });
    const modules = createRemoteServerModules({ remotes: [{ name: 'catalogue', entry: manifest }], shared: serverShared() });
    await expect(modules.load('catalogue/Page')).rejects.toThrow(/asked for "fs"/);
  });
});
