import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { accountCalls } from '@cgg/contracts/account';
import { emailError } from '@cgg/contracts/forms';
import { apiRequest, type FieldError } from '@cgg/contracts';
import { TextField } from '../components/text-field.tsx';
import { focusFirstError } from '../components/focus-first-error.ts';
import { usePageTitle } from '../components/page-title.ts';
import { establishSession } from '../session/session.ts';
import { firstErrorPerField } from '../validation/field-error.ts';
import { authErrorText } from './auth-error.ts';
import { returnPath } from './return-path.ts';

type Field = 'email' | 'password';

export function LoginForm() {
  usePageTitle('Login');
  const navigate = useNavigate();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldError<Field>[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const byField = firstErrorPerField(errors);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // Under way: ignored (the button says so and keeps the focus, aria-disabled below).
    if (busy) return;
    const found: FieldError<Field>[] = [];
    const emailMessage = emailError(email);
    if (emailMessage) found.push({ field: 'email', message: emailMessage });
    if (!password) found.push({ field: 'password', message: 'Please enter a password' });
    flushSync(() => setErrors(found));
    setFailure(null);
    if (found.length) return focusFirstError(formRef.current, found);
    setBusy(true);
    try {
      const res = await apiRequest(accountCalls.login, { email: email.trim(), password });
      establishSession(res.data);
      navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      setFailure(authErrorText(error));
      setBusy(false);
    }
  }

  return (
    <section className="acc-auth">
      <h1 className="acc-page__title">Login</h1>
      <p className="acc-page__intro">Sign in to see your tickets, orders and rewards.</p>
      <form ref={formRef} className="acc-form acc-card" noValidate onSubmit={submit}>
        {failure && (
          <p className="acc-form__failure" role="alert">
            {failure}
          </p>
        )}
        <TextField name="email" label="Email address" type="email" autoComplete="email" value={email} onChange={setEmail} error={byField.email} />
        <TextField name="password" label="Password" type="password" autoComplete="current-password" value={password} onChange={setPassword} error={byField.password} />
        <button type="submit" className="acc-button" aria-disabled={busy || undefined}>
          {busy ? 'SIGNING IN...' : 'LOGIN'}
        </button>
        <p className="acc-auth__links">
          <Link to="/auth/forgot/password">Forgot your password?</Link>
          <span>
            New here?{' '}
            <Link to="/auth/register" state={location.state}>
              Create an account
            </Link>
          </span>
        </p>
      </form>
    </section>
  );
}
