import { useEffect, useImperativeHandle, useRef, useState } from 'react';
import { cardDetailsErrors, formatCardNumber, type CardDetailsField, type CardDetailsValues } from '@cgg/contracts/forms';
import { DEMO_CARDS, type StoreCheckoutPayment } from '@cgg/contracts/store';
import { TextField } from '../../components/text-field.tsx';
import { CardFieldError, type CardFieldHandle, type CardFieldProps } from '../card-field.ts';
import { createDemoPaymentMethod } from './demo-pay-client.ts';
import { DemoChallengeDialog } from './demo-challenge-dialog.tsx';

const EMPTY: CardDetailsValues = { card_number: '', card_expiry: '', card_cvc: '' };

/** MM/YY (or MM/YYYY, as some autofill gives it) from the digits typed: a phone's digit keypad has no slash. */
function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 6);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

interface OpenChallenge {
  payment: StoreCheckoutPayment;
  done: () => void;
}

/**
 * The demo provider's "hosted field": it plays the part of Stripe's Payment Element. The
 * card number, expiry and code are checked here (the provider's own rules, shared through the
 * contracts), then sent to the demo provider's API (`demoApiBase`), never to our order API;
 * the checkout gets only the payment-method id. Its 3-D Secure challenge is a dialog with
 * the provider's Complete / Fail choice. Loaded with a dynamic import on the checkout page only.
 */
export default function DemoCardField({ demoApiBase, error, disabled, onEdit, handleRef, challengeOnly = false }: CardFieldProps & { demoApiBase: string }) {
  const [card, setCard] = useState<CardDetailsValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<CardDetailsField, string>>>({});
  const [challenge, setChallenge] = useState<OpenChallenge | null>(null);
  const box = useRef<HTMLDivElement>(null);
  // The failing field to focus once its message is on the page (a screen reader reads the field
  // as it takes the focus, so it must already carry aria-invalid and aria-describedby) and the
  // fields are enabled again: the checkout disables them while it places the order, and a
  // disabled input takes no focus.
  const focusPending = useRef<CardDetailsField | null>(null);

  const focus = (field: CardDetailsField) => box.current?.querySelector<HTMLInputElement>(`input[name="${field}"]`)?.focus();

  useEffect(() => {
    const field = focusPending.current;
    if (!field || disabled) return;
    focusPending.current = null;
    box.current?.querySelector<HTMLInputElement>(`input[name="${field}"]`)?.focus();
  }, [errors, disabled]);

  useImperativeHandle(
    handleRef,
    (): CardFieldHandle => ({
      async createPaymentMethod() {
        const found = cardDetailsErrors(card);
        const byField: Partial<Record<CardDetailsField, string>> = {};
        for (const e of found) byField[e.field] ??= e.message;
        setErrors(byField);
        const first = found[0];
        if (first) {
          focusPending.current = first.field;
          throw new CardFieldError(first.message, { shownByField: true });
        }
        return createDemoPaymentMethod(demoApiBase, {
          card_number: card.card_number.replace(/\s/g, ''),
          card_expiry: card.card_expiry.replace(/\s/g, ''),
          card_cvc: card.card_cvc.trim(),
        });
      },
      handleNextAction(payment) {
        return new Promise<void>((resolve) => setChallenge({ payment, done: resolve }));
      },
      cancelNextAction() {
        setChallenge((open) => {
          open?.done();
          return null;
        });
      },
      reset() {
        setCard(EMPTY);
        setErrors({});
        focus('card_number');
      },
    }),
    [card, demoApiBase],
  );

  const edit = (field: CardDetailsField, value: string) => {
    setCard((c) => ({ ...c, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    onEdit();
  };

  const challengeDialog = challenge && (
    <DemoChallengeDialog
      payment={challenge.payment}
      onDone={() => {
        challenge.done();
        setChallenge(null);
      }}
    />
  );
  if (challengeOnly) return challengeDialog;

  return (
    <div ref={box} className="cc-card-fields" role="group" aria-label="Card details">
      <p className="cc-muted">
        This is a demo shop: no real money is taken. Demo cards: {formatCardNumber(DEMO_CARDS.debit)} is a debit card, {formatCardNumber(DEMO_CARDS.credit)}{' '}
        a credit card, {formatCardNumber(DEMO_CARDS.threeDSecure)} asks for 3-D Secure (any future expiry, any 3-digit code).
      </p>
      <TextField
        name="card_number"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        disabled={disabled}
        value={card.card_number}
        error={errors.card_number}
        onChange={(v) => edit('card_number', formatCardNumber(v))}
      />
      <div className="cc-grid">
        <TextField
          name="card_expiry"
          label="Expiry (MM/YY)"
          // The digit keypad on phones, which has no slash: formatExpiry puts it in.
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          disabled={disabled}
          value={card.card_expiry}
          error={errors.card_expiry}
          onChange={(v) => edit('card_expiry', formatExpiry(v))}
        />
        <TextField
          name="card_cvc"
          label="Security code (CVC)"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={3}
          disabled={disabled}
          value={card.card_cvc}
          error={errors.card_cvc}
          onChange={(v) => edit('card_cvc', v.replace(/\D/g, ''))}
        />
      </div>
      {error && (
        <p className="cc-alert" role="alert">
          {error}
        </p>
      )}
      {challengeDialog}
    </div>
  );
}
