import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '../components/spinner.tsx';
import { useAtomValue } from 'jotai';
import { useSession } from '../session/use-session.ts';
import { retrySessionCheck } from '../session/session.ts';
import { accountStore, sessionCheckErrorAtom, signedOutHereAtom } from '../session/user-store.ts';
import type { ReturnState } from '../auth/return-path.ts';

/** Account pages need a signed-in customer (spec section 6): others go to login and come back after. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { user, ready, isAuthenticating } = useSession();
  const location = useLocation();
  const signedOutHere = useAtomValue(signedOutHereAtom, { store: accountStore });
  const checkError = useAtomValue(sessionCheckErrorAtom, { store: accountStore });
  if (!ready || isAuthenticating) return <Spinner label="Checking your account" />;
  // The server could not say whether the stored session is good (its database restarting):
  // say so and keep the customer here, rather than sending them to log in again.
  if (!user && checkError) {
    return (
      <div className="acc-card" role="alert">
        <p>{checkError}</p>
        <button type="button" className="acc-button" onClick={() => void retrySessionCheck()}>
          Try again
        </button>
      </div>
    );
  }
  // Signing out on an account page goes home; arriving signed out goes to login and back.
  if (!user && signedOutHere) return <Navigate to="/" replace />;
  if (!user) {
    const state: ReturnState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to="/auth/login" replace state={state} />;
  }
  return <>{children}</>;
}
