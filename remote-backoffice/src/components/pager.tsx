/**
 * Previous and next page of a list the server pages, with where the reader is. A list that fits
 * one page only says how many it holds (nothing when empty: each list says so in its own words);
 * a reader left past the end (rows went meanwhile) keeps the way back.
 */
export function Pager({ label, page, totalPages, total, onPage }: { label: string; page: number; totalPages: number; total: number; onPage: (page: number) => void }) {
  if (totalPages <= 1 && page <= 1) {
    return total > 0 ? <p className="bo-pager">{total} in all</p> : null;
  }
  return (
    <nav className="bo-pager" aria-label={label}>
      <button type="button" className="bo-small-button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {Math.max(totalPages, 1)} ({total} in all)
      </span>
      <button type="button" className="bo-small-button" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
