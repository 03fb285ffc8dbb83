import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSite } from '../test/render-site.tsx';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(cleanup);

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
});
