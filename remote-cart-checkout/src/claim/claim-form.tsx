import { useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { flushSync } from 'react-dom';
import { type PrizeClaim, type PrizeWin, type User } from '@cgg/contracts/account';
import { bankDetailsErrors, deliveryAddressErrors, digitsOnly, SORT_CODE_MAX_LENGTH, type ClaimChoice, type DeliveryAddressField } from '@cgg/contracts/forms';
import {
  ApiError,
} from '@cgg/contracts';
import { errorMessage, toastError } from '../cart/toast.ts';
import { TextField } from '../components/text-field.tsx';
import { ClaimAttempt } from './claim-attempt.ts';
import { optionLabel } from './claim-labels.ts';

type DeliveryValues = Record<DeliveryAddressField, string>;

interface BankValues {
  account_number: string;
  confirm_account_number: string;
  sort_code: string;
}

const prefill = (u: User | null): DeliveryValues => ({
  first_name: u?.billing_first_name || u?.first_name || '',
  last_name: u?.billing_last_name || u?.last_name || '',
  phone: u?.billing_phone ?? '',
  address_1: u?.billing_address_1 ?? '',
  address_2: u?.billing_address_2 ?? '',
  city: u?.billing_city ?? '',
  postcode: u?.billing_postcode ?? '',
  state: u?.billing_state ?? '',
});

// Phones: the phone number gets the phone keypad (type tel); a postcode is typed in capitals
// and never "corrected" into a word.
const ADDRESS_FIELDS: [keyof DeliveryValues, string, string, InputHTMLAttributes<HTMLInputElement>?][] = [
  ['first_name', 'First name', 'given-name'],
  ['last_name', 'Last name', 'family-name'],
  ['phone', 'Phone', 'tel', { type: 'tel' }],
  ['address_1', 'House name/number', 'address-line1'],
  ['address_2', 'Street address', 'address-line2'],
  ['city', 'Town/City', 'address-level2'],
  ['state', 'County (optional)', 'address-level1'],
  ['postcode', 'Postcode', 'postal-code', { autoCapitalize: 'characters', autoCorrect: 'off' }],
];

/** The server's field messages (`data.params`) under the fields they name. */
function serverFieldErrors(error: unknown): Record<string, string> {
  const params = error instanceof ApiError ? (error.data as { params?: Record<string, string> } | undefined)?.params : undefined;
  return params ?? {};
}

/**
 * Claims one win: pick a way (only those the prize offers), confirm the delivery
 * address (prefilled from billing) or bank details, submit once. The button stays
 * disabled while the claim is in flight; the attempt keeps one idempotency key.
 */
export function ClaimForm({ win, user, onClaimed }: { win: PrizeWin; user: User | null; onClaimed: (claim: PrizeClaim) => void }) {
  const [choice, setChoice] = useState<ClaimChoice | null>(win.options.length === 1 ? win.options[0]!.choice : null);
  const [address, setAddress] = useState<DeliveryValues>(() => prefill(user));
  const [bank, setBank] = useState<BankValues>({ account_number: '', confirm_account_number: '', sort_code: '' });
  // How the winners list names them (advertising code 8.28.5): county prefilled from billing,
  // the full surname only if they tick it (unticked to start with).
  const [county, setCounty] = useState(() => user?.billing_state ?? '');
  const [fullSurname, setFullSurname] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const attempt = useRef(new ClaimAttempt());
  const form = useRef<HTMLFormElement>(null);
  const option = win.options.find((o) => o.choice === choice) ?? null;
  const idPrefix = `cc-claim-${win.win_kind}-${win.win_id}`;

  const focus = (name: string) => {
    const input = form.current?.elements.namedItem(name);
    if (input instanceof HTMLElement) input.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submittingRef.current) return;
    if (!option) {
      setFailure('Please choose how you would like your prize.');
      return;
    }
    const found =
      option.needs === 'address' ? deliveryAddressErrors(address) : option.needs === 'bank' ? bankDetailsErrors(bank) : [];
    // Rendered before the focus moves: a screen reader reads the field as it takes the focus,
    // so it must already carry aria-invalid and aria-describedby naming its message.
    flushSync(() => setErrors(Object.fromEntries(found.map((f) => [f.field, f.message]))));
    setFailure(null);
    if (found[0]) {
      focus(found[0].field);
      return;
    }
    submittingRef.current = true;
    setSubmitting(true);
    try {
      const claim = await attempt.current.submit({
        win_kind: win.win_kind,
        win_id: win.win_id,
        choice: option.choice,
        ...(option.needs === 'address' ? { delivery_address: address } : {}),
        ...(option.needs === 'bank' ? { bank_details: { account_number: bank.account_number, sort_code: bank.sort_code } } : {}),
        county: county.trim(),
        publish_full_surname: fullSurname,
      });
      onClaimed(claim);
    } catch (error) {
      const message = errorMessage(error, 'Your claim could not be sent. Please try again.');
      setErrors(serverFieldErrors(error));
      setFailure(message);
      toastError(message);
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
    }
  };

  return (
    <form ref={form} className="cc-claim-form" noValidate onSubmit={(e) => void submit(e)} aria-label={`Claim ${win.prize_title}`}>
      <fieldset className="cc-claim-form__choices">
        <legend className="cc-field__label">How would you like your prize?</legend>
        {win.options.map((o) => (
          <label key={o.choice} className="cc-check">
            <input type="radio" name={`${idPrefix}-choice`} value={o.choice} checked={choice === o.choice} onChange={() => setChoice(o.choice)} />
            <span>{optionLabel(o, win.nature)}</span>
          </label>
        ))}
      </fieldset>

      {option?.needs === 'address' && (
        <fieldset className="cc-card-fields">
          <legend className="cc-field__label">Confirm the delivery address</legend>
          {ADDRESS_FIELDS.map(([field, label, autoComplete, input]) => (
            <TextField
              key={field}
              {...input}
              id={`${idPrefix}-${field}`}
              name={field}
              label={label}
              autoComplete={autoComplete}
              value={address[field]}
              error={errors[field]}
              onChange={(value) => setAddress((a) => ({ ...a, [field]: value }))}
            />
          ))}
          <p className="cc-field__fixed">United Kingdom</p>
        </fieldset>
      )}

      {option?.needs === 'bank' && (
        <fieldset className="cc-card-fields">
          <legend className="cc-field__label">Bank account for the payment</legend>
          <TextField id={`${idPrefix}-account`} name="account_number" label="ACCOUNT NUMBER" inputMode="numeric" autoComplete="off" value={bank.account_number}
            error={errors.account_number} onChange={(v) => setBank((b) => ({ ...b, account_number: digitsOnly(v) }))} />
          <TextField id={`${idPrefix}-confirm`} name="confirm_account_number" label="CONFIRM ACCOUNT NUMBER" inputMode="numeric" autoComplete="off"
            value={bank.confirm_account_number} error={errors.confirm_account_number}
            onChange={(v) => setBank((b) => ({ ...b, confirm_account_number: digitsOnly(v) }))} />
          <TextField id={`${idPrefix}-sort`} name="sort_code" label="Sort Code" inputMode="numeric" autoComplete="off" maxLength={SORT_CODE_MAX_LENGTH}
            value={bank.sort_code} error={errors.sort_code} onChange={(v) => setBank((b) => ({ ...b, sort_code: v }))} />
        </fieldset>
      )}

      <fieldset className="cc-card-fields cc-claim-form__publicity">
        <legend className="cc-field__label">How we name you on our winners list</legend>
        <p className="cc-field__hint" id={`${idPrefix}-publicity-hint`}>
          We list every winner by first name, the first letter of their surname and their county, for example &ldquo;Priya S. from West Yorkshire&rdquo;.
          We never publish your address.
        </p>
        <TextField id={`${idPrefix}-county`} name="county" label="Your county (optional)" autoComplete="address-level1" value={county}
          error={errors.county} onChange={setCounty} />
        <label className="cc-check">
          <input type="checkbox" name="publish_full_surname" checked={fullSurname} onChange={(e) => setFullSurname(e.target.checked)}
            aria-describedby={`${idPrefix}-publicity-hint`} />
          <span>Show my full surname on the winners list instead of its first letter</span>
        </label>
      </fieldset>

      {failure && (
        <p className="cc-alert" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="cc-btn cc-btn--block" disabled={submitting}>
        {submitting ? 'Claiming...' : 'Claim prize'}
      </button>
    </form>
  );
}
