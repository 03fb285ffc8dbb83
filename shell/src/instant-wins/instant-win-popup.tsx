import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react';
import { Link } from 'react-router-dom';
import type { FeedSource } from './instant-win-feed-source.ts';
import { toNotice, type InstantWinNotice } from './instant-win-record.ts';
import { pausableTimeout, type PausableTimeout } from './pausable-timeout.ts';

/** Spec section 9: at most once per 60 s, visible 10 s, each record deleted 100 ms after it is read. */
export const POPUP_MIN_INTERVAL_MS = 60_000;
export const POPUP_VISIBLE_MS = 10_000;
export const RECORD_DELETE_DELAY_MS = 100;

/**
 * The live instant-win pop-up (spec section 4): hidden; shown when a record arrives
 * unless one was shown in the last 60 s (then the record is ignored); hidden after
 * 10 s or when dismissed. Every record is deleted 100 ms after it is read, shown or
 * not. A polite live region announces it; focus is never moved to it.
 * The 10 s stand still while the card is pointed at or has the focus (WCAG 2.2.1: time to read it
 * or reach its link), and go on with what was left once it is neither.
 */
export function InstantWinPopup({ source }: { source: FeedSource }) {
  const [notice, setNotice] = useState<InstantWinNotice | null>(null);
  const lastShownAt = useRef<number | null>(null);
  const card = useRef<HTMLDivElement>(null);
  const hideTimer = useRef<PausableTimeout | null>(null);
  const hovered = useRef(false);
  const focused = useRef(false);
  const holdOrRelease = useCallback(() => {
    if (hovered.current || focused.current) hideTimer.current?.pause();
    else hideTimer.current?.resume();
  }, []);
  /**
   * Hides the card. Had it the focus (its link or Dismiss), the focus goes to the page's main
   * content: removed with the card, it fell to <body>, and a keyboard or screen-reader user started
   * again from the top of the page.
   */
  const hide = useCallback(() => {
    hideTimer.current?.cancel();
    hovered.current = false;
    focused.current = false;
    if (card.current?.contains(document.activeElement)) document.getElementById('sh-main')?.focus({ preventScroll: true });
    setNotice(null);
  }, []);

  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const later = (fn: () => void, ms: number) => {
      const t = setTimeout(() => {
        timers.delete(t);
        fn();
      }, ms);
      timers.add(t);
      return t;
    };
    const unsubscribe = source((arrival) => {
      later(() => arrival.remove(), RECORD_DELETE_DELAY_MS);
      const now = Date.now();
      if (lastShownAt.current !== null && now - lastShownAt.current < POPUP_MIN_INTERVAL_MS) return;
      lastShownAt.current = now;
      setNotice(toNotice(arrival.key, arrival.record));
      hideTimer.current?.cancel();
      hideTimer.current = pausableTimeout(hide, POPUP_VISIBLE_MS);
      holdOrRelease();
    });
    return () => {
      unsubscribe();
      for (const t of timers) clearTimeout(t);
      hideTimer.current?.cancel();
    };
  }, [source, hide, holdOrRelease]);

  const onBlur = (event: FocusEvent) => {
    // Moving between the link and Dismiss keeps the focus in the card.
    focused.current = card.current?.contains(event.relatedTarget as Node | null) ?? false;
    holdOrRelease();
  };

  return (
    // The live region stays in the page so screen readers announce what appears in it.
    <div className="sh-instant-win" role="status" aria-live="polite" aria-atomic="true">
      {notice && (
        <div
          ref={card}
          className="sh-instant-win__card"
          data-testid="instant-win-popup"
          data-key={notice.key}
          onMouseEnter={() => {
            hovered.current = true;
            holdOrRelease();
          }}
          onMouseLeave={() => {
            hovered.current = false;
            holdOrRelease();
          }}
          onFocus={() => {
            focused.current = true;
            holdOrRelease();
          }}
          onBlur={onBlur}
        >
          <WinBody notice={notice} onOpen={hide} />
          <button type="button" className="sh-instant-win__dismiss" aria-label="Dismiss instant win notification" onClick={hide}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}

function WinBody({ notice, onOpen }: { notice: InstantWinNotice; onOpen: () => void }) {
  const content = (
    <>
      {notice.image && <img className="sh-instant-win__image" src={notice.image} alt="" width={56} height={56} />}
      <span className="sh-instant-win__text">
        <strong className="sh-instant-win__headline">
          {notice.winner} just won{notice.prize ? ` ${notice.prize}` : ' an instant prize'}!
        </strong>
        {notice.title && <span className="sh-instant-win__title">{notice.title}</span>}
      </span>
    </>
  );
  if (!notice.href) return <div className="sh-instant-win__body">{content}</div>;
  return (
    <Link className="sh-instant-win__body" to={notice.href} onClick={onOpen}>
      {content}
    </Link>
  );
}
