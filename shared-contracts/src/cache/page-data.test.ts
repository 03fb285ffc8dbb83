import { afterEach, describe, expect, it } from 'vitest';
import { settingsFixture } from '../testing/settings-fixture.ts';
import { memoryStorage } from './memory-storage.ts';
import { pageDataEntries, pageDataKey, pageRenderedAt, PAGE_DATA_ELEMENT_ID, resetPageData, takeAllPageData, takePageData, type PageDataDocument } from './page-data.ts';
import { SERVER_RENDER_KEY, type ServerRender } from './server-render.ts';
import { settingsCacheRule, seoCacheRule, winnersSummaryCacheRule } from './cache-rules.ts';
import { readCached, writeCached } from './timed-local-cache.ts';
import { primeSiteContentCaches, readSiteContent } from './site-content-cache.ts';

const NOW = 1_800_000_000_000;
const settings = settingsFixture;
const seoRow = { page_title: 'Home | CGG', meta_description: 'Win prizes', meta_title: 'CGG' };
const winners = { success: true, totalPrizeValue: '1250.00', totalWinner: 12 };

/** The element the shell's server writes, in a stand-in document (these tests run in Node). */
function page(doc: PageDataDocument | string) {
  const text = typeof doc === 'string' ? doc : JSON.stringify(doc);
  (globalThis as { document?: unknown }).document = { getElementById: (id: string) => (id === PAGE_DATA_ELEMENT_ID ? { textContent: text } : null) };
  resetPageData();
}

afterEach(() => {
  delete (globalThis as { document?: unknown }).document;
  resetPageData();
});

describe('page data carried by the HTML', () => {
  it('gives an answer once, as the server wrote it, whatever the order of the payload keys', () => {
    const competition = { success: true, data: { id: 7 } };
    page({ at: NOW, entries: [{ call: 'getcompetition', payload: { id: 7 }, response: competition }, { call: 'getsettings', payload: null, response: { success: true, data: settings } }] });
    expect(takePageData('getsettings', undefined, NOW)).toEqual({ success: true, data: settings });
    expect(takePageData('getsettings', undefined, NOW)).toBeUndefined();
    // Not validated again in the browser: the shell's server validated it when it read it from the API.
    expect(takePageData('getcompetition', { id: 7 }, NOW)).toEqual(competition);
    expect(pageDataKey('competition', { b: 1, a: 2 })).toBe(pageDataKey('competition', { a: 2, b: 1 }));
  });

  it('ignores page data older than a minute, unknown calls and an unreadable element', () => {
    page({ at: NOW - 61_000, entries: [{ call: 'getsettings', payload: null, response: { success: true, data: settings } }] });
    expect(takePageData('getsettings', undefined, NOW)).toBeUndefined();
    page({ at: NOW, entries: [{ call: 'dropTables' as never, payload: null, response: {} }] });
    expect(takeAllPageData('dropTables' as never, NOW)).toEqual([]);
    page('{not json');
    expect(takePageData('getsettings', undefined, NOW)).toBeUndefined();
  });

  it('fills the settings, SEO and winners caches for the first render, keeping a fresh stored copy', () => {
    page({
      at: NOW,
      entries: [
        { call: 'getsettings', payload: null, response: { success: true, data: settings } },
        { call: 'getSEOSettings', payload: { page: 'home' }, response: { success: true, data: [seoRow] } },
        { call: 'getSEOSettings', payload: { page: 'faq' }, response: { success: true, data: [{ ...seoRow, page_title: 'FAQ' }] } },
        { call: 'winnersSummary', payload: null, response: winners },
      ],
    });
    const storage = memoryStorage();
    const now = () => NOW;
    writeCached(seoCacheRule('faq'), { ...seoRow, page_title: 'Stored FAQ' }, { storage, now });
    primeSiteContentCaches({ storage, now });
    expect(readCached(settingsCacheRule, { storage, now })).toMatchObject({ value: settings, fresh: true });
    expect(readCached(seoCacheRule('home'), { storage, now })?.value).toEqual(seoRow);
    expect(readCached(seoCacheRule('faq'), { storage, now })?.value.page_title).toBe('Stored FAQ');
    expect(readCached(winnersSummaryCacheRule, { storage, now })?.value).toEqual(winners);
  });

  it('lets a first render read every answer without taking it, and tells whether the server rendered the page', () => {
    const entries = [{ call: 'getsettings' as const, payload: null, response: { success: true, data: settings } }];
    page({ at: NOW, entries, rendered: true });
    expect(pageDataEntries(NOW + 1000)).toEqual(entries);
    expect(pageDataEntries(NOW + 1000)).toEqual(entries);
    expect(pageRenderedAt()).toBe(NOW);
    // Older than a minute: a first render asks the API instead.
    expect(pageDataEntries(NOW + 61_000)).toEqual([]);
    page({ at: NOW, entries });
    expect(pageRenderedAt()).toBeUndefined();
  });

  it('on the server, answers from the render in progress', () => {
    page({ at: NOW, entries: [] });
    const render: ServerRender = { at: NOW - 5, origin: 'http://shop.test', entries: [{ call: 'winnersSummary', payload: null, response: winners }], storage: memoryStorage(), want: () => {} };
    const globals = globalThis as Record<symbol, unknown>;
    globals[SERVER_RENDER_KEY] = { getStore: () => render };
    try {
      expect(pageDataEntries()).toBe(render.entries);
      expect(pageRenderedAt()).toBe(NOW - 5);
    } finally {
      delete globals[SERVER_RENDER_KEY];
    }
  });

  it('gives a hydrating render what the server rendered, and any other render the stored copy', () => {
    const storage = memoryStorage();
    const globals = globalThis as { localStorage?: unknown };
    globals.localStorage = storage;
    try {
      writeCached(settingsCacheRule, { ...settings, announcement: 'Stored' }, { storage });
      page({ at: Date.now(), rendered: true, entries: [{ call: 'getsettings', payload: null, response: { success: true, data: { ...settings, announcement: 'Rendered' } } }] });
      expect(readSiteContent(settingsCacheRule, { hydrating: true })?.value.announcement).toBe('Rendered');
      expect(readSiteContent(settingsCacheRule, { hydrating: false })?.value.announcement).toBe('Stored');
    } finally {
      delete globals.localStorage;
    }
  });
});
