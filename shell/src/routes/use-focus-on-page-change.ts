import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';
import { loadedPage } from './loaded-page.ts';

/**
 * Moves the focus to `target` (the main content) when a new page is shown. Without it the focus
 * stayed on the link just used, usually gone with its page (so on the body), and a screen reader
 * said nothing of the new page. The main content is there at once, while a remote's heading
 * arrives only with its module, so it is the one reliable place to land.
 *
 * Left alone: the page the browser loaded (a visitor may already be tabbing through the server's
 * HTML), and a change of the query or hash only, which is the same page (a legal-terms tab chosen
 * with KEEP_SCROLL, an in-page anchor). `preventScroll`: the scroll is ScrollToTop's to decide.
 */
export function useFocusOnPageChange(target: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const before = shown.current;
    shown.current = pathname;
    // Run again for the same page (React's strict mode checks): nothing changed.
    if (before === pathname) return;
    if (before === null) {
      // The layout's first page is a change only when it is not the document loaded (from a staff
      // page); when the loaded document is unknown, the focus is not taken from the visitor.
      const loaded = loadedPage();
      if (loaded === null || loaded.pathname === pathname) return;
    }
    // A page that put the focus in itself as it mounted (its effects run before the layout's) keeps it.
    const active = document.activeElement;
    if (active && active !== target.current && target.current?.contains(active)) return;
    target.current?.focus({ preventScroll: true });
  }, [pathname, target]);
}
