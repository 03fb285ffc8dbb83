import { lazy, Suspense } from 'react';
import { Spinner } from './components/spinner.tsx';
import { useStaffSession } from './session/use-staff-session.ts';
import SignInScreen from './sign-in/sign-in-screen.tsx';
import './styles/backoffice.css';

// The screens are a chunk of their own, fetched once a staff member has signed in: a visitor to
// /admin downloads the sign-in form and nothing else.
const SignedInArea = lazy(() => import('./layout/signed-in-area.tsx'));

/** The back office under /admin: sign-in with a second factor, then the screens the member's role allows. */
export default function BackOffice() {
  const session = useStaffSession();
  return (
    <div className="bo-root" data-boundary="backoffice">
      {session.status === 'checking' && <Spinner label="Checking your sign-in…" />}
      {session.status === 'signed-out' && <SignInScreen notice={session.reason} key={session.reason ?? ''} />}
      {session.status === 'signed-in' && (
        <Suspense fallback={<Spinner label="Loading the back office…" />}>
          <SignedInArea staff={session.staff} />
        </Suspense>
      )}
    </div>
  );
}
