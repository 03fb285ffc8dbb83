import { PageFrame } from './page-frame.tsx';

/**
 * A page whose data could not be loaded (the shop's database restarting answers 503 with
 * its own message): say so and offer another try, rather than a spinner that never ends
 * or an empty state that would be wrong ("your basket is empty", "no such order").
 */
export function LoadFailed({ title, message, retrying = false, onRetry }: { title: string; message: string; retrying?: boolean; onRetry: () => void }) {
  return (
    <PageFrame title={title}>
      <div className="cc-card cc-empty" role="alert">
        <p>{message}</p>
        <button type="button" className="cc-btn" disabled={retrying} aria-busy={retrying} onClick={onRetry}>
          Try again
        </button>
      </div>
    </PageFrame>
  );
}
