import { STORE_ERRORS } from '@cgg/contracts/store';
import { ApiError } from '@cgg/contracts';

/** The server's credit-card refusal (UK prize-draw code 1.3), or null for any other failure. */
export function creditCardRefusal(error: unknown): string | null {
  return error instanceof ApiError && error.code === STORE_ERRORS.creditCardRefused.code ? error.message : null;
}

/**
 * Why the credit card was refused (the server's words: instant wins, or the monthly cap) and
 * the two ways on: another card (a debit card), or the customer's site credit when they have some.
 */
export function CreditCardRefusal({ message, onOtherCard, onUseCredit }: { message: string; onOtherCard: () => void; onUseCredit: (() => void) | null }) {
  return (
    <div className="cc-alert cc-refusal" role="alert" aria-labelledby="cc-refusal-title">
      <p id="cc-refusal-title" className="cc-refusal__title">
        We can't take this credit card
      </p>
      <p className="cc-refusal__text">{message}</p>
      <div className="cc-refusal__actions">
        <button type="button" className="cc-btn" onClick={onOtherCard}>
          Use a debit card
        </button>
        {onUseCredit && (
          <button type="button" className="cc-btn cc-btn--ghost" onClick={onUseCredit}>
            Use my site credit
          </button>
        )}
      </div>
    </div>
  );
}
