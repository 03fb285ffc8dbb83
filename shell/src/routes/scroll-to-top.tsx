import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { keepsScroll } from './keep-scroll.ts';
import { loadedPage } from './loaded-page.ts';

/**
 * The spec: the view scrolls to the top on every location change. A change of the
 * hash alone is an in-page anchor (the home page's anchor navigation), which the
 * browser scrolls to itself, so that one is left alone.
 * The page the browser loaded is not a change: its scroll is the visitor's (a server-rendered page
 * can be scrolled before the app starts) or the browser's own (a reload, an anchor in the link).
 * Scrolling it to the top as the app started moved what a visitor was about to tap.
 * A query changed on the same page with KEEP_SCROLL (a legal-terms tab chosen) is not a new page either:
 * scrolled to the top, the visitor lost the tabs they were using.
 */
export function ScrollToTop() {
  const { pathname, search, state } = useLocation();
  const shown = useRef<{ pathname: string; at: string } | null>(null);
  useLayoutEffect(() => {
    const at = pathname + search;
    const before = shown.current;
    shown.current = { pathname, at };
    // Only the navigation state changed: the same page.
    if (before?.at === at) return;
    const stay = before === null ? at === loadedPathAndQuery() : before.pathname === pathname && keepsScroll(state);
    if (!stay) window.scrollTo(0, 0);
  }, [pathname, search, state]);
  return null;
}

/** The path and query of the document the browser loaded, if known. */
function loadedPathAndQuery(): string | null {
  const page = loadedPage();
  return page && page.pathname + page.search;
}
