import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router-dom';
import { accountCalls } from '@cgg/contracts/account';
import { emailError } from '@cgg/contracts/forms';
import { apiRequest, } from '@cgg/contracts';
import { TextField } from '../components/text-field.tsx';
import { focusFirstError } from '../components/focus-first-error.ts';
import { focusOnShow } from '../components/focus-on-show.ts';
import { usePageTitle } from '../components/page-title.ts';

/** The same words whatever happened, so the page never tells whether an account exists. */
export const FORGOT_CONFIRMATION =
  'If an account exists for that email address, we have sent a link to reset your password. Please check your inbox (and spam folder). The link works once and expires within an hour.';

export function ForgotPasswordForm() {
  usePageTitle('Forgot password');
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // Under way: ignored (the button says so and keeps the focus, aria-disabled below).
    if (busy) return;
    const message = emailError(email);
    flushSync(() => setError(message));
    if (message) return focusFirstError(formRef.current, [{ field: 'email', message }]);
    setBusy(true);
    try {
      await apiRequest(accountCalls.forgotPassword, { email: email.trim() });
    } catch (err) {
      // Still the same confirmation: a failure must not hint at whether the email is known.
      console.warn('[account] forgot password call failed', err);
    }
    setBusy(false);
    setSent(true);
  }

  return (
    <section className="acc-auth">
      <h1 className="acc-page__title">Forgot password</h1>
      {sent ? (
        <div className="acc-card" role="status" tabIndex={-1} ref={focusOnShow}>
          <p>{FORGOT_CONFIRMATION}</p>
          <p>
            <Link to="/auth/login">Back to login</Link>
          </p>
        </div>
      ) : (
        <form ref={formRef} className="acc-form acc-card" noValidate onSubmit={submit}>
          <p className="acc-page__intro">Enter your email and we will send you a link to reset your password.</p>
          <TextField name="email" label="Email address" type="email" autoComplete="email" value={email} onChange={setEmail} error={error} />
          <button type="submit" className="acc-button" aria-disabled={busy || undefined}>
            {busy ? 'SENDING...' : 'RESET PASSWORD'}
          </button>
          <p className="acc-auth__links">
            <Link to="/auth/login">Back to login</Link>
          </p>
        </form>
      )}
    </section>
  );
}
