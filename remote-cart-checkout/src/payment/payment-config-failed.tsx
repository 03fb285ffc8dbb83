/** The card field's config could not be loaded (payment-config): said where the field would be, with another try. */
export function PaymentConfigFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="cc-alert" role="alert">
      <p>{message}</p>
      <button type="button" className="cc-btn" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
