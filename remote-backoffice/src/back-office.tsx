import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { Spinner } from './components/spinner.tsx';
import { ADMIN_BASE } from './layout/sections.ts';
import { SetPasswordScreen } from './password/set-password-screen.tsx';
import { useStaffSession } from './session/use-staff-session.ts';
import { SessionEndedDialog } from './sign-in/session-ended-dialog.tsx';
import SignInScreen from './sign-in/sign-in-screen.tsx';
import './styles/backoffice.css';

// The screens are a chunk of their own, fetched once a staff member has signed in: a visitor to
// /admin downloads the sign-in form and nothing else.
const SignedInArea = lazy(() => import('./layout/signed-in-area.tsx'));

/** The back office under /admin: sign-in with a second factor, then the screens the member's role allows. */
export default function BackOffice() {
  const session = useStaffSession();
  const location = useLocation();
  // The link mailed to a new member (or one whose sign-in was reset): no sign-in needed, the key is the proof.
  if (location.pathname === `${ADMIN_BASE}/set-password`) {
    return (
      <div className="bo-root" data-boundary="backoffice">
        <SetPasswordScreen linkKey={new URLSearchParams(location.search).get('key') ?? ''} />
      </div>
    );
  }
  const area = session.status === 'signed-in' || session.status === 'ended' ? session : null;
  const ended = session.status === 'ended';
  return (
    <div className="bo-root" data-boundary="backoffice">
      {session.status === 'checking' && <Spinner label="Checking your sign-in…" />}
      {session.status === 'signed-out' && <SignInScreen notice={session.reason} key={session.reason ?? ''} />}
      {area && (
        // While the session is ended the screens stay mounted, as they were (a half-filled form
        // too), but inert: nothing behind the sign-in can be used or read. Keyed by the member:
        // the same one signing in again carries on; anyone else starts afresh.
        <div className="bo-area-holder" inert={ended}>
          <Suspense fallback={<Spinner label="Loading the back office…" />}>
            <SignedInArea key={area.staff.id} staff={area.staff} passwordChangeDue={area.passwordChangeDue} />
          </Suspense>
        </div>
      )}
      {ended && <SessionEndedDialog reason={session.reason} />}
    </div>
  );
}
