import { useCallback, useEffect, useRef, useState } from 'react';
import { noticeRefusedCall } from '../session/session.ts';

/** Spec section 9: points and orders come 10 at a time. */
export const PAGE_SIZE = 10;

export interface Page<T, Extra> {
  items: T[];
  /** Whether another page exists after this one. */
  hasMore: boolean;
  extra: Extra;
}

/**
 * A list read a page at a time with a Load More button. A failed page is silent
 * (spec section 8): logged, and what was already shown stays.
 */
export function usePagedList<T, Extra>(what: string, fetchPage: (pageIndex: number) => Promise<Page<T, Extra>>, enabled: boolean) {
  const [items, setItems] = useState<T[]>([]);
  const [extra, setExtra] = useState<Extra | undefined>(undefined);
  const [hasMore, setHasMore] = useState(false);
  const [isLoading, setIsLoading] = useState(enabled);
  const [isLoadingMore, setIsLoadingMore] = useState(false);
  const nextPage = useRef(0);
  // A remount or a new customer starts a new generation; late answers of the old one are dropped.
  const generation = useRef(0);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const load = useCallback(
    async (first: boolean) => {
      const mine = generation.current;
      const pageIndex = first ? 0 : nextPage.current;
      if (first) setIsLoading(true);
      else setIsLoadingMore(true);
      try {
        const page = await fetchRef.current(pageIndex);
        if (mine !== generation.current) return;
        nextPage.current = pageIndex + 1;
        setItems((prev) => (first ? page.items : [...prev, ...page.items]));
        setExtra(page.extra);
        setHasMore(page.hasMore);
      } catch (error) {
        console.warn(`[account] ${what} unavailable`, error);
        noticeRefusedCall(error);
        if (first) setHasMore(false);
      } finally {
        setIsLoading(false);
        setIsLoadingMore(false);
      }
    },
    [what],
  );

  useEffect(() => {
    if (!enabled) return;
    void load(true);
    return () => {
      generation.current += 1;
    };
  }, [enabled, load]);

  return { items, extra, hasMore, isLoading, isLoadingMore, loadMore: () => void load(false) };
}
