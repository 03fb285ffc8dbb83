import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { staffSession } from '../session/staff-session.ts';
import { failureMessage } from './staff-api.ts';

export type Loaded<T> = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'loaded'; data: T };

/**
 * Loads a screen's data with `load` (a staffRequest) whenever `key` changes, and on `reload()`.
 * A new key (another filter, another page) shows loading at once, never the previous answer;
 * a reload keeps the answer on screen until the new one arrives. An answer that arrives after a
 * newer request started is dropped, so filters typed quickly never show an older page. A load
 * that failed is tried again when the member signs in again after their session ended.
 */
export function useStaffData<T>(key: string, load: () => Promise<T>): { loaded: Loaded<T>; reload: () => void } {
  const [answer, setAnswer] = useState<{ key: string; loaded: Loaded<T> } | null>(null);
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setAnswer({ key, loaded: { state: 'loaded', data } }),
      (error: unknown) => current && setAnswer({ key, loaded: { state: 'failed', message: failureMessage(error) } }),
    );
    return () => {
      current = false;
    };
    // `load` is a new function each render; `key` says when what it loads has changed.
  }, [key, round]);
  const loaded: Loaded<T> = answer?.key === key ? answer.loaded : { state: 'loading' };
  const renewals = useSyncExternalStore(staffSession.subscribe, staffSession.renewals, staffSession.renewals);
  const renewalsSeen = useRef(renewals);
  useEffect(() => {
    if (renewals === renewalsSeen.current) return;
    renewalsSeen.current = renewals;
    // Only a failed load: one on screen may sit under a form being edited from it.
    if (loaded.state === 'failed') reload();
  }, [renewals]);
  return { loaded, reload };
}
