/**
 * Navigation state for a change of the query that is not a new page, such as a tab switched on
 * /legal-terms: ScrollToTop leaves the scroll where it is. (React Router's `preventScrollReset`
 * does nothing here: it is read by the data routers' scroll restoration only, and the site has
 * declarative routes.)
 */
export const KEEP_SCROLL = { keepScroll: true } as const;

export function keepsScroll(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { keepScroll?: unknown }).keepScroll === true;
}
