import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { accountCalls } from '@cgg/contracts/account';
import { apiRequest, } from '@cgg/contracts';
import { Spinner } from '../components/spinner.tsx';
import { usePageTitle } from '../components/page-title.ts';
import { establishSession } from '../session/session.ts';

export const LOGIN_AS_USER_FAILED = 'This sign-in link is invalid or has expired. Please ask for a new code.';

/** `/login-as-user?code=...`: a single-use code from the admin CLI signs support in as the customer. */
export function LoginAsUserScreen() {
  usePageTitle('Login as user');
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const navigate = useNavigate();
  const [failed, setFailed] = useState(!code);
  const used = useRef(false);

  useEffect(() => {
    // Single-use: never send the code twice (StrictMode runs effects twice in development).
    if (!code || used.current) return;
    used.current = true;
    apiRequest(accountCalls.loginAsUser, { code })
      .then((res) => {
        establishSession(res.data);
        navigate('/account', { replace: true });
      })
      .catch((error: unknown) => {
        console.warn('[account] login-as-user refused', error);
        setFailed(true);
      });
  }, [code, navigate]);

  return (
    <section className="acc-auth">
      <h1 className="acc-page__title">Login as user</h1>
      {failed ? (
        <div className="acc-card" role="alert">
          <p>{LOGIN_AS_USER_FAILED}</p>
          <Link to="/auth/login">Go to login</Link>
        </div>
      ) : (
        <Spinner label="Signing in" />
      )}
    </section>
  );
}
