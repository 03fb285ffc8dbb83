import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { accountCalls, dateOfBirthError, limitChoiceErrors, londonToday, monthlyLimitField, type LimitChoiceValues, type PurchaseCheck } from '@cgg/contracts/account';
import {
  ApiError,
  apiRequest,
  } from '@cgg/contracts';
import { TextField } from '../components/text-field.tsx';
import { errorMessage } from '../cart/toast.ts';
import { withSessionToken } from '../session/session-token.ts';

type Field = 'dateOfBirth' | 'limitChoice' | 'monthlyLimit';
const apiFields: Record<string, Field> = { date_of_birth: 'dateOfBirth', monthly_limit: 'monthlyLimit' };

/**
 * UK prize-draw code 1.1 and 1.4 at the checkout: an account from before sign-up asked for
 * them is refused until it gives its date of birth and chooses a monthly limit (or no
 * limit). This asks only what the API said is missing (`needs`), saves it, and hands back
 * to the checkout, which places the order again.
 */
export function AgeAndLimitPrompt({ needs, reason, onSaved }: { needs: PurchaseCheck[]; reason: string; onSaved: (stillNeeded: PurchaseCheck[]) => void }) {
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [limit, setLimit] = useState<LimitChoiceValues>({ choice: '', amount: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const askAge = needs.includes('date_of_birth');
  const askLimit = needs.includes('monthly_limit');

  // The prompt appears after pressing Place order: move the reader to it.
  useEffect(() => heading.current?.focus(), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    const dob = askAge ? dateOfBirthError(dateOfBirth, londonToday(new Date()), 'order') : undefined;
    if (dob) found.dateOfBirth = dob;
    if (askLimit) for (const err of limitChoiceErrors<Field>(limit, { choice: 'limitChoice', amount: 'monthlyLimit' })) found[err.field] = err.message;
    // Rendered before the focus moves: a screen reader reads the field as it takes the focus,
    // so it must already carry its message (aria-describedby).
    flushSync(() => setErrors(found));
    setFailure(null);
    const first = (['dateOfBirth', 'limitChoice', 'monthlyLimit'] as const).find((f) => found[f]);
    if (first) {
      document.getElementById(first === 'limitChoice' ? 'cc-limitChoice-limit' : `cc-${first}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const res = await withSessionToken((token) =>
        apiRequest(accountCalls.saveAgeAndLimit, {
          token,
          ...(askAge ? { date_of_birth: dateOfBirth } : {}),
          ...(askLimit ? { monthly_limit: monthlyLimitField(limit) } : {}),
        }),
      );
      onSaved(res.data.needs);
    } catch (error) {
      const params = error instanceof ApiError ? (error.data as { params?: Record<string, unknown> } | undefined)?.params : undefined;
      const named: Partial<Record<Field, string>> = {};
      for (const [field, message] of Object.entries(params ?? {})) if (apiFields[field] && typeof message === 'string') named[apiFields[field]] = message;
      if (Object.keys(named).length) setErrors(named);
      else setFailure(errorMessage(error, 'We could not save your answers just now. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  // The message is tied to each radio, not the fieldset: the focus goes to a radio, and a screen
  // reader reads the radio's own description as it takes it (as remote-account's LimitChoiceFields).
  const option = (choice: 'limit' | 'none', label: string) => (
    <label className="cc-check">
      <input
        id={`cc-limitChoice-${choice}`}
        type="radio"
        name="limitChoice"
        value={choice}
        checked={limit.choice === choice}
        aria-describedby={errors.limitChoice ? 'cc-limitChoice-error' : undefined}
        onChange={() => setLimit((l) => ({ ...l, choice }))}
      />
      <span>{label}</span>
    </label>
  );

  return (
    <section className="cc-card cc-fieldset" aria-labelledby="cc-door-title">
      <h2 id="cc-door-title" className="cc-fieldset__legend" tabIndex={-1} ref={heading}>
        Before your first order
      </h2>
      <form className="cc-grid" noValidate onSubmit={(e) => void submit(e)}>
        <p className="cc-muted">{reason}</p>
        {askAge && (
          <TextField name="dateOfBirth" label="Date of birth" type="date" autoComplete="bday" value={dateOfBirth} onChange={setDateOfBirth} error={errors.dateOfBirth} />
        )}
        {askLimit && (
          <fieldset className="cc-fieldset">
            <legend className="cc-field__label">Monthly spending limit</legend>
            <p className="cc-muted">
              The most you want to spend on entries each calendar month (£0 allowed), or no limit. You can change it at any time under Responsible gaming in your
              account.
            </p>
            {option('limit', 'Set a monthly limit')}
            {limit.choice === 'limit' && (
              <TextField name="monthlyLimit" label="Monthly limit (£, 0 allowed)" inputMode="decimal" value={limit.amount} onChange={(amount) => setLimit((l) => ({ ...l, amount }))} error={errors.monthlyLimit} />
            )}
            {option('none', 'No limit')}
            {errors.limitChoice && (
              <p id="cc-limitChoice-error" className="cc-field__error">
                {errors.limitChoice}
              </p>
            )}
          </fieldset>
        )}
        {failure && (
          <p className="cc-alert" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="cc-btn" disabled={saving}>
          {saving ? 'Saving...' : 'Save and place order'}
        </button>
      </form>
    </section>
  );
}
