/** Shown while a screen or its data loads. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="bo-spinner" role="status" aria-label={label}>
      <span className="bo-spinner__ring" aria-hidden="true" />
    </div>
  );
}
