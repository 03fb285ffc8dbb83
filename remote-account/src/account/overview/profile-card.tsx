import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { accountCalls, type User } from '@cgg/contracts/account';
import { apiRequest, type FieldError } from '@cgg/contracts';
import { TextField } from '../../components/text-field.tsx';
import { focusFirstError } from '../../components/focus-first-error.ts';
import { requireToken } from '../../data/session-token.ts';
import { errorText, PROFILE_SAVE_FALLBACK, PROFILE_UPDATED, toastError, toastSuccess, unsuccessfulText } from '../../data/save-feedback.ts';
import { profileErrors } from '../../validation/account-details-rules.ts';
import { firstErrorPerField } from '../../validation/field-error.ts';
import { useRememberUser } from '../../data/use-user-details.ts';

/**
 * The spec's "separate profile update path" (section 5): a quick name change on the
 * overview, through updateProfile without touching the email or password.
 */
export function ProfileCard({ user }: { user: User }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [firstName, setFirstName] = useState(user.first_name);
  const [lastName, setLastName] = useState(user.last_name);
  const [errors, setErrors] = useState<FieldError<'firstName' | 'lastName'>[]>([]);
  const [saving, setSaving] = useState(false);
  const remember = useRememberUser();
  const byField = firstErrorPerField(errors);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // Under way: ignored (the button says so and keeps the focus, aria-disabled below).
    if (saving) return;
    const found = profileErrors({ firstName, lastName });
    flushSync(() => setErrors(found));
    if (found.length) return focusFirstError(formRef.current, found);
    setSaving(true);
    try {
      const first = firstName.trim();
      const last = lastName.trim();
      const answer = await apiRequest(accountCalls.updateProfile, {
        token: requireToken(),
        account_first_name: first,
        account_last_name: last,
        account_display_name: `${first} ${last}`,
        account_email: user.email,
        password_current: '',
        password_1: '',
        password_2: '',
      });
      if (!answer.success) {
        toastError(unsuccessfulText(answer, PROFILE_SAVE_FALLBACK));
      } else {
        remember({ first_name: first, last_name: last, name: `${first} ${last}` });
        toastSuccess(PROFILE_UPDATED);
      }
    } catch (error) {
      toastError(errorText(error, PROFILE_SAVE_FALLBACK));
    }
    setSaving(false);
  }

  return (
    <form ref={formRef} className="acc-form acc-card" noValidate onSubmit={submit} aria-labelledby="acc-profile-title">
      <h2 id="acc-profile-title" className="acc-card__title">
        Your name
      </h2>
      <div className="acc-form__row">
        <TextField name="firstName" id="acc-profile-first" label="First name" value={firstName} onChange={setFirstName} error={byField.firstName} />
        <TextField name="lastName" id="acc-profile-last" label="Last name" value={lastName} onChange={setLastName} error={byField.lastName} />
      </div>
      <button type="submit" className="acc-button" aria-disabled={saving || undefined}>
        {saving ? 'SAVING...' : 'UPDATE PROFILE'}
      </button>
    </form>
  );
}
