import { useState, type FormEvent } from 'react';
import { isEmail } from '@cgg/contracts/forms';
import { apiRequest } from '@cgg/contracts';
import { staffCalls } from '@cgg/contracts/staff';
import { failureMessage, staffRequest } from '../api/staff-api.ts';
import type { FieldErrors } from '../components/field-errors.ts';
import { hasErrors } from '../components/field-errors.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { TextField } from '../components/text-field.tsx';
import type { SecondStep } from './second-step.ts';

function check(email: string, password: string): FieldErrors {
  return {
    email: !email.trim() ? 'Enter your email address.' : !isEmail(email.trim()) ? 'Enter a valid email address.' : undefined,
    password: password ? undefined : 'Enter your password.',
  };
}

/** Step one: email and password. The API answers which second step follows. */
export function PasswordStep({ notice, onNext }: { notice?: string; onNext: (step: SecondStep) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = check(email, password);
    setErrors(found);
    setRefusal(null);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const answer = await staffRequest((o) => apiRequest(staffCalls.staffLogin, { email: email.trim(), password }, o), null);
      onNext(answer.data);
    } catch (error) {
      setRefusal(failureMessage(error));
      setPassword('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="bo-form" onSubmit={submit} noValidate aria-labelledby="bo-sign-in-title">
      <h1 id="bo-sign-in-title" className="bo-title">
        Back office sign in
      </h1>
      <p className="bo-muted">For CGG Competitions staff. Customers sign in on the shop.</p>
      {notice && <p className="bo-notice">{notice}</p>}
      <FormAlert message={refusal} />
      <TextField name="email" label="Email address" type="email" autoComplete="username" value={email} onChange={setEmail} error={errors.email} />
      <TextField name="password" label="Password" type="password" autoComplete="current-password" value={password} onChange={setPassword} error={errors.password} />
      <button type="submit" className="bo-button" aria-disabled={busy || undefined}>
        {busy ? 'Checking…' : 'Continue'}
      </button>
    </form>
  );
}
