import { on, readSessionToken, type EventPayload } from '@cgg/contracts';
import { useSyncExternalStore } from 'react';

export type Session = EventPayload<'account:session-changed'>;

/** The account remote's last word on the session; null until it has spoken. */
let announced: Session | null = null;
const listeners = new Set<() => void>();

/**
 * The account remote's `account:session-changed` event is the authority on who is signed in.
 * Listening starts when the shell starts, so a page opened later still knows the latest state.
 */
export function startSessionTracking(target: EventTarget = window): () => void {
  return on(
    'account:session-changed',
    (session) => {
      announced = session;
      for (const listener of listeners) listener();
    },
    target,
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether a customer is signed in. The event comes late (the account remote loads once the page
 * is idle, then checks the token with the API) and never while that remote is down, so until it
 * comes a stored session token counts: a signed-in customer was shown "Log in" meanwhile, or for
 * good. A token the API no longer takes is soon corrected by the event (or by the API's 401 to a post).
 */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribe, () => announced?.signedIn ?? readSessionToken() !== null, () => false);
}

/** For tests: forget what the account remote said. */
export function resetSession(): void {
  announced = null;
}
