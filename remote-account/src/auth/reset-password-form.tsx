import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useSearchParams } from 'react-router-dom';
import { accountCalls } from '@cgg/contracts/account';
import { meetsPasswordRule, PASSWORD_RULE_MESSAGE } from '@cgg/contracts/forms';
import { apiRequest, type FieldError } from '@cgg/contracts';
import { TextField } from '../components/text-field.tsx';
import { StrengthMeter } from '../components/strength-meter.tsx';
import { focusFirstError } from '../components/focus-first-error.ts';
import { focusOnShow } from '../components/focus-on-show.ts';
import { usePageTitle } from '../components/page-title.ts';
import { firstErrorPerField } from '../validation/field-error.ts';
import { authErrorText } from './auth-error.ts';

type Field = 'password' | 'confirmPassword';

export const INCOMPLETE_LINK = 'This reset link is incomplete or has expired. Please request a new one.';
export const RESET_DONE = 'Your password has been reset. You can now log in with your new password.';
/** The API's own words for a link that no longer works (reset_password's invalid_key). */
export const LINK_NO_LONGER_WORKS = 'This password reset link is invalid or has expired. Please request a new one.';

/** `/auth/reset/password?key=...&login=...`: the link of the reset email. */
export function ResetPasswordForm() {
  usePageTitle('Reset password');
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const login = params.get('login') ?? '';
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldError<Field>[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const byField = firstErrorPerField(errors);
  // Asked as the page opens, so a used or old link says so before a new password is typed. Until
  // it answers (or if it cannot), the form is there: sending it gives the same answer.
  const [linkWorks, setLinkWorks] = useState<boolean | null>(null);
  useEffect(() => {
    if (!key || !login) return;
    let live = true;
    apiRequest(accountCalls.checkResetKey, { key, login }).then(
      (answer) => live && setLinkWorks(answer.valid),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [key, login]);

  if (!key || !login || (linkWorks === false && !done)) {
    return (
      <section className="acc-auth">
        <h1 className="acc-page__title">Reset password</h1>
        <div className="acc-card" role="alert">
          <p>{!key || !login ? INCOMPLETE_LINK : LINK_NO_LONGER_WORKS}</p>
          <Link to="/auth/forgot/password">Request a new link</Link>
        </div>
      </section>
    );
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    // Under way: ignored (the button says so and keeps the focus, aria-disabled below).
    if (busy) return;
    const found: FieldError<Field>[] = [];
    if (!password) found.push({ field: 'password', message: 'Please enter a password' });
    else if (!meetsPasswordRule(password)) found.push({ field: 'password', message: PASSWORD_RULE_MESSAGE });
    if (password && password !== confirmPassword) found.push({ field: 'confirmPassword', message: 'New password and Confirm password do not match.' });
    flushSync(() => setErrors(found));
    setFailure(null);
    if (found.length) return focusFirstError(formRef.current, found);
    setBusy(true);
    try {
      await apiRequest(accountCalls.resetPassword, { key, login, password });
      setDone(true);
    } catch (error) {
      setFailure(authErrorText(error));
    }
    setBusy(false);
  }

  return (
    <section className="acc-auth">
      <h1 className="acc-page__title">Reset password</h1>
      {done ? (
        <div className="acc-card" role="status" tabIndex={-1} ref={focusOnShow}>
          <p>{RESET_DONE}</p>
          <Link to="/auth/login">Login</Link>
        </div>
      ) : (
        <form ref={formRef} className="acc-form acc-card" noValidate onSubmit={submit}>
          <p className="acc-page__intro">Choose a new password for {login}.</p>
          {failure && (
            <p className="acc-form__failure" role="alert">
              {failure} <Link to="/auth/forgot/password">Request a new link</Link>
            </p>
          )}
          <TextField name="password" label="New password" type="password" autoComplete="new-password" value={password} onChange={setPassword} error={byField.password} />
          <StrengthMeter password={password} />
          <TextField
            name="confirmPassword"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={setConfirmPassword}
            error={byField.confirmPassword}
          />
          <button type="submit" className="acc-button" aria-disabled={busy || undefined}>
            {busy ? 'SAVING...' : 'RESET PASSWORD'}
          </button>
        </form>
      )}
    </section>
  );
}
