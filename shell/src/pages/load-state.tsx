import type { ReactNode } from 'react';
import { Spinner } from '../layout/spinner.tsx';
import type { ApiState } from '../site-content/use-api.ts';

/** Spinner while loading, a retry message on failure, else the content. */
export function LoadState<T>({ state, what, children }: { state: ApiState<T>; what: string; children: (data: T) => ReactNode }) {
  if (state.data !== undefined) return <>{children(state.data)}</>;
  if (state.loading) return <Spinner label={`Loading ${what}`} />;
  return (
    <div className="sh-notice" role="alert">
      <p>We couldn't load the {what} just now.</p>
      <button type="button" className="sh-button" onClick={state.reload}>
        Try again
      </button>
    </div>
  );
}
