import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { FeedSource } from './instant-win-feed-source.ts';
import { toNotice, type InstantWinNotice } from './instant-win-record.ts';

/** Spec section 9: at most once per 60 s, visible 10 s, each record deleted 100 ms after it is read. */
export const POPUP_MIN_INTERVAL_MS = 60_000;
export const POPUP_VISIBLE_MS = 10_000;
export const RECORD_DELETE_DELAY_MS = 100;

/**
 * The live instant-win pop-up (spec section 4): hidden; shown when a record arrives
 * unless one was shown in the last 60 s (then the record is ignored); hidden after
 * 10 s or when dismissed. Every record is deleted 100 ms after it is read, shown or
 * not. A polite live region announces it; focus is never moved.
 */
export function InstantWinPopup({ source }: { source: FeedSource }) {
  const [notice, setNotice] = useState<InstantWinNotice | null>(null);
  const lastShownAt = useRef<number | null>(null);

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
    let hideTimer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = source((arrival) => {
      later(() => arrival.remove(), RECORD_DELETE_DELAY_MS);
      const now = Date.now();
      if (lastShownAt.current !== null && now - lastShownAt.current < POPUP_MIN_INTERVAL_MS) return;
      lastShownAt.current = now;
      setNotice(toNotice(arrival.key, arrival.record));
      if (hideTimer) {
        clearTimeout(hideTimer);
        timers.delete(hideTimer);
      }
      hideTimer = later(() => setNotice(null), POPUP_VISIBLE_MS);
    });
    return () => {
      unsubscribe();
      for (const t of timers) clearTimeout(t);
    };
  }, [source]);

  return (
    // The live region stays in the page so screen readers announce what appears in it.
    <div className="sh-instant-win" role="status" aria-live="polite" aria-atomic="true">
      {notice && (
        <div className="sh-instant-win__card" data-testid="instant-win-popup" data-key={notice.key}>
          <WinBody notice={notice} onOpen={() => setNotice(null)} />
          <button type="button" className="sh-instant-win__dismiss" aria-label="Dismiss instant win notification" onClick={() => setNotice(null)}>
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
