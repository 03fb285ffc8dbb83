import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { accountCalls, londonToday, monthlyLimitField } from '@cgg/contracts/account';
import { ApiError, apiRequest, type FieldError } from '@cgg/contracts';
import { TextField } from '../components/text-field.tsx';
import { StrengthMeter } from '../components/strength-meter.tsx';
import { focusFirstError } from '../components/focus-first-error.ts';
import { usePageTitle } from '../components/page-title.ts';
import { establishSession } from '../session/session.ts';
import { firstErrorPerField } from '../validation/field-error.ts';
import { authErrorText } from './auth-error.ts';
import { LimitChoiceFields } from './limit-choice-fields.tsx';
import { returnPath } from './return-path.ts';
import { signUpErrors, type SignUpField, type SignUpValues } from './sign-up-rules.ts';

const empty: SignUpValues = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', dateOfBirth: '', limitChoice: '', monthlyLimit: '', over18: false };

/** The API's field names to this form's: a refusal it names (under 18, a bad date) shows under its field. */
const serverFields: Record<string, SignUpField> = { date_of_birth: 'dateOfBirth', monthly_limit: 'monthlyLimit', email: 'email', password: 'password', first_name: 'firstName', last_name: 'lastName' };

function serverFieldErrors(error: unknown): FieldError<SignUpField>[] {
  const params = error instanceof ApiError ? (error.data as { params?: unknown } | undefined)?.params : undefined;
  if (!params || typeof params !== 'object' || Array.isArray(params)) return [];
  return Object.entries(params as Record<string, unknown>).flatMap(([field, message]) =>
    serverFields[field] && typeof message === 'string' ? [{ field: serverFields[field], message }] : [],
  );
}

export function SignUpForm() {
  usePageTitle('Create an account');
  const navigate = useNavigate();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldError<SignUpField>[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const byField = firstErrorPerField(errors);
  const set = (field: keyof SignUpValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    // Under way: ignored (the button says so and keeps the focus, aria-disabled below).
    if (busy) return;
    const found = signUpErrors(values, londonToday(new Date()));
    flushSync(() => setErrors(found));
    setFailure(null);
    if (found.length) return focusFirstError(formRef.current, found);
    setBusy(true);
    try {
      const res = await apiRequest(accountCalls.register, {
        first_name: values.firstName.trim(),
        last_name: values.lastName.trim(),
        email: values.email.trim(),
        password: values.password,
        over_18: true,
        date_of_birth: values.dateOfBirth,
        monthly_limit: monthlyLimitField({ choice: values.limitChoice, amount: values.monthlyLimit }),
      });
      establishSession(res.data);
      navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      const named = serverFieldErrors(error);
      // A refusal the API tied to a field shows under it (and once); anything else above the form.
      if (named.length) {
        flushSync(() => setErrors(named));
        focusFirstError(formRef.current, named);
      } else setFailure(authErrorText(error));
      setBusy(false);
    }
  }

  return (
    <section className="acc-auth">
      <h1 className="acc-page__title">Create an account</h1>
      <p className="acc-page__intro">Enter competitions faster and keep track of your tickets, points and orders.</p>
      <form ref={formRef} className="acc-form acc-card" noValidate onSubmit={submit}>
        {failure && (
          <p className="acc-form__failure" role="alert">
            {failure}
          </p>
        )}
        <TextField name="firstName" label="First name" autoComplete="given-name" value={values.firstName} onChange={set('firstName')} error={byField.firstName} />
        <TextField name="lastName" label="Last name" autoComplete="family-name" value={values.lastName} onChange={set('lastName')} error={byField.lastName} />
        <TextField name="email" label="Email address" type="email" autoComplete="email" value={values.email} onChange={set('email')} error={byField.email} />
        <TextField name="password" label="Password" type="password" autoComplete="new-password" value={values.password} onChange={set('password')} error={byField.password} />
        <StrengthMeter password={values.password} />
        <TextField
          name="confirmPassword"
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={byField.confirmPassword}
        />
        <TextField
          name="dateOfBirth"
          label="Date of birth"
          type="date"
          autoComplete="bday"
          hint="You need to be 18 or over to enter our prize draws."
          value={values.dateOfBirth}
          onChange={set('dateOfBirth')}
          error={byField.dateOfBirth}
        />
        <LimitChoiceFields
          value={{ choice: values.limitChoice, amount: values.monthlyLimit }}
          onChange={(c) => setValues((v) => ({ ...v, limitChoice: c.choice, monthlyLimit: c.amount }))}
          choiceError={byField.limitChoice}
          amountError={byField.monthlyLimit}
        />
        <div className={`acc-check${byField.over18 ? ' acc-field--invalid' : ''}`}>
          <input
            id="acc-over18"
            name="over18"
            type="checkbox"
            checked={values.over18}
            aria-invalid={byField.over18 ? true : undefined}
            aria-describedby={byField.over18 ? 'acc-over18-error' : undefined}
            onChange={(e) => setValues((v) => ({ ...v, over18: e.target.checked }))}
          />
          <label htmlFor="acc-over18">I confirm that I am 18 years of age or over and a UK resident.</label>
          {byField.over18 && (
            <p id="acc-over18-error" className="acc-field__error" role="alert">
              {byField.over18}
            </p>
          )}
        </div>
        <button type="submit" className="acc-button" aria-disabled={busy || undefined}>
          {busy ? 'CREATING ACCOUNT...' : 'CREATE ACCOUNT'}
        </button>
        <p className="acc-auth__links">
          <span>
            Already have an account?{' '}
            <Link to="/auth/login" state={location.state}>
              Login
            </Link>
          </span>
        </p>
      </form>
    </section>
  );
}
