import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSite } from '../test/render-site.tsx';
import { RouteErrorBoundary } from '../routes/route-error-boundary.tsx';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(cleanup);

describe('shell pages', () => {
  it('an unknown path shows the not-found page (loaded on first use, like every site page) inside the layout', async () => {
    renderSite('/no/such/page');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toMatch(/not found/i);
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('a failing route shows the default error screen', () => {
    const Broken = () => {
      throw new Error('boom');
    };
    render(
      <MemoryRouter>
        <Routes>
          <Route path="/" element={<RouteErrorBoundary><Broken /></RouteErrorBoundary>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unexpected Application Error!');
  });

  it('a failing page shows the error screen inside the layout, and navigating away clears it', async () => {
    const Broken = () => {
      throw new Error('boom');
    };
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <header>
          <Link to="/fine">Fine page</Link>
        </header>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/broken" element={<Broken />} />
            <Route path="/fine" element={<h1>Fine</h1>} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unexpected Application Error!');
    fireEvent.click(screen.getByRole('link', { name: 'Fine page' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fine' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('site pages render their heading, with a spinner while their content loads from the API', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
    renderSite('/free-postal-route');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Free postal entry route');
    expect(screen.getByRole('status').textContent).toMatch(/Loading free postal route/);
    vi.unstubAllGlobals();
  });

  it('the footer links every public page, the privacy policy and the complaints procedure', () => {
    renderSite('/faq');
    const footer = screen.getByRole('contentinfo');
    const hrefs = [...footer.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    for (const href of ['/', '/faq', '/contact', '/complaints', '/free-postal-route', '/community-chat', '/winners_list', '/draw/results', '/how-it-works', '/legal-terms', '/legal-terms?tab=3']) {
      expect(hrefs).toContain(href);
    }
  });
});
