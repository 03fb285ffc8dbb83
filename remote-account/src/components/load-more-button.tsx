/** The spec's Load More under a paged table (points, orders): shown while more pages exist. */
export function LoadMoreButton({ list }: { list: { hasMore: boolean; isLoadingMore: boolean; loadMore: () => void } }) {
  if (!list.hasMore) return null;
  return (
    <button type="button" className="acc-button acc-button--ghost" disabled={list.isLoadingMore} onClick={list.loadMore}>
      {list.isLoadingMore ? 'Loading...' : 'Load More'}
    </button>
  );
}
