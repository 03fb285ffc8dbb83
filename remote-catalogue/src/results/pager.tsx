/** Previous / next paging for a list with `totalPages` pages. */
export function Pager({ page, totalPages, onPage, label }: { page: number; totalPages: number; onPage: (p: number) => void; label: string }) {
  if (totalPages <= 1) return null;
  return (
    <nav className="cat-pager" aria-label={label}>
      <button type="button" className="cat-pager__btn" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className="cat-pager__where">
        Page {page} of {totalPages}
      </span>
      <button type="button" className="cat-pager__btn" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
