import { useImperativeHandle, useMemo, useState } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
// `pure`: Stripe.js is fetched when loadStripe runs, not as a side effect of importing the module.
import { loadStripe } from '@stripe/stripe-js/pure';
import { CardFieldError, type CardFieldHandle, type CardFieldProps } from '../card-field.ts';

const NOT_READY = 'The card form is still loading. Please wait a moment and try again.';
const FAILED = 'We could not reach the card provider. Check your connection and try again.';
const NOT_LOADED = 'The card form could not be loaded from Stripe. Check your connection (or a blocker that stops js.stripe.com), then try again.';

/**
 * Stripe's Payment Element (card, plus Apple Pay / Google Pay where the browser and
 * Stripe offer them) in deferred-intent mode: the Element creates a PaymentMethod and we
 * hand its id to our API, which creates and confirms the PaymentIntent on the server
 * ("finalize payments on the server"); a `requires_action` answer comes back here for
 * `stripe.handleNextAction` (the 3-D Secure challenge in Stripe's own frame). Only the
 * publishable key is ever in the browser. Loaded with a dynamic import, on the checkout
 * page only, when the API says the gateway is Stripe.
 */
export default function StripeCardField({ publishableKey, ...props }: CardFieldProps & { publishableKey: string }) {
  // Stripe.js from js.stripe.com may not load (offline, a blocker). <Elements> would wait for it for
  // ever, with no load error to show: a failed load is said here, with a way to try again.
  const [tries, setTries] = useState(0);
  const [loadFailed, setLoadFailed] = useState(false);
  const stripe = useMemo(
    () => loadStripe(publishableKey).catch(() => {
      setLoadFailed(true);
      return null;
    }),
    // `tries`: a new load for "Try again" (a failed load is not cached by Stripe.js).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [publishableKey, tries],
  );
  if (loadFailed) {
    return (
      <div className="cc-alert" role="alert">
        <p>{NOT_LOADED}</p>
        <button
          type="button"
          className="cc-btn"
          onClick={() => {
            setLoadFailed(false);
            setTries((n) => n + 1);
          }}
        >
          Try again
        </button>
      </div>
    );
  }
  return (
    <Elements
      stripe={stripe}
      options={{
        mode: 'payment',
        amount: props.amountPence,
        currency: 'gbp',
        // We create the PaymentMethod and our server confirms the payment.
        paymentMethodCreation: 'manual',
        // Cards only (Apple Pay and Google Pay are cards, so they stay): the server confirms without
        // redirects, and the UK code's credit-card limits need a card's funding type.
        allowedPaymentMethodTypes: ['card'],
        appearance: { theme: 'stripe', variables: { fontFamily: 'inherit' } },
      }}
    >
      <StripeElement {...props} />
    </Elements>
  );
}

function StripeElement({ error, disabled, onEdit, handleRef, challengeOnly = false }: CardFieldProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ownError, setOwnError] = useState<string | null>(null);

  useImperativeHandle(
    handleRef,
    (): CardFieldHandle => ({
      async createPaymentMethod() {
        if (!stripe || !elements) throw new CardFieldError(NOT_READY);
        // submit() runs the Element's own checks (and a wallet's sheet) before anything is created.
        const submitted = await elements.submit();
        if (submitted.error) throw new CardFieldError(submitted.error.message ?? FAILED);
        const created = await stripe.createPaymentMethod({ elements });
        if (created.error) throw new CardFieldError(created.error.message ?? FAILED);
        return created.paymentMethod.id;
      },
      async handleNextAction(payment) {
        if (!stripe || !payment.client_secret) throw new CardFieldError(NOT_READY);
        // Its error (challenge failed or closed) is also on the PaymentIntent, which our API reads.
        await stripe.handleNextAction({ clientSecret: payment.client_secret });
      },
      cancelNextAction() {
        // Stripe's challenge frame cannot be closed from outside; our API refuses the payment once
        // the reservation is over (and refunds one that still went through).
      },
      reset() {
        elements?.getElement('payment')?.clear();
        elements?.getElement('payment')?.focus();
      },
    }),
    [stripe, elements],
  );

  const shown = error ?? ownError;
  // Finishing a held order: stripe.handleNextAction needs Stripe.js, not the Payment Element.
  if (challengeOnly) return null;
  return (
    <div className={`cc-field${shown ? ' cc-field--invalid' : ''}`}>
      <PaymentElement
        id="cc-stripe-payment"
        options={{ layout: 'tabs', readOnly: disabled, wallets: { applePay: 'auto', googlePay: 'auto' } }}
        onChange={() => {
          setOwnError(null);
          onEdit();
        }}
        onLoadError={(e) => setOwnError(e.error.message ?? FAILED)}
      />
      {shown && (
        <p className="cc-field__error" role="alert">
          {shown}
        </p>
      )}
    </div>
  );
}
