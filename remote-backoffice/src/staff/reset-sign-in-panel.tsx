import { useState, type FormEvent } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, staffResetSignInRequestSchema, type StaffAccount } from '@cgg/contracts/staff';
import { staffRequest } from '../api/staff-api.ts';
import { fieldErrorsOf } from '../components/field-errors.ts';
import { focusOnShow } from '../components/focus-on-show.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { TextField } from '../components/text-field.tsx';
import { useSave } from '../components/use-save.ts';

/**
 * Resetting the sign-in of a member who lost their authenticator app and recovery codes, or their
 * password: what it does, said first (it signs them out there and then), and the new first password
 * the admin gives them privately, as when adding a member.
 */
export function ResetSignInPanel({ account, onReset, onClose }: { account: StaffAccount; onReset: (changed: StaffAccount) => void; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useSave();

  async function submit(event: FormEvent) {
    event.preventDefault();
    save.reset();
    const parsed = staffResetSignInRequestSchema.safeParse({ id: account.id, password });
    setError(parsed.success ? undefined : fieldErrorsOf(parsed.error.issues).password);
    if (!parsed.success) return;
    await save.run(async () => onReset((await staffRequest((o) => apiRequest(staffCalls.staffResetSignIn, parsed.data, o))).data));
  }

  return (
    <form className="bo-confirm" onSubmit={submit} noValidate aria-label={`Reset the sign-in of ${account.name}`}>
      <p tabIndex={-1} ref={focusOnShow}>
        Reset {account.name}&apos;s sign-in? Their password and authenticator app stop working, and they are signed out at once. Their next sign-in, with the new password, sets up an app again.
      </p>
      <FormAlert message={save.refusal} />
      <TextField
        name={`reset-password-${account.id}`}
        label="New first password"
        type="password"
        autoComplete="new-password"
        hint="At least 12 characters. Give it to them privately."
        value={password}
        onChange={setPassword}
        error={error}
      />
      <button type="submit" className="bo-small-button" aria-disabled={save.busy || undefined}>
        {save.busy ? 'Resetting…' : 'Yes, reset the sign-in'}
      </button>{' '}
      <button type="button" className="bo-link-button" aria-disabled={save.busy || undefined} onClick={() => !save.busy && onClose()}>
        Go back
      </button>
    </form>
  );
}
