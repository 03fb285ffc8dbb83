import type { InputHTMLAttributes } from 'react';
import type { BillingDetailsField } from '@cgg/contracts/forms';
import { TextField } from '../components/text-field.tsx';

/** The checkout's billing fields (spec section 5, billing form), named as the Store API's billing_address. */
export type BillingField = BillingDetailsField;
export type BillingValues = Record<BillingField, string>;

type Keyboard = Pick<InputHTMLAttributes<HTMLInputElement>, 'autoCapitalize' | 'autoCorrect'>;

// Phones: a postcode is typed in capitals and never "corrected" into a word.
const POSTCODE_KEYBOARD: Keyboard = { autoCapitalize: 'characters', autoCorrect: 'off' };

const FIELDS: { name: BillingField; label: string; autoComplete: string; type?: string; keyboard?: Keyboard }[] = [
  { name: 'first_name', label: 'First name', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last name', autoComplete: 'family-name' },
  { name: 'phone', label: 'Phone', autoComplete: 'tel', type: 'tel' },
  { name: 'email', label: 'Email address', autoComplete: 'email', type: 'email' },
  { name: 'address_1', label: 'House name/number', autoComplete: 'address-line1' },
  { name: 'address_2', label: 'Street address', autoComplete: 'address-line2' },
  { name: 'city', label: 'Town/City', autoComplete: 'address-level2' },
  { name: 'postcode', label: 'Postcode', autoComplete: 'postal-code', keyboard: POSTCODE_KEYBOARD },
  { name: 'state', label: 'County (optional)', autoComplete: 'address-level1' },
];

/** The fields in the order the form shows them: the first that fails is the one focused. */
export const billingFieldOrder: readonly BillingField[] = FIELDS.map((f) => f.name);

/** The spec's billing fields; Country/Region is the fixed United Kingdom label. */
export function BillingSection({
  values,
  errors,
  onChange,
}: {
  values: BillingValues;
  errors: Partial<Record<BillingField, string>>;
  onChange: (field: BillingField, value: string) => void;
}) {
  return (
    <fieldset className="cc-card cc-fieldset">
      <legend className="cc-fieldset__legend">Billing details</legend>
      <div className="cc-grid">
        {FIELDS.map((f) => (
          <TextField
            key={f.name}
            {...f.keyboard}
            name={f.name}
            label={f.label}
            type={f.type ?? 'text'}
            autoComplete={f.autoComplete}
            value={values[f.name]}
            error={errors[f.name]}
            onChange={(v) => onChange(f.name, v)}
          />
        ))}
        <div className="cc-field">
          <span className="cc-field__label" id="cc-country-label">
            Country/Region
          </span>
          <p className="cc-field__fixed" aria-labelledby="cc-country-label">
            United Kingdom
          </p>
        </div>
      </div>
    </fieldset>
  );
}
