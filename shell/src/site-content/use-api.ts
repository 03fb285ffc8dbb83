import { useCallback, useEffect, useState } from 'react';

export interface ApiState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * One API read for a page: loading, data or error, and a retry. `load` must be stable
 * (defined at module level), e.g. `(signal) => apiRequest(calls.getFaqs, undefined, { signal })`.
 */
export function useApi<T>(load: (signal: AbortSignal) => Promise<T>, what: string): ApiState<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({ data: undefined, error: undefined, loading: true });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: undefined }));
    load(controller.signal).then(
      (data) => setState({ data, error: undefined, loading: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn(`[shell] ${what} could not be loaded`, error);
        setState({ data: undefined, error, loading: false });
      },
    );
    return () => controller.abort();
  }, [load, what, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
