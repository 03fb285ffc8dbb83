import { useEffect, useRef } from 'react';
import { focusOnShow } from '../components/focus-on-show.ts';
import SignInScreen from './sign-in-screen.tsx';

/**
 * The sign-in over the screens when the server ended the session (30 idle minutes, signed out
 * elsewhere): the member signs in again and carries on, with what they had typed still there.
 * It takes the focus, and hands it back to where it was (the button whose call was refused) as it goes.
 */
export function SessionEndedDialog({ reason }: { reason: string }) {
  // Read while rendering, before the screens behind turn inert.
  const returnTo = useRef(document.activeElement instanceof HTMLElement ? document.activeElement : null);
  useEffect(() => {
    const back = returnTo.current;
    return () => {
      if (back?.isConnected) back.focus();
    };
  }, []);
  return (
    <div className="bo-session-ended" role="dialog" aria-modal="true" aria-label="Sign in again" tabIndex={-1} ref={focusOnShow}>
      <SignInScreen notice={`${reason} What you had typed is still here.`} />
    </div>
  );
}
