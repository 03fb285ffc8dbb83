import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The spec: the view scrolls to the top on every location change. A change of the
 * hash alone is an in-page anchor (the home page's anchor navigation), which the
 * browser scrolls to itself, so that one is left alone.
 */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
