/**
 * The address of the document the browser loaded (its navigation entry), if known: the page a
 * visitor arrived on is not a change of page, whatever the app does as it starts.
 */
export function loadedPage(): { pathname: string; search: string } | null {
  const [entry] = performance.getEntriesByType('navigation');
  if (!entry) return null;
  const { pathname, search } = new URL(entry.name);
  return { pathname, search };
}
