import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture } from '../testing/settings-fixture.ts';

const settings = settingsFixture;
const NOW = 1_800_000_000_000;

/**
 * A fresh page: the package's modules as the browser runs them, zod coming on demand
 * (zod-on-demand.ts) instead of with the package, and not loaded yet.
 */
async function freshPage() {
  vi.resetModules();
  vi.doMock('#zod-runtime', () => import('./zod-on-demand.ts'));
  return {
    runtime: await import('./zod-runtime.ts'),
    bus: await import('../events/bus.ts'),
    cache: await import('../cache/timed-local-cache.ts'),
    rules: await import('../cache/cache-rules.ts'),
    siteContent: await import('../cache/site-content-cache.ts'),
    competition: await import('../api/competition.ts'),
    storage: (await import('../cache/memory-storage.ts')).memoryStorage(),
  };
}

/** Lets every pending promise callback run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.doUnmock('#zod-runtime');
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('the contracts before zod is on the page (browser)', () => {
  it('a schema used before zod throws; it parses once zod has come', async () => {
    const { runtime, competition } = await freshPage();
    expect(runtime.isZodLoaded()).toBe(false);
    expect(() => competition.competitionStatusSchema.parse('open')).toThrow(/zod is not loaded/);
    await runtime.loadZod();
    expect(competition.competitionStatusSchema.parse('open')).toBe('open');
  });

  it('an event sent before zod asks for it, then is validated and handled in order', async () => {
    const { runtime, bus } = await freshPage();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const target = new EventTarget();
    const seen = vi.fn();
    bus.on('shell:toast', seen, target);
    bus.emit('shell:toast', { message: 'First' }, target);
    target.dispatchEvent(new CustomEvent('shell:toast', { detail: { message: '' } }));
    bus.emit('shell:toast', { message: 'Third', variant: 'success' }, target);
    expect(seen).not.toHaveBeenCalled();
    await runtime.zodLoaded();
    expect(seen.mock.calls.map(([p]) => p)).toEqual([
      { message: 'First', variant: 'default' },
      { message: 'Third', variant: 'success' },
    ]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('an event for a listener removed before zod came is not handled', async () => {
    const { runtime, bus } = await freshPage();
    const target = new EventTarget();
    const seen = vi.fn();
    const off = bus.on('cart:changed', seen, target);
    bus.emit('cart:changed', { itemCount: 1, totalPence: 100 }, target);
    off();
    await runtime.zodLoaded();
    expect(seen).not.toHaveBeenCalled();
  });

  it('a stored copy within its age waits for zod without asking for it; a stale one asks and fetches', async () => {
    const { runtime, cache, rules, storage } = await freshPage();
    let now = NOW;
    const deps = { storage, now: () => now, log: vi.fn() };
    cache.writeCached(rules.settingsCacheRule, settings, deps);
    const fetcher = vi.fn(async () => ({ ...settings, announcement: 'Fetched' }));
    const fresh = cache.readThrough(rules.settingsCacheRule, fetcher, deps);
    await settle();
    expect(runtime.isZodLoaded()).toBe(false);
    // Before zod, a stored value cannot be checked: a synchronous read counts it as absent.
    expect(cache.readCached(rules.settingsCacheRule, deps)).toBeUndefined();
    await expect(fresh).resolves.toEqual(settings);
    expect(fetcher).not.toHaveBeenCalled();
    // readCached above asked for zod.
    expect(runtime.isZodLoaded()).toBe(true);

    const other = await freshPage();
    now += 16 * 60_000;
    const staleDeps = { storage: other.storage, now: () => now, log: vi.fn() };
    other.cache.writeCached(other.rules.settingsCacheRule, settings, { ...staleDeps, now: () => NOW });
    await expect(other.cache.readThrough(other.rules.settingsCacheRule, fetcher, staleDeps)).resolves.toMatchObject({ announcement: 'Fetched' });
    expect(other.runtime.isZodLoaded()).toBe(true);
  });

  it("stores the page's answers at start-up without zod, and checks a stored copy kept within its age once zod comes", async () => {
    const { runtime, cache, rules, siteContent, storage } = await freshPage();
    const deps = { storage, now: () => NOW };
    const entry = (announcement: string) => ({ call: 'getsettings' as const, payload: null, response: { success: true, data: { ...settings, announcement } } });
    // Stale: replaced at once by the page's answer.
    cache.writeCached(rules.settingsCacheRule, { ...settings, announcement: 'Old' }, { storage, now: () => NOW - 20 * 60_000 });
    siteContent.primeSiteContentCaches(deps, [entry('From the page')]);
    expect(JSON.parse(storage.getItem('settings') ?? '{}')).toMatchObject({ announcement: 'From the page' });
    // Within its age but broken (an older release's shape): kept until zod can tell, then replaced.
    storage.setItem('settings', JSON.stringify({ announcement: 'Broken' }));
    siteContent.primeSiteContentCaches(deps, [entry('Page again')]);
    expect(JSON.parse(storage.getItem('settings') ?? '{}')).toEqual({ announcement: 'Broken' });
    expect(runtime.isZodLoaded()).toBe(false);
    await runtime.loadZod();
    expect(JSON.parse(storage.getItem('settings') ?? '{}')).toMatchObject({ announcement: 'Page again' });
  });

  it("hydration reads the page's own answers without zod", async () => {
    const { runtime, rules, siteContent } = await freshPage();
    const text = JSON.stringify({ at: Date.now(), rendered: true, entries: [{ call: 'getsettings', payload: null, response: { success: true, data: settings } }] });
    vi.stubGlobal('document', { getElementById: (id: string) => (id === 'cgg-page-data' ? { textContent: text } : null) });
    try {
      expect(siteContent.readSiteContent(rules.settingsCacheRule, { hydrating: true })?.value).toEqual(settings);
      expect(runtime.isZodLoaded()).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
