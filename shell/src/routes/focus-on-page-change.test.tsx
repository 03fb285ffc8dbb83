import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../test/fake-api.ts';
import { loadedAt } from '../test/loaded-at.ts';
import { renderSite } from '../test/render-site.tsx';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  stubApi();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const main = () => document.getElementById('sh-main')!;

describe('focus on a page change', () => {
  it('moves the focus to the main content when another page is shown, without scrolling to it', async () => {
    loadedAt('/faq');
    const { router } = renderSite('/faq');
    const focus = vi.spyOn(main(), 'focus');
    // The link the visitor used; as a page's own link it would be gone with its page, leaving the focus nowhere.
    const link = screen.getByRole('link', { name: 'Skip to content' });
    link.focus();
    await act(() => router.navigate('/contact'));
    expect(document.activeElement).toBe(main());
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
  });

  it('leaves the focus alone on the page the browser loaded', () => {
    loadedAt('/faq');
    renderSite('/faq');
    expect(document.activeElement).toBe(document.body);
  });

  it('leaves the focus on the tab when a legal-terms tab is chosen (the query changes, the page does not)', async () => {
    const { router } = renderSite('/legal-terms?tab=1');
    const privacy = await screen.findByRole('tab', { name: 'Privacy Policy' });
    await act(async () => fireEvent.click(privacy));
    expect(router.state.location.search).toBe('?tab=3');
    expect(document.activeElement).toBe(privacy);
    // A query changed by a link, with no KEEP_SCROLL, is the same page too.
    await act(() => router.navigate('/legal-terms?tab=1'));
    expect(document.activeElement).toBe(privacy);
  });

  it('moves the focus when the site layout first shows a page other than the one loaded (from a staff page)', () => {
    loadedAt('/admin');
    renderSite('/faq');
    expect(document.activeElement).toBe(main());
  });
});
