import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { parseCompetitionId } from '@cgg/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedArrival, FeedSource } from './instant-win-feed-source.ts';
import { InstantWinPopup, POPUP_MIN_INTERVAL_MS, POPUP_VISIBLE_MS, RECORD_DELETE_DELAY_MS } from './instant-win-popup.tsx';
import type { InstantWinRecord } from './instant-win-record.ts';

/** A feed the test pushes records into; each arrival's removal is a spy. */
function fakeFeed() {
  let listener: ((a: FeedArrival) => void) | null = null;
  const removed = new Map<string, ReturnType<typeof vi.fn>>();
  const source: FeedSource = (onArrival) => {
    listener = onArrival;
    return () => (listener = null);
  };
  let n = 0;
  const push = (record: InstantWinRecord | null) => {
    const key = `win-${++n}`;
    const remove = vi.fn();
    removed.set(key, remove);
    act(() => listener!({ key, record, remove }));
    return remove;
  };
  return { source, push, removed };
}

const win = (o: Partial<Record<keyof InstantWinRecord, unknown>> = {}): InstantWinRecord => ({
  main_id: 7, title: 'Win a Tesla Model 3', image: '/wp-content/uploads/competitions/tesla.svg', prize: '£50 Cash', user: 'Jamie T.', ...o,
});

function DetailsProbe() {
  const { slugId } = useParams();
  return <p>details of competition {parseCompetitionId(slugId)}</p>;
}

function renderPopup(source: FeedSource) {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<p>home</p>} />
        <Route path="/competition/details/:slugId" element={<DetailsProbe />} />
      </Routes>
      <InstantWinPopup source={source} />
    </MemoryRouter>,
  );
}

const popup = () => screen.queryByTestId('instant-win-popup');
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('InstantWinPopup', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('is hidden until a record arrives, then shows the first word of the name, the prize, the title and the image', () => {
    const feed = fakeFeed();
    renderPopup(feed.source);
    expect(popup()).toBeNull();
    feed.push(win({ user: 'Jamie Taylor Smith' }));
    expect(popup()).not.toBeNull();
    expect(popup()!.textContent).toContain('Jamie just won £50 Cash!');
    expect(popup()!.textContent).not.toContain('Taylor');
    expect(popup()!.textContent).toContain('Win a Tesla Model 3');
    expect(popup()!.querySelector('img')!.getAttribute('src')).toBe('/wp-content/uploads/competitions/tesla.svg');
  });

  it('shows {name} when the record has no user', () => {
    const feed = fakeFeed();
    renderPopup(feed.source);
    feed.push(win({ user: undefined }));
    expect(popup()!.textContent).toContain('{name} just won £50 Cash!');
  });

  it('hides itself after 10 s', () => {
    const feed = fakeFeed();
    renderPopup(feed.source);
    feed.push(win());
    advance(POPUP_VISIBLE_MS - 1);
    expect(popup()).not.toBeNull();
    advance(1);
    expect(popup()).toBeNull();
  });

  it('shows at most one per 60 s: records arriving sooner are ignored, the next one after 60 s shows', () => {
    const feed = fakeFeed();
    renderPopup(feed.source);
    feed.push(win({ user: 'First' }));
    advance(1000);
    feed.push(win({ user: 'Second' }));
    expect(popup()!.textContent).toContain('First just won');
    advance(POPUP_VISIBLE_MS);
    expect(popup()).toBeNull();
    feed.push(win({ user: 'Third' })); // 11 s after the first: still ignored
    expect(popup()).toBeNull();
    advance(POPUP_MIN_INTERVAL_MS - POPUP_VISIBLE_MS - 1000 - 1);
    feed.push(win({ user: 'Fourth' })); // 59.999 s after the first
    expect(popup()).toBeNull();
    advance(1);
    feed.push(win({ user: 'Fifth' })); // 60 s after the first
    expect(popup()!.textContent).toContain('Fifth just won');
  });

  it('deletes every record 100 ms after reading it, shown or ignored', () => {
    const feed = fakeFeed();
    renderPopup(feed.source);
    const shown = feed.push(win());
    const ignored = feed.push(win());
    advance(RECORD_DELETE_DELAY_MS - 1);
    expect(shown).not.toHaveBeenCalled();
    expect(ignored).not.toHaveBeenCalled();
    advance(1);
    expect(shown).toHaveBeenCalledTimes(1);
    expect(ignored).toHaveBeenCalledTimes(1);
  });

  it('is a polite status region, never takes focus, and can be dismissed', () => {
    const feed = fakeFeed();
    renderPopup(feed.source);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    const before = document.activeElement;
    feed.push(win());
    expect(region.contains(popup())).toBe(true);
    expect(document.activeElement).toBe(before);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss instant win notification' }));
    expect(popup()).toBeNull();
  });

  it('holds its 10 s while pointed at, and goes on with the time left once the pointer leaves', () => {
    const feed = fakeFeed();
    renderPopup(feed.source);
    feed.push(win());
    advance(4_000);
    fireEvent.mouseEnter(popup()!);
    advance(60_000);
    expect(popup()).not.toBeNull();
    fireEvent.mouseLeave(popup()!);
    advance(POPUP_VISIBLE_MS - 4_000 - 1);
    expect(popup()).not.toBeNull();
    advance(1);
    expect(popup()).toBeNull();
  });

  it('holds its 10 s while its link or Dismiss has the focus, also moving between them, and goes on once the focus leaves', () => {
    const feed = fakeFeed();
    renderPopup(feed.source);
    feed.push(win());
    act(() => screen.getByRole('link').focus());
    advance(30_000);
    act(() => screen.getByRole('button', { name: 'Dismiss instant win notification' }).focus());
    advance(30_000);
    expect(popup()).not.toBeNull();
    act(() => screen.getByRole('button', { name: 'Dismiss instant win notification' }).blur());
    advance(POPUP_VISIBLE_MS - 1);
    expect(popup()).not.toBeNull();
    advance(1);
    expect(popup()).toBeNull();
  });

  it('gives the focus to the main content when it goes while holding it, instead of dropping it to the page body', () => {
    const feed = fakeFeed();
    render(
      <MemoryRouter>
        <main id="sh-main" tabIndex={-1}>
          <p>home</p>
        </main>
        <InstantWinPopup source={feed.source} />
      </MemoryRouter>,
    );
    feed.push(win());
    const dismiss = screen.getByRole('button', { name: 'Dismiss instant win notification' });
    act(() => dismiss.focus());
    fireEvent.click(dismiss);
    expect(popup()).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('opens the competition through the spec\'s competition/details/{title}--{main_id} link', () => {
    const feed = fakeFeed();
    renderPopup(feed.source);
    feed.push(win({ title: '50/50 Cash & More', main_id: 42 }));
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/competition/details/50%2F50%20Cash%20%26%20More--42');
    fireEvent.click(link);
    expect(screen.getByText('details of competition 42')).toBeTruthy();
    expect(popup()).toBeNull();
  });

  it('shows a record with a bad image or id without a link or a foreign image', () => {
    const feed = fakeFeed();
    renderPopup(feed.source);
    feed.push(win({ image: 'javascript:alert(1)', main_id: 'x' }));
    expect(popup()!.querySelector('img')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
