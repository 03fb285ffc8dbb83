import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { accountCalls, type User } from '@cgg/contracts/account';
import { apiRequest, type FieldError } from '@cgg/contracts';
import { Spinner } from '../../components/spinner.tsx';
import { TextField } from '../../components/text-field.tsx';
import { StrengthMeter } from '../../components/strength-meter.tsx';
import { focusFirstError } from '../../components/focus-first-error.ts';
import { usePageTitle } from '../../components/page-title.ts';
import { useUserDetails } from '../../data/use-user-details.ts';
import { requireToken } from '../../data/session-token.ts';
import { DETAILS_UPDATED, errorText, PROFILE_SAVE_FALLBACK, toastError, toastSuccess, unsuccessfulText } from '../../data/save-feedback.ts';
import { accountDetailsErrors, type AccountDetailsField, type AccountDetailsValues } from '../../validation/account-details-rules.ts';
import { firstErrorPerField } from '../../validation/field-error.ts';

function fromUser(user: User | null): AccountDetailsValues {
  return { firstName: user?.first_name ?? '', lastName: user?.last_name ?? '', email: user?.email ?? '', currentPassword: '', newPassword: '', confirmPassword: '' };
}

/** `/account/details`: names, email and the password change (updateProfile). */
export default function DetailsScreen() {
  usePageTitle('Account details');
  const { user, isLoading, remember } = useUserDetails();
  if (isLoading) return <Spinner label="Loading your details" />;
  return <DetailsForm user={user} remember={remember} />;
}

/** The form, rendered once the stored details are in, so its fields start from them (never empty first). */
function DetailsForm({ user, remember }: { user: User | null; remember: (patch: Partial<User>) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(() => fromUser(user));
  const [errors, setErrors] = useState<FieldError<AccountDetailsField>[]>([]);
  const [saving, setSaving] = useState(false);
  const byField = firstErrorPerField(errors);
  const set = (field: AccountDetailsField) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    // Under way: ignored (the button says so and keeps the focus, aria-disabled below).
    if (saving) return;
    const found = accountDetailsErrors(values);
    flushSync(() => setErrors(found));
    if (found.length) return focusFirstError(formRef.current, found);
    setSaving(true);
    try {
      const firstName = values.firstName.trim();
      const lastName = values.lastName.trim();
      const answer = await apiRequest(accountCalls.updateProfile, {
        token: requireToken(),
        account_first_name: firstName,
        account_last_name: lastName,
        account_display_name: user?.name || `${firstName} ${lastName}`,
        account_email: values.email.trim(),
        password_current: values.currentPassword,
        password_1: values.newPassword,
        password_2: values.confirmPassword,
      });
      if (!answer.success) {
        toastError(unsuccessfulText(answer, PROFILE_SAVE_FALLBACK));
      } else {
        remember({ first_name: firstName, last_name: lastName, email: values.email.trim() });
        setValues((v) => ({ ...v, currentPassword: '', newPassword: '', confirmPassword: '' }));
        toastSuccess(DETAILS_UPDATED);
      }
    } catch (error) {
      toastError(errorText(error, PROFILE_SAVE_FALLBACK));
    }
    setSaving(false);
  }

  return (
    <section className="acc-screen">
      <h1 className="acc-page__title">Account details</h1>
      <form ref={formRef} className="acc-form acc-card" noValidate onSubmit={submit}>
        <div className="acc-form__row">
          <TextField name="firstName" label="First name" autoComplete="given-name" value={values.firstName} onChange={set('firstName')} error={byField.firstName} />
          <TextField name="lastName" label="Last name" autoComplete="family-name" value={values.lastName} onChange={set('lastName')} error={byField.lastName} />
        </div>
        <TextField name="email" label="Email address" type="email" autoComplete="email" value={values.email} onChange={set('email')} error={byField.email} />
        <fieldset className="acc-fieldset">
          <legend>Password change</legend>
          <TextField
            name="currentPassword"
            label="Current password (leave blank to leave unchanged)"
            type="password"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={set('currentPassword')}
            error={byField.currentPassword}
          />
          <TextField
            name="newPassword"
            label="New password (leave blank to leave unchanged)"
            type="password"
            autoComplete="new-password"
            value={values.newPassword}
            onChange={set('newPassword')}
            error={byField.newPassword}
          />
          {values.newPassword && <StrengthMeter password={values.newPassword} />}
          <TextField
            name="confirmPassword"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
            error={byField.confirmPassword}
          />
        </fieldset>
        <button type="submit" className="acc-button" aria-disabled={saving || undefined}>
          {saving ? 'SAVING...' : 'SAVE CHANGES'}
        </button>
      </form>
    </section>
  );
}
