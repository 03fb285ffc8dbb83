import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSite } from '../test/render-site.tsx';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The browser's record of the document it loaded (jsdom keeps none). */
function loadedAt(path: string) {
  vi.spyOn(performance, 'getEntriesByType').mockImplementation((type) =>
    type === 'navigation' ? [{ name: `http://localhost:3000${path}` } as PerformanceEntry] : [],
  );
}

describe('scroll to top', () => {
  it('scrolls to the top on every location change', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = renderSite('/faq');
    scrollTo.mockClear();
    await act(() => router.navigate('/contact'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockClear();
    await act(() => router.navigate('/legal-terms?tab=3'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('leaves the page the browser loaded where the visitor or the browser scrolled it, then scrolls on every change', async () => {
    loadedAt('/faq?from=footer');
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = renderSite('/faq?from=footer');
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/contact'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockClear();
    // Back on the page first loaded: a change like any other.
    await act(() => router.navigate('/faq?from=footer'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('scrolls to the top when the site layout first shows a page other than the one loaded (from a staff page)', () => {
    loadedAt('/admin');
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderSite('/faq');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
