import type { LimitChoiceValues } from '@cgg/contracts/account';
import { TextField } from '../components/text-field.tsx';

interface Props {
  value: LimitChoiceValues;
  onChange: (value: LimitChoiceValues) => void;
  choiceError?: string | undefined;
  amountError?: string | undefined;
}

/**
 * UK prize-draw code 1.4: the monthly spending limit asked at sign-up. Any amount (£0
 * included) or an explicit "no limit"; nothing is chosen for the customer.
 */
export function LimitChoiceFields({ value, onChange, choiceError, amountError }: Props) {
  const option = (choice: 'limit' | 'none', label: string) => (
    <div className="acc-check">
      <input
        id={`acc-limitChoice-${choice}`}
        type="radio"
        name="limitChoice"
        value={choice}
        checked={value.choice === choice}
        aria-describedby={choiceError ? 'acc-limitChoice-error' : 'acc-limitChoice-hint'}
        onChange={() => onChange({ ...value, choice })}
      />
      <label htmlFor={`acc-limitChoice-${choice}`}>{label}</label>
    </div>
  );
  return (
    <fieldset className={`acc-fieldset${choiceError ? ' acc-field--invalid' : ''}`}>
      <legend className="acc-field__label">Monthly spending limit</legend>
      <p id="acc-limitChoice-hint" className="acc-field__hint">
        Choose the most you want to spend on entries each calendar month, or no limit. You can change it at any time under Responsible gaming: lowering
        it takes effect straight away, raising it after 24 hours.
      </p>
      {option('limit', 'Set a monthly limit')}
      {value.choice === 'limit' && (
        <TextField
          name="monthlyLimit"
          label="Monthly limit (£, 0 allowed)"
          inputMode="decimal"
          value={value.amount}
          onChange={(amount) => onChange({ ...value, amount })}
          error={amountError}
        />
      )}
      {option('none', 'No limit')}
      {choiceError && (
        <p id="acc-limitChoice-error" className="acc-field__error" role="alert">
          {choiceError}
        </p>
      )}
    </fieldset>
  );
}
