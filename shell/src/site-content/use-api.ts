import { useCallback, useEffect, useRef, useState } from 'react';
import { pageDataEntries, pageDataKey, serverRender, type CallName } from '@cgg/contracts';

export interface ApiState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** What a page reads, when the page's answers (contracts' page data) may already hold it. */
export interface PageRead<T> {
  call: CallName;
  pick: (response: never) => T;
}

/** The page's own answer to a call without payload; on the server a missing one is asked for. */
function fromPage<T>(read: PageRead<T> | undefined): T | undefined {
  if (!read) return undefined;
  const key = pageDataKey(read.call, null);
  const entry = pageDataEntries().find((e) => pageDataKey(e.call, e.payload) === key);
  if (entry) return read.pick(entry.response as never);
  serverRender()?.want(read.call, null);
  return undefined;
}

/**
 * One API read for a page: loading, data or error, and a retry. `load` must be stable
 * (defined at module level), e.g. `(signal) => apiRequest(calls.getFaqs, undefined, { signal })`.
 * With `read`, a server-rendered page starts from the answer its HTML carried (the server
 * rendered it from the same), so hydration matches and the API is not asked again.
 */
export function useApi<T>(load: (signal: AbortSignal) => Promise<T>, what: string, read?: PageRead<T>): ApiState<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>(() => {
    const data = fromPage(read);
    return { data, error: undefined, loading: data === undefined };
  });
  const [attempt, setAttempt] = useState(0);
  // The page's answer stands in for the first load only; "Try again" asks the API.
  const carried = useRef(state.data !== undefined);
  useEffect(() => {
    if (carried.current) {
      carried.current = false;
      return;
    }
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
