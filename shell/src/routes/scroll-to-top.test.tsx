import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../test/fake-api.ts';
import { loadedAt } from '../test/loaded-at.ts';
import { renderSite } from '../test/render-site.tsx';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

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

  it('leaves the scroll alone when a legal-terms tab is chosen (the query changes, the page does not)', async () => {
    stubApi();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = renderSite('/legal-terms?tab=1');
    const privacy = await screen.findByRole('tab', { name: 'Privacy Policy' });
    scrollTo.mockClear();
    await act(async () => fireEvent.click(privacy));
    expect(router.state.location.search).toBe('?tab=3');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Privacy Policy');
    expect(scrollTo).not.toHaveBeenCalled();
    // Another page, or the same one reached by a link (the cookie banner's Privacy Policy), still starts at the top.
    await act(() => router.navigate('/legal-terms?tab=1'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('scrolls to the top when the site layout first shows a page other than the one loaded (from a staff page)', () => {
    loadedAt('/admin');
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderSite('/faq');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
