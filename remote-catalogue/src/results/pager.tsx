/**
 * Previous / next paging for a list with `totalPages` pages. `failed`: the page asked for did not
 * load (the list above still shows the page before, kept while the next loads): said, not hidden.
 */
export function Pager({ page, totalPages, onPage, label, failed = false }: { page: number; totalPages: number; onPage: (p: number) => void; label: string; failed?: boolean }) {
  if (totalPages <= 1) return null;
  return (
    <nav className="cat-pager" aria-label={label}>
      {failed && (
        <p className="cat-pager__failed" role="alert">
          We couldn&apos;t load page {page} just now. Please try again shortly.
        </p>
      )}
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
