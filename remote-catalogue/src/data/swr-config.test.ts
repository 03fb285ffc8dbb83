import { catalogueSwrConfig, resetCatalogueCache } from './swr-config.ts';
import { createRetentionCache, RETENTION_MS } from './retention-cache.ts';

describe('catalogue swr config (spec section 9: competition-list caching)', () => {
  it('never refetches on focus, reconnect or mount when cached, and dedupes for 60 s', () => {
    expect(catalogueSwrConfig().revalidateOnFocus).toBe(false);
    expect(catalogueSwrConfig().revalidateOnReconnect).toBe(false);
    expect(catalogueSwrConfig().revalidateIfStale).toBe(false);
    expect(catalogueSwrConfig().dedupingInterval).toBe(60_000);
    expect(RETENTION_MS).toBe(60_000);
  });

  it('keeps an entry while it is used and drops it 60 s after its last use', () => {
    let now = 1_000_000;
    const cache = createRetentionCache(RETENTION_MS, () => now);
    cache.set('k', { data: 1 });
    now += 59_000;
    expect(cache.get('k')).toEqual({ data: 1 }); // a read is a use: the clock restarts
    now += 59_000;
    expect(cache.get('k')).toEqual({ data: 1 });
    now += 60_000;
    expect(cache.get('k')).toBeUndefined();
    expect(cache.size()).toBe(0);
  });

  it('prunes entries nobody touched when others are written', () => {
    let now = 0;
    const cache = createRetentionCache(RETENTION_MS, () => now);
    cache.set('old', { data: 'a' });
    now = 61_000;
    cache.set('new', { data: 'b' });
    expect([...cache.keys()]).toEqual(['new']);
  });

  it('lets every catalogue page read what another page fetched', () => {
    resetCatalogueCache();
    const first = catalogueSwrConfig().provider!(new Map());
    const second = catalogueSwrConfig().provider!(new Map());
    first.set('comp', { data: 7 });
    expect(second.get('comp')).toEqual({ data: 7 });
  });
});
