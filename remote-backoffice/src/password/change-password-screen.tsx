import { useState, type FormEvent } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, staffChangePasswordRequestSchema } from '@cgg/contracts/staff';
import { staffRequest } from '../api/staff-api.ts';
import { fieldErrorsOf, hasErrors, type FieldErrors, withFieldErrors } from '../components/field-errors.ts';
import { focusOnShow } from '../components/focus-on-show.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { TextField } from '../components/text-field.tsx';
import { useSave } from '../components/use-save.ts';
import { staffSession } from '../session/staff-session.ts';

/**
 * The member's own password. `required`: someone else set the one they signed in with (a new member,
 * a reset sign-in), so nothing else opens until they choose theirs; otherwise a change they chose to
 * make (the header's "Your password"). Their other sessions end either way (the API says so).
 */
export function ChangePasswordScreen({ required }: { required: boolean }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState<string | null>(null);
  const save = useSave();

  async function submit(event: FormEvent) {
    event.preventDefault();
    save.reset();
    const parsed = staffChangePasswordRequestSchema.safeParse({ current_password: current, new_password: next });
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
    if (!found.new_password && next !== again) found.again = 'The two new passwords are not the same.';
    setErrors(found);
    if (hasErrors(found) || !parsed.success) return;
    await save.run(() => withFieldErrors(async () => {
      const answer = await staffRequest((o) => apiRequest(staffCalls.staffChangePassword, parsed.data, o));
      setCurrent('');
      setNext('');
      setAgain('');
      setDone(answer.message);
    }, setErrors));
  }

  if (done) {
    return (
      <section aria-labelledby="bo-password-title">
        <h1 id="bo-password-title" className="bo-title">
          Your password
        </h1>
        <p className="bo-success" role="status" tabIndex={-1} ref={focusOnShow}>
          {done}
        </p>
        {required && (
          <button type="button" className="bo-button" onClick={() => staffSession.passwordChosen()}>
            Continue to the back office
          </button>
        )}
      </section>
    );
  }

  return (
    <section aria-labelledby="bo-password-title">
      <h1 id="bo-password-title" className="bo-title">
        {required ? 'Choose your own password' : 'Your password'}
      </h1>
      {required && <p className="bo-notice">The password you signed in with was set by someone else, so it is not yours alone. Choose your own before you go on.</p>}
      <form className="bo-form" onSubmit={submit} noValidate aria-labelledby="bo-password-title">
        <FormAlert message={save.refusal} />
        <TextField name="current-password" label="Current password" type="password" autoComplete="current-password" value={current} onChange={setCurrent} error={errors.current_password} />
        <TextField name="new-password" label="New password" type="password" autoComplete="new-password" hint="At least 12 characters, and not the one you have now." value={next} onChange={setNext} error={errors.new_password} />
        <TextField name="new-password-again" label="New password again" type="password" autoComplete="new-password" value={again} onChange={setAgain} error={errors.again} />
        <button type="submit" className="bo-button" aria-disabled={save.busy || undefined}>
          {save.busy ? 'Saving…' : 'Save my password'}
        </button>
      </form>
    </section>
  );
}
