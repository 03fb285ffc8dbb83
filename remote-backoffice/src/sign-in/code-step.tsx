import { useState, type FormEvent } from 'react';
import { ApiError, apiRequest } from '@cgg/contracts';
import { staffCalls, staffSecondFactorRequestSchema, type StaffMember } from '@cgg/contracts/staff';
import { failureMessage, staffRequest } from '../api/staff-api.ts';
import { fieldErrorsOf, hasErrors, type FieldErrors } from '../components/field-errors.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { TextField } from '../components/text-field.tsx';
import type { SecondStep } from './second-step.ts';

export interface SignedIn {
  token: string;
  staff: StaffMember;
  recoveryCodes?: string[];
  /** Their password was set by someone else: they choose their own before anything else. */
  passwordChangeDue: boolean;
}

/** Groups the secret in fours, as authenticator apps show it, so it can be typed in. */
const grouped = (secret: string): string => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Step two: the code from the authenticator app, or a recovery code. On a first sign-in the
 * member enrols the app first: the key (and the otpauth link a phone opens) is shown here.
 */
export function CodeStep({ second, onSignedIn, onRestart }: { second: SecondStep; onSignedIn: (s: SignedIn) => void; onRestart: (reason: string) => void }) {
  const enrolling = second.step === 'enrol-totp';
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setRefusal(null);
    const value = code.replace(/\s+/g, '').toLowerCase();
    const payload = useRecovery ? { token: second.token, recovery_code: value } : { token: second.token, code: value };
    const parsed = staffSecondFactorRequestSchema.safeParse(payload);
    const found: FieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues.map((i) => ({ ...i, path: ['code'] })));
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const answer = await staffRequest((o) => apiRequest(staffCalls.staffSecondFactor, payload, o), null);
      onSignedIn({ token: answer.data.token, staff: answer.data.staff, recoveryCodes: answer.data.recovery_codes, passwordChangeDue: answer.data.password_change_due === true });
    } catch (error) {
      // The step's token lasts minutes: once it has expired, only the password step can start again.
      if (error instanceof ApiError && error.code === 'invalid_token') onRestart(error.message);
      else setRefusal(failureMessage(error));
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="bo-form" onSubmit={submit} noValidate aria-labelledby="bo-code-title">
      <h1 id="bo-code-title" className="bo-title">
        {enrolling ? 'Set up your authenticator app' : 'Enter your code'}
      </h1>
      {enrolling ? (
        <div className="bo-enrol">
          <p>
            Staff sign-in needs a second step. Add CGG Competitions to an authenticator app (Google Authenticator,
            Microsoft Authenticator, 1Password…) with this key, then enter the 6-digit code it shows.
          </p>
          <p className="bo-enrol__key" aria-label="Authenticator key" data-testid="totp-secret">
            {grouped(second.secret ?? '')}
          </p>
          {second.otpauth_uri && (
            <p>
              <a href={second.otpauth_uri}>Open in an authenticator app on this device</a>
            </p>
          )}
        </div>
      ) : (
        <p className="bo-muted">{useRecovery ? 'Enter one of your recovery codes. Each works once.' : 'Enter the 6-digit code from your authenticator app.'}</p>
      )}
      <FormAlert message={refusal} />
      <TextField
        name="code"
        label={useRecovery ? 'Recovery code' : 'Code'}
        inputMode={useRecovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        value={code}
        onChange={setCode}
        error={errors.code}
      />
      <button type="submit" className="bo-button" aria-disabled={busy || undefined}>
        {busy ? 'Checking…' : enrolling ? 'Confirm and sign in' : 'Sign in'}
      </button>
      {!enrolling && (
        <button
          type="button"
          className="bo-link-button"
          onClick={() => {
            setUseRecovery((r) => !r);
            setCode('');
            setErrors({});
          }}
        >
          {useRecovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
        </button>
      )}
    </form>
  );
}
