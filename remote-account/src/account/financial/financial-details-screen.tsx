import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { accountCalls } from '@cgg/contracts/account';
import { bankDetailsErrors, digitsOnly, SORT_CODE_MAX_LENGTH, type BankDetailsField } from '@cgg/contracts/forms';
import { apiRequest, type FieldError } from '@cgg/contracts';
import { Spinner } from '../../components/spinner.tsx';
import { TextField } from '../../components/text-field.tsx';
import { focusFirstError } from '../../components/focus-first-error.ts';
import { usePageTitle } from '../../components/page-title.ts';
import { useAccountData } from '../../data/use-account-data.ts';
import { requireToken } from '../../data/session-token.ts';
import { DETAILS_SAVE_FALLBACK, DETAILS_UPDATED, errorText, toastError, toastSuccess, unsuccessfulText } from '../../data/save-feedback.ts';
import { firstErrorPerField } from '../../validation/field-error.ts';

/** The form's values, named as the call's fields (the input names the rule errors point at). */
interface BankValues {
  account_number: string;
  confirm_account_number: string;
  sort_code: string;
}

/** Spec section 4: bank details save is idle, saving, success or error. */
type SaveState = 'idle' | 'saving' | 'success' | 'error';

type SavedBankDetails = { account_number: string; sort_code: string };

/**
 * `/account/financial-details`: where prize money is paid. bank_details reads the saved numbers
 * in full (every other answer, the user included, carries them masked); get_bank_details saves.
 * A failed read is silent (spec section 8): the fields start empty.
 */
export default function FinancialDetailsScreen() {
  usePageTitle('Financial details');
  const { data, isLoading, mutate } = useAccountData('bankDetails');
  if (isLoading) return <Spinner label="Loading your bank details" />;
  const remember = (saved: SavedBankDetails) => void mutate({ success: true, data: saved }, { revalidate: false });
  return <BankDetailsForm saved={data?.data ?? null} remember={remember} />;
}

/** The form, rendered once the stored details are in, so its fields start from them (never empty first). */
function BankDetailsForm({ saved, remember }: { saved: SavedBankDetails | null; remember: (saved: SavedBankDetails) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  // Prefilled from the stored account_number and sort_code (spec section 2).
  const [values, setValues] = useState<BankValues>(() => ({ account_number: saved?.account_number ?? '', confirm_account_number: saved?.account_number ?? '', sort_code: saved?.sort_code ?? '' }));
  const [errors, setErrors] = useState<FieldError<BankDetailsField>[]>([]);
  const [state, setState] = useState<SaveState>('idle');
  const byField = firstErrorPerField(errors);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // Under way: ignored (the button says so and keeps the focus, aria-disabled below).
    if (state === 'saving') return;
    const found = bankDetailsErrors(values);
    flushSync(() => setErrors(found));
    if (found.length) return focusFirstError(formRef.current, found);
    setState('saving');
    // The shared rule reads trimmed values, so the saved ones are trimmed too.
    const toSave = { account_number: values.account_number.trim(), sort_code: values.sort_code.trim() };
    try {
      const answer = await apiRequest(accountCalls.getBankDetails, { token: requireToken(), ...toSave });
      if (!answer.success) {
        setState('error');
        toastError(unsuccessfulText(answer, DETAILS_SAVE_FALLBACK));
        return;
      }
      remember(toSave);
      setState('success');
      toastSuccess(DETAILS_UPDATED);
    } catch (error) {
      setState('error');
      toastError(errorText(error, DETAILS_SAVE_FALLBACK));
    }
  }

  return (
    <section className="acc-screen">
      <h1 className="acc-page__title">Financial details</h1>
      <p className="acc-page__intro">Where we pay cash prizes. We only use these details to pay you.</p>
      <form ref={formRef} className="acc-form acc-card" noValidate onSubmit={submit} data-state={state}>
        <TextField
          name="account_number"
          label="ACCOUNT NUMBER"
          inputMode="numeric"
          autoComplete="off"
          value={values.account_number}
          onChange={(v) => setValues((s) => ({ ...s, account_number: digitsOnly(v) }))}
          error={byField.account_number}
        />
        <TextField
          name="confirm_account_number"
          label="CONFIRM ACCOUNT NUMBER"
          inputMode="numeric"
          autoComplete="off"
          value={values.confirm_account_number}
          onChange={(v) => setValues((s) => ({ ...s, confirm_account_number: digitsOnly(v) }))}
          error={byField.confirm_account_number}
        />
        <TextField
          name="sort_code"
          label="Sort Code"
          inputMode="numeric"
          autoComplete="off"
          maxLength={SORT_CODE_MAX_LENGTH}
          value={values.sort_code}
          onChange={(v) => setValues((s) => ({ ...s, sort_code: v.slice(0, SORT_CODE_MAX_LENGTH) }))}
          error={byField.sort_code}
        />
        <button type="submit" className="acc-button" aria-disabled={state === 'saving' || undefined}>
          {state === 'saving' ? 'SAVING...' : 'SAVE CHANGES'}
        </button>
      </form>
    </section>
  );
}
