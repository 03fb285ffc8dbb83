// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createRemotePreloads } from './remote-preloads.mjs';

const manifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [{ path: './HomePage', assets: { js: { sync: ['__federation_expose_HomePage.1952dce844.js'], async: ['492.js'] }, css: { sync: ['__federation_expose_HomePage.0083d0ff1f.css'], async: [] } } }],
};

function fakeFetch(answer) {
  const seen = [];
  const fetchImpl = async (url) => {
    seen.push(url);
    return answer();
  };
  return { fetchImpl, seen };
}

describe('preloads of a remote page', () => {
  const remotes = [{ name: 'catalogue', entry: 'https://cat.example/v2/mf-manifest.json' }];

  it("names the manifest, the remote's entry and the exposed module's first files (not its lazy ones)", async () => {
    const { fetchImpl } = fakeFetch(() => new Response(JSON.stringify(manifest)));
    const preloadsFor = createRemotePreloads({ remotes, fetchImpl });
    expect(await preloadsFor('catalogue', './HomePage')).toEqual([
      { href: 'https://cat.example/v2/mf-manifest.json', as: 'fetch' },
      { href: 'https://cat.example/v2/remoteEntry.js', as: 'script' },
      { href: 'https://cat.example/v2/__federation_expose_HomePage.1952dce844.js', as: 'script' },
      { href: 'https://cat.example/v2/__federation_expose_HomePage.0083d0ff1f.css', as: 'style' },
    ]);
    expect(await preloadsFor('catalogue', './Nope')).toEqual([]);
    expect(await preloadsFor('shell', null)).toEqual([]);
  });

  it('reads a manifest again after its time, so a redeployed remote gets its new files preloaded', async () => {
    let clock = 0;
    const { fetchImpl, seen } = fakeFetch(() => new Response(JSON.stringify(manifest)));
    const preloadsFor = createRemotePreloads({ remotes, fetchImpl, now: () => clock, ttlMs: 30_000 });
    await preloadsFor('catalogue', './HomePage');
    clock = 29_000;
    await preloadsFor('catalogue', './HomePage');
    expect(seen).toHaveLength(1);
    clock = 31_000;
    await preloadsFor('catalogue', './HomePage');
    expect(seen).toHaveLength(2);
  });

  it('gives no preloads when the remote is down', async () => {
    const preloadsFor = createRemotePreloads({ remotes, fetchImpl: async () => { throw new TypeError('fetch failed'); } });
    expect(await preloadsFor('catalogue', './HomePage')).toEqual([]);
  });
});
