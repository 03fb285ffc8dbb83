import { on, type EventPayload } from '@cgg/contracts';
import { useSyncExternalStore } from 'react';

export type Session = EventPayload<'account:session-changed'>;

const signedOut: Session = { signedIn: false, user: null };
let current: Session = signedOut;
const listeners = new Set<() => void>();

/**
 * The shell learns who is signed in only from the account remote's
 * `account:session-changed` event. Listening starts when the shell starts, so a page
 * opened later still knows the latest state.
 */
export function startSessionTracking(target: EventTarget = window): () => void {
  return on(
    'account:session-changed',
    (session) => {
      current = session;
      for (const listener of listeners) listener();
    },
    target,
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, () => current, () => signedOut);
}

/** For tests: forget the last session. */
export function resetSession(): void {
  current = signedOut;
}
