/** Previous and next page of a list the server pages, with where the reader is. */
export function Pager({ label, page, totalPages, total, onPage }: { label: string; page: number; totalPages: number; total: number; onPage: (page: number) => void }) {
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
