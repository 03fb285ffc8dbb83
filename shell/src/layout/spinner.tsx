/** A loading indicator announced to screen readers. */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="sh-spinner" role="status" aria-live="polite">
      <span className="sh-spinner__ring" aria-hidden="true" />
      <span className="sh-visually-hidden">{label}</span>
    </div>
  );
}
