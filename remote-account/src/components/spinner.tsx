/** Shown while account data loads (spec section 2: "A spinner shows while account data loads"). */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="acc-spinner" role="status" aria-label={label}>
      <span className="acc-spinner__ring" aria-hidden="true" />
    </div>
  );
}
