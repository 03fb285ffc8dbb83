import { useEffect, useRef, useState, type FormEvent } from 'react';
import { apiRequest, calls } from '@cgg/contracts';
import { Spinner } from '../../components/spinner.tsx';
import { TextField } from '../../components/text-field.tsx';
import { focusFirstError } from '../../components/focus-first-error.ts';
import { usePageTitle } from '../../components/page-title.ts';
import { useUserDetails } from '../../data/use-user-details.ts';
import { requireToken } from '../../data/session-token.ts';
import { DETAILS_SAVE_FALLBACK, DETAILS_UPDATED, errorText, toastError, toastSuccess, unsuccessfulText } from '../../data/save-feedback.ts';
import { bankErrors, digitsOnly, SORT_CODE_MAX_LENGTH, type BankField, type BankValues } from '../../validation/bank-rules.ts';
import { firstErrorPerField, type FieldError } from '../../validation/field-error.ts';

/** Spec section 4: bank details save is idle, saving, success or error. */
type SaveState = 'idle' | 'saving' | 'success' | 'error';

/** `/account/financial-details`: where prize money is paid (get_bank_details saves them). */
export default function FinancialDetailsScreen() {
  usePageTitle('Financial details');
  const { user, isLoading, remember } = useUserDetails();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<BankValues>({ accountNumber: '', confirmAccountNumber: '', sortCode: '' });
  const [errors, setErrors] = useState<FieldError<BankField>[]>([]);
  const [state, setState] = useState<SaveState>('idle');
  const byField = firstErrorPerField(errors);

  // Prefilled from the stored account_number and sort_code (spec section 2).
  useEffect(() => {
    if (!isLoading) setValues({ accountNumber: user?.account_number ?? '', confirmAccountNumber: user?.account_number ?? '', sortCode: user?.sort_code ?? '' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when loading ends
  }, [isLoading]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = bankErrors(values);
    setErrors(found);
    if (found.length) return focusFirstError(formRef.current, found);
    setState('saving');
    try {
      const answer = await apiRequest(calls.getBankDetails, { token: requireToken(), account_number: values.accountNumber, sort_code: values.sortCode });
      if (!answer.success) {
        setState('error');
        toastError(unsuccessfulText(answer, DETAILS_SAVE_FALLBACK));
        return;
      }
      remember({ account_number: values.accountNumber, sort_code: values.sortCode });
      setState('success');
      toastSuccess(DETAILS_UPDATED);
    } catch (error) {
      setState('error');
      toastError(errorText(error, DETAILS_SAVE_FALLBACK));
    }
  }

  if (isLoading) return <Spinner label="Loading your bank details" />;
  return (
    <section className="acc-screen">
      <h1 className="acc-page__title">Financial details</h1>
      <p className="acc-page__intro">Where we pay cash prizes. We only use these details to pay you.</p>
      <form ref={formRef} className="acc-form acc-card" noValidate onSubmit={submit} data-state={state}>
        <TextField
          name="accountNumber"
          label="ACCOUNT NUMBER"
          inputMode="numeric"
          autoComplete="off"
          value={values.accountNumber}
          onChange={(v) => setValues((s) => ({ ...s, accountNumber: digitsOnly(v) }))}
          error={byField.accountNumber}
        />
        <TextField
          name="confirmAccountNumber"
          label="CONFIRM ACCOUNT NUMBER"
          inputMode="numeric"
          autoComplete="off"
          value={values.confirmAccountNumber}
          onChange={(v) => setValues((s) => ({ ...s, confirmAccountNumber: digitsOnly(v) }))}
          error={byField.confirmAccountNumber}
        />
        <TextField
          name="sortCode"
          label="Sort Code"
          inputMode="numeric"
          autoComplete="off"
          maxLength={SORT_CODE_MAX_LENGTH}
          value={values.sortCode}
          onChange={(v) => setValues((s) => ({ ...s, sortCode: v.slice(0, SORT_CODE_MAX_LENGTH) }))}
          error={byField.sortCode}
        />
        <button type="submit" className="acc-button" disabled={state === 'saving'}>
          {state === 'saving' ? 'SAVING...' : 'SAVE CHANGES'}
        </button>
      </form>
    </section>
  );
}
