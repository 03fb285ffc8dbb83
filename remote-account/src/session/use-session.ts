import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { accountStore, sessionReadyAtom, userStoreAtom, type UserStore } from './user-store.ts';
import { startSession } from './session.ts';

/** The user store, with the startup check started by whichever account module mounts first. */
export function useSession(): UserStore & { ready: boolean } {
  const store = useAtomValue(userStoreAtom, { store: accountStore });
  const ready = useAtomValue(sessionReadyAtom, { store: accountStore });
  useEffect(() => {
    void startSession();
  }, []);
  return { ...store, ready };
}
