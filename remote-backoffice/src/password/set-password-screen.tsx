import { useEffect, useState, type FormEvent } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, staffSetPasswordRequestSchema } from '@cgg/contracts/staff';
import { Link, useNavigate } from 'react-router-dom';
import { fieldErrorsOf, hasErrors, type FieldErrors, withFieldErrors } from '../components/field-errors.ts';
import { focusOnShow } from '../components/focus-on-show.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { TextField } from '../components/text-field.tsx';
import { useSave } from '../components/use-save.ts';
import { ADMIN_BASE } from '../layout/sections.ts';
import { useBackOfficeTitle } from '../layout/use-back-office-title.ts';

/**
 * A member chooses their own password with the link mailed to them (an admin added them, or reset
 * their sign-in): /admin/set-password?key=... No sign-in is needed: the key is the proof. Once set,
 * they sign in with it and set up their authenticator app.
 */
export function SetPasswordScreen({ linkKey: keyInAddress }: { linkKey: string }) {
  // Read once, then taken out of the address bar: it stays out of the history and of the Referer
  // of the page's requests. (Reloaded, the page asks to open the link from the email again.)
  const [linkKey] = useState(keyInAddress);
  const navigate = useNavigate();
  useEffect(() => {
    if (keyInAddress) navigate(`${ADMIN_BASE}/set-password`, { replace: true });
  }, [keyInAddress, navigate]);
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState<string | null>(null);
  const save = useSave();
  useBackOfficeTitle('Choose your password');

  async function submit(event: FormEvent) {
    event.preventDefault();
    save.reset();
    const parsed = staffSetPasswordRequestSchema.safeParse({ key: linkKey, password: next });
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
    if (!found.password && next !== again) found.again = 'The two passwords are not the same.';
    setErrors(found);
    if (hasErrors(found) || !parsed.success) return;
    await save.run(() => withFieldErrors(async () => {
      // Not a staff request: nobody is signed in, and the link's key is sent instead of a token.
      const answer = await apiRequest(staffCalls.staffSetPassword, parsed.data);
      setNext('');
      setAgain('');
      setDone(answer.message);
    }, setErrors));
  }

  return (
    <div className="bo-sign-in">
      <section aria-labelledby="bo-set-password-title">
        <h1 id="bo-set-password-title" className="bo-title">
          Choose your password
        </h1>
        {done ? (
          <>
            <p className="bo-success" role="status" tabIndex={-1} ref={focusOnShow}>
              {done}
            </p>
            <Link className="bo-button" to={ADMIN_BASE}>
              Sign in to the back office
            </Link>
          </>
        ) : (
          <form className="bo-form" onSubmit={submit} noValidate aria-labelledby="bo-set-password-title">
            <FormAlert message={save.refusal ?? errors.key ?? null} />
            <TextField name="set-password" label="New password" type="password" autoComplete="new-password" hint="At least 12 characters." value={next} onChange={setNext} error={errors.password} />
            <TextField name="set-password-again" label="New password again" type="password" autoComplete="new-password" value={again} onChange={setAgain} error={errors.again} />
            <button type="submit" className="bo-button" aria-disabled={save.busy || undefined}>
              {save.busy ? 'Saving…' : 'Set my password'}
            </button>
          </form>
        )}
      </section>
    </div>
  );
}
