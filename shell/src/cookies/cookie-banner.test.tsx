import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { COOKIE_NOTICE_SCRIPT } from '../../server/page-head/cookie-notice.mjs';
import { CookieBanner } from './cookie-banner.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSite } from '../test/render-site.tsx';
import { stubApi } from '../test/fake-api.ts';

const TEXT =
  'We use cookies to ensure that we give you the best experience on our app & website. If you continue we will assume you accept our updated Policy.';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

beforeEach(() => {
  clearCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('cookie banner', () => {
  it('shows the spec text exactly, with OK and Privacy Policy', () => {
    renderSite('/faq');
    expect(screen.getByText(TEXT).textContent).toBe(TEXT);
    expect(screen.getByRole('button', { name: 'OK' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Privacy Policy' })).toBeTruthy();
  });

  it('OK sets cggcookie and hides the banner, also after a reload', () => {
    const cookieSet = vi.spyOn(document, 'cookie', 'set');
    renderSite('/faq');
    const ok = screen.getByRole('button', { name: 'OK' });
    ok.focus();
    fireEvent.click(ok);
    expect(screen.queryByText(TEXT)).toBeNull();
    // The focused OK went with the banner: the focus is on the main content, not dropped to the page.
    expect(document.activeElement).toBe(document.getElementById('sh-main'));
    const written = String(cookieSet.mock.calls.at(-1)?.[0]);
    expect(written).toMatch(/^cggcookie=1;/);
    expect(written).toContain('Max-Age=604800');
    expect(written).toContain('Path=/');
    expect(written).toContain('SameSite=Lax');
    cookieSet.mockRestore();
    expect(document.cookie).toContain('cggcookie=');

    cleanup();
    renderSite('/faq');
    expect(screen.queryByText(TEXT)).toBeNull();
  });

  it('OK pressed while a field elsewhere has the focus leaves it there (a click that does not focus the button, an early tap done again)', () => {
    renderSite('/faq');
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByText(TEXT)).toBeNull();
    expect(document.activeElement).toBe(field);
    field.remove();
  });

  it('Privacy Policy goes to /legal-terms?tab=3 and keeps the banner', async () => {
    stubApi();
    const { router } = renderSite('/faq');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Privacy Policy' })));
    expect(router.state.location.pathname).toBe('/legal-terms');
    expect(router.state.location.search).toBe('?tab=3');
    // The legal-terms page opens its Privacy Policy tab (content from the API).
    expect((await screen.findByRole('tab', { selected: true })).textContent).toBe('Privacy Policy');
    expect(screen.getByText(TEXT)).toBeTruthy();
  });
});

describe('cookie banner and the instant-win pop-up', () => {
  it('publishes its height while it shows, so the pop-up sits above OK and Privacy Policy instead of over them', () => {
    // jsdom lays nothing out: the banner's height and its resizing are played here.
    let height = 148;
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(() => height);
    const resized: Array<() => void> = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          resized.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    const published = () => document.documentElement.style.getPropertyValue('--sh-cookie-banner-height');
    renderSite('/faq');
    expect(published()).toBe('148px');
    // The phone turned: the text wraps on fewer lines.
    height = 96;
    act(() => resized.forEach((callback) => callback()));
    expect(published()).toBe('96px');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(published()).toBe('');
  });
});

describe('cookie banner in the server-rendered HTML', () => {
  afterEach(() => document.documentElement.removeAttribute('data-cookie-notice'));

  it('is in the HTML whatever the cookie, since the HTML is the same for every visitor', () => {
    document.cookie = 'cggcookie=1; Path=/';
    const html = renderToString(
      <MemoryRouter initialEntries={['/faq']}>
        <CookieBanner />
      </MemoryRouter>,
    );
    expect(html).toContain('aria-label="Cookie notice"');
    expect(html).toContain('We use cookies to ensure');
  });

  it("is shown before the app starts only to a visitor still to be asked: the head's script says so", () => {
    new Function(COOKIE_NOTICE_SCRIPT)();
    expect(document.documentElement.getAttribute('data-cookie-notice')).toBe('due');
    document.documentElement.removeAttribute('data-cookie-notice');
    document.cookie = 'other=1; Path=/';
    document.cookie = 'cggcookie=1; Path=/';
    new Function(COOKIE_NOTICE_SCRIPT)();
    expect(document.documentElement.hasAttribute('data-cookie-notice')).toBe(false);
  });
});
