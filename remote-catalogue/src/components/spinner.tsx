import './spinner.css';

/** Shown by every section while it loads (spec: "Each shows a spinner while loading"). */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="cat-spinner" role="status" aria-label={label}>
      <span className="cat-spinner__ring" aria-hidden="true" />
    </div>
  );
}
