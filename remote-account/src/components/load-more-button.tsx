import { useEffect, useRef, useState } from 'react';

/**
 * The spec's Load More under a paged table (points, site credit, orders): shown while more pages
 * exist. While a page loads it ignores presses but keeps the focus (`aria-disabled`); how many are
 * shown is said after each page; once the last page is in, the button (gone) hands the focus to
 * a line saying everything is shown.
 */
export function LoadMoreButton({ list }: { list: { items: readonly unknown[]; hasMore: boolean; isLoadingMore: boolean; loadMore: () => void } }) {
  const [asked, setAsked] = useState(false);
  const hadFocus = useRef(false);
  const end = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!list.hasMore && hadFocus.current) end.current?.focus();
  }, [list.hasMore]);
  const said = asked && !list.isLoadingMore ? `${list.items.length} shown.` : '';
  if (!list.hasMore) {
    return asked ? (
      <p ref={end} className="acc-list-end" role="status" tabIndex={-1}>
        All {list.items.length} shown.
      </p>
    ) : null;
  }
  return (
    <>
      <button
        type="button"
        className="acc-button acc-button--ghost"
        aria-disabled={list.isLoadingMore || undefined}
        onClick={(e) => {
          if (list.isLoadingMore) return;
          hadFocus.current = document.activeElement === e.currentTarget;
          setAsked(true);
          list.loadMore();
        }}
      >
        {list.isLoadingMore ? 'Loading...' : 'Load More'}
      </button>
      <p className="acc-visually-hidden" role="status">
        {said}
      </p>
    </>
  );
}
