import { useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { flushSync } from 'react-dom';
import { accountCalls, type User } from '@cgg/contracts/account';
import { billingDetailsErrors, unprefixedBilling } from '@cgg/contracts/forms';
import { apiRequest, type FieldError } from '@cgg/contracts';
import { Spinner } from '../../components/spinner.tsx';
import { TextField } from '../../components/text-field.tsx';
import { focusFirstError } from '../../components/focus-first-error.ts';
import { usePageTitle } from '../../components/page-title.ts';
import { useUserDetails } from '../../data/use-user-details.ts';
import { requireToken } from '../../data/session-token.ts';
import { DETAILS_SAVE_FALLBACK, DETAILS_UPDATED, errorText, toastError, toastSuccess, unsuccessfulText } from '../../data/save-feedback.ts';
import { firstErrorPerField } from '../../validation/field-error.ts';

/** The form's values, named as update_user_details' fields (and the inputs). */
interface BillingValues {
  billing_first_name: string;
  billing_last_name: string;
  billing_phone: string;
  billing_email: string;
  billing_address_1: string;
  billing_address_2: string;
  billing_city: string;
  billing_postcode: string;
  billing_state: string;
}
type BillingField = keyof BillingValues;

/** Spec section 5, billing form (the shared rule, which names the Store API's unprefixed fields). */
function billingErrors(v: BillingValues): FieldError<BillingField>[] {
  const errors = billingDetailsErrors(unprefixedBilling(v));
  return errors.map(({ field, message }) => ({ field: `billing_${field}`, message }));
}

function fromUser(user: User | null): BillingValues {
  return {
    billing_first_name: user?.billing_first_name ?? '',
    billing_last_name: user?.billing_last_name ?? '',
    billing_phone: user?.billing_phone ?? '',
    billing_email: user?.billing_email ?? '',
    billing_address_1: user?.billing_address_1 ?? '',
    billing_address_2: user?.billing_address_2 ?? '',
    billing_city: user?.billing_city ?? '',
    billing_postcode: user?.billing_postcode ?? '',
    billing_state: user?.billing_state ?? '',
  };
}

/** `/account/billing`: the billing address (update_user_details). The country is fixed to the UK (spec section 9). */
export default function BillingScreen() {
  usePageTitle('Billing details');
  const { user, isLoading, remember } = useUserDetails();
  if (isLoading) return <Spinner label="Loading your details" />;
  return <BillingForm user={user} remember={remember} />;
}

/** The form, rendered once the stored details are in, so its fields start from them (never empty first). */
function BillingForm({ user, remember }: { user: User | null; remember: (patch: Partial<User>) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(() => fromUser(user));
  const [errors, setErrors] = useState<FieldError<BillingField>[]>([]);
  const [saving, setSaving] = useState(false);
  const byField = firstErrorPerField(errors);
  const field = (name: BillingField, label: string, extra: Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'autoCapitalize' | 'autoCorrect'> = {}) => (
    <TextField name={name} label={label} {...extra} value={values[name]} onChange={(v) => setValues((s) => ({ ...s, [name]: v }))} error={byField[name]} />
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    // Under way: ignored (the button says so and keeps the focus, aria-disabled below).
    if (saving) return;
    const found = billingErrors(values);
    flushSync(() => setErrors(found));
    if (found.length) return focusFirstError(formRef.current, found);
    setSaving(true);
    const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as unknown as BillingValues;
    try {
      const answer = await apiRequest(accountCalls.updateUserDetails, {
        token: requireToken(),
        // The call also carries the account names; this form does not change them.
        first_name: user?.first_name ?? trimmed.billing_first_name,
        last_name: user?.last_name ?? trimmed.billing_last_name,
        ...trimmed,
      });
      if (!answer.success) {
        toastError(unsuccessfulText(answer, DETAILS_SAVE_FALLBACK));
      } else {
        remember(trimmed);
        toastSuccess(DETAILS_UPDATED);
      }
    } catch (error) {
      toastError(errorText(error, DETAILS_SAVE_FALLBACK));
    }
    setSaving(false);
  }

  return (
    <section className="acc-screen">
      <h1 className="acc-page__title">Billing details</h1>
      <form ref={formRef} className="acc-form acc-card" noValidate onSubmit={submit}>
        <div className="acc-form__row">
          {field('billing_first_name', 'First name', { autoComplete: 'given-name' })}
          {field('billing_last_name', 'Last name', { autoComplete: 'family-name' })}
        </div>
        {field('billing_phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
        {field('billing_email', 'Email address', { type: 'email', autoComplete: 'email' })}
        <div className="acc-field">
          <span className="acc-field__label">Country/Region</span>
          <p className="acc-field__static">United Kingdom</p>
        </div>
        {field('billing_address_1', 'Street address (House Name/No.)', { autoComplete: 'address-line1' })}
        {field('billing_address_2', 'Street address line 2', { autoComplete: 'address-line2' })}
        {field('billing_city', 'Town / City', { autoComplete: 'address-level2' })}
        {/* Phones: a postcode is typed in capitals and never "corrected" into a word. */}
        {field('billing_postcode', 'Postcode', { autoComplete: 'postal-code', autoCapitalize: 'characters', autoCorrect: 'off' })}
        {field('billing_state', 'County (optional)', { autoComplete: 'address-level1' })}
        <button type="submit" className="acc-button" aria-disabled={saving || undefined}>
          {saving ? 'SAVING...' : 'SAVE CHANGES'}
        </button>
      </form>
    </section>
  );
}
