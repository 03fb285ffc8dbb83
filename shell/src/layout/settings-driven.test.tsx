import { FIFTEEN_MINUTES_MS, settingsCacheRule, writeCached } from '@cgg/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAnswers, stubApi } from '../test/fake-api.ts';
import { renderSite } from '../test/render-site.tsx';
import { forgetInjectedScripts, injectFrontendScripts } from './frontend-scripts.ts';

const settings = (fakeAnswers.getsettings as { data: Record<string, unknown> }).data;

beforeEach(() => {
  localStorage.clear();
  forgetInjectedScripts();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('announcement bar', () => {
  it('shows the settings announcement and writes the spec keys', async () => {
    stubApi();
    renderSite('/faq');
    expect((await screen.findByRole('complementary', { name: 'Announcement' })).textContent).toBe('Live draws every night at 8pm');
    expect(localStorage.getItem('announcement')).toBe('Live draws every night at 8pm');
    expect(localStorage.getItem('slider_speed')).toBe('5000');
  });

  it('uses fresh cached settings without fetching, and refetches once they are 15 minutes old', async () => {
    const calls = stubApi();
    writeCached(settingsCacheRule, { ...settings, announcement: 'Cached announcement' } as never, { now: () => Date.now() });
    renderSite('/faq');
    expect((await screen.findByRole('complementary', { name: 'Announcement' })).textContent).toBe('Cached announcement');
    expect(calls.some((c) => c.route === 'getsettings')).toBe(false);
    cleanup();
    writeCached(settingsCacheRule, { ...settings, announcement: 'Old announcement' } as never, { now: () => Date.now() - FIFTEEN_MINUTES_MS });
    renderSite('/faq');
    await waitFor(() => expect(screen.getByRole('complementary', { name: 'Announcement' }).textContent).toBe('Live draws every night at 8pm'));
    expect(calls.filter((c) => c.route === 'getsettings')).toHaveLength(1);
  });

  it('keeps the page working (no bar) when settings cannot be fetched', async () => {
    stubApi({ getsettings: () => new Response('down', { status: 502 }) });
    renderSite('/faq');
    expect(await screen.findByRole('button', { name: /Who can enter/ })).toBeTruthy();
    expect(screen.queryByRole('complementary', { name: 'Announcement' })).toBeNull();
    expect(console.warn).toHaveBeenCalled();
  });
});

describe('front-end scripts', () => {
  it('re-creates each operator script with the page nonce, keeps other markup, and injects once', () => {
    const container = document.createElement('div');
    const html = '<script src="https://analytics.example/a.js" data-site="cgg"></script><script>window.__op = 1</script><noscript>no js</noscript>';
    expect(injectFrontendScripts(html, container, 'n0nce')).toBe(2);
    const scripts = container.querySelectorAll('script');
    expect([...scripts].map((s) => s.nonce)).toEqual(['n0nce', 'n0nce']);
    expect(scripts[0]!.getAttribute('src')).toBe('https://analytics.example/a.js');
    expect(scripts[0]!.dataset.site).toBe('cgg');
    expect(scripts[1]!.textContent).toBe('window.__op = 1');
    expect(container.querySelector('noscript')).toBeTruthy();
    expect(injectFrontendScripts(html, container, 'n0nce')).toBe(0);
  });

  it('injects settings.frontend_scripts into the page script area', async () => {
    stubApi({ getsettings: { success: true, data: { ...settings, frontend_scripts: '<script>window.__fromSettings = true</script>' } } });
    const area = document.createElement('div');
    area.id = 'cgg-frontend-scripts';
    document.body.append(area);
    renderSite('/faq');
    await waitFor(() => expect(area.querySelector('script')?.textContent).toBe('window.__fromSettings = true'));
    area.remove();
  });
});
