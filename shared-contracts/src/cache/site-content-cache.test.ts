import { describe, expect, it, vi } from 'vitest';
import { FIFTEEN_MINUTES_MS } from './timed-local-cache.ts';
import { memoryStorage } from './memory-storage.ts';
import { loadSeoSettings, loadSettings, loadWinnersSummary } from './site-content-cache.ts';

const settings = {
  suggested_tickets: [5, 10, 25, 50],
  announcement: 'Live draws at 8pm',
  live_draw_info: 'On Facebook',
  main_competition: 3,
  slider_height_desktop: 520,
  slider_height_tablet: 420,
  slider_height_mobile: 300,
  show_question: 1,
  slider_speed: 5000,
  reward_prize_info: 'Rewards',
  frontend_scripts: '',
};
const seoRow = { page_title: 'Home | CGG', meta_description: 'Win prizes', meta_title: 'CGG' };
const winners = { success: true, totalPrizeValue: '1234.50', totalWinner: 7 };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fake clock, a fake storage, a counting fetch and a recording logger. */
function harness(answer: (url: string) => Response | Promise<Response>) {
  let now = 1_800_000_000_000;
  const storage = memoryStorage();
  const log = vi.fn();
  const fetchImpl = vi.fn(async (url: string | URL | Request) => answer(String(url)));
  return {
    storage,
    log,
    fetchImpl,
    deps: { storage, log, now: () => now },
    request: { fetchImpl: fetchImpl as unknown as typeof fetch },
    advance: (ms: number) => void (now += ms),
    now: () => now,
  };
}

const cases = [
  {
    name: 'home SEO settings',
    key: 'home_meta',
    answer: () => json({ success: true, data: [seoRow] }),
    changed: () => json({ success: true, data: [{ ...seoRow, page_title: 'New title' }] }),
    load: (h: ReturnType<typeof harness>) => loadSeoSettings('home', h.deps, h.request),
    first: seoRow,
    second: { ...seoRow, page_title: 'New title' },
  },
  {
    name: 'settings',
    key: 'settings',
    answer: () => json({ success: true, data: settings }),
    changed: () => json({ success: true, data: { ...settings, announcement: 'Changed' } }),
    load: (h: ReturnType<typeof harness>) => loadSettings(h.deps, h.request),
    first: settings,
    second: { ...settings, announcement: 'Changed' },
  },
  {
    name: 'winners summary',
    key: 'winners_summary',
    answer: () => json(winners),
    changed: () => json({ ...winners, totalWinner: 8 }),
    load: (h: ReturnType<typeof harness>) => loadWinnersSummary(h.deps, h.request),
    first: winners,
    second: { ...winners, totalWinner: 8 },
  },
];

describe.each(cases)('$name cache (15 minutes)', (c) => {
  it('fetches once, stores value and timestamp, and reuses a fresh value without fetching', async () => {
    const h = harness(c.answer);
    expect(await c.load(h)).toEqual(c.first);
    expect(h.fetchImpl).toHaveBeenCalledTimes(1);
    expect(JSON.parse(h.storage.getItem(c.key)!)).toEqual(c.first);
    expect(h.storage.getItem(`${c.key}_timestamp`)).toBe(String(h.now()));
    h.advance(FIFTEEN_MINUTES_MS - 1);
    expect(await c.load(h)).toEqual(c.first);
    expect(h.fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('refetches at 15 minutes and rewrites value and timestamp', async () => {
    let changed = false;
    const h = harness(() => (changed ? c.changed() : c.answer()));
    await c.load(h);
    changed = true;
    h.advance(FIFTEEN_MINUTES_MS);
    expect(await c.load(h)).toEqual(c.second);
    expect(h.fetchImpl).toHaveBeenCalledTimes(2);
    expect(JSON.parse(h.storage.getItem(c.key)!)).toEqual(c.second);
    expect(h.storage.getItem(`${c.key}_timestamp`)).toBe(String(h.now()));
  });

  it('logs a failed fetch and answers the stale value (or nothing) so the page still works', async () => {
    let failing = true;
    const h = harness(() => (failing ? json({ code: 'x', message: 'down', data: { status: 502 } }, 502) : c.answer()));
    expect(await c.load(h)).toBeUndefined();
    expect(h.log).toHaveBeenCalledTimes(1);
    failing = false;
    await c.load(h);
    failing = true;
    h.advance(FIFTEEN_MINUTES_MS + 1);
    expect(await c.load(h)).toEqual(c.first);
    expect(h.log).toHaveBeenCalledTimes(2);
  });
});

describe('settings cache extra keys (spec section 9)', () => {
  it('writes each setting under its own key', async () => {
    const h = harness(() => json({ success: true, data: settings }));
    await loadSettings(h.deps, h.request);
    expect(h.storage.dump()).toMatchObject({
      slider_speed: '5000',
      suggested_tickets: '[5,10,25,50]',
      announcement: 'Live draws at 8pm',
      live_draw_info: 'On Facebook',
      main_competition_info: '{"id":3}',
      slider_height_desktop: '520',
      slider_height_mobile: '300',
      slider_height_tablet: '420',
      show_question: '1',
    });
  });

  it('ignores a corrupted stored value and refetches', async () => {
    const h = harness(() => json({ success: true, data: settings }));
    h.storage.setItem('settings', '{"announcement": 5');
    h.storage.setItem('settings_timestamp', String(h.now()));
    expect(await loadSettings(h.deps, h.request)).toEqual(settings);
    expect(h.fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('shares one request between callers asking at the same time', async () => {
    const h = harness(() => json({ success: true, data: settings }));
    const [a, b] = await Promise.all([loadSettings(h.deps, h.request), loadSettings(h.deps, h.request)]);
    expect(a).toEqual(b);
    expect(h.fetchImpl).toHaveBeenCalledTimes(1);
  });
});
