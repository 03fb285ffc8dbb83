import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AGE_AND_LIMIT_ERRORS, type PurchaseCheck } from '@cgg/contracts/account';
import { STORE_ERRORS, type StoreCheckoutPayment, type StoreCheckoutRequest, type StoreCheckoutResponse, type StoreHeldOrderLine } from '@cgg/contracts/store';
import { ApiError } from '@cgg/contracts';
import { applyCart, applyCartFromError, showLines } from '../cart/cart-actions.ts';
import { callStore } from '../cart/store-client.ts';
import { errorMessage, toastLoading, toastSuccess, type LoadingToast } from '../cart/toast.ts';
import { keepLastOrder } from '../confirmation/last-order.ts';
import { CardFieldError, type CardFieldHandle } from '../payment/card-field.ts';
import { reservationExpiredText } from '../payment/reservation-countdown.tsx';
import { billingFieldOrder, type BillingField } from './billing-section.tsx';
import { askCheckoutReturn, ChallengeNotFinished, CheckoutLeft, isFinalAnswer, isPaid, isTooOften, NoChallengeField, PaymentUnderReview, settlePayment, type PaymentWatch } from './card-payment.ts';
import { CheckoutAttempt } from './checkout-attempt.ts';
import { creditCardRefusal } from './credit-card-refusal.tsx';
import { FINISH_PAYING } from './held-order-panel.tsx';
import { useHeldOrder } from './use-held-order.ts';

const PLACING_MESSAGE = 'Placing your order...';

/** The payment refusals shown by the card field (declined, failed 3-D Secure, unknown card). */
const isCardRefusal = (error: unknown): error is ApiError => error instanceof ApiError && error.code === STORE_ERRORS.paymentError.code;
const isExpiry = (error: unknown): error is ApiError => error instanceof ApiError && error.code === STORE_ERRORS.reservationExpired.code;

class NoCardField extends Error {
  constructor() {
    super('The card form is not ready: see the card details above, or try again in a moment.');
  }
}

/** The order waits for its card payment: the tickets are held until `deadline` (this browser's clock). */
export interface Pending {
  intentId: string;
  deadline: number;
}

/** An order found waiting for its payment as the checkout opened: finished or cancelled from its own panel. */
export interface Held {
  order: StoreCheckoutResponse;
  lines: StoreHeldOrderLine[];
}

/** What the account must give before it may buy (UK code 1.1 / 1.4), and why. */
export interface MissingChecks {
  needs: PurchaseCheck[];
  reason: string;
}

/** The order took the basket: show it empty without another read (a lines refresh still on its way cannot bring them back). */
const basketTaken = (): void => showLines([]);

const withPayment = (order: StoreCheckoutResponse, payment: StoreCheckoutPayment): StoreCheckoutResponse => ({
  ...order,
  extensions: { ...order.extensions, cgg: { ...order.extensions.cgg, payment } },
});

/** The server's billing refusal (`data.params`: field -> the spec's message), by field. */
function serverBillingErrors(error: unknown): Partial<Record<BillingField, string>> {
  const params = error instanceof ApiError ? (error.data as { params?: Record<string, string> } | undefined)?.params : undefined;
  if (!params) return {};
  const out: Partial<Record<BillingField, string>> = {};
  for (const [field, message] of Object.entries(params)) {
    const name = field.replace(/^billing_(address\.)?/, '') as BillingField;
    if (billingFieldOrder.includes(name)) out[name] = message;
  }
  return out;
}

/** UK code 1.1 / 1.4: the checkout was refused until the account gives what `needs` lists (an account from before sign-up asked). */
function missingChecks(error: unknown): MissingChecks | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code !== AGE_AND_LIMIT_ERRORS.dateOfBirthRequired && error.code !== AGE_AND_LIMIT_ERRORS.limitChoiceRequired) return null;
  const listed = (error.data as { needs?: unknown } | undefined)?.needs;
  const needs = Array.isArray(listed) ? listed.filter((n): n is PurchaseCheck => n === 'date_of_birth' || n === 'monthly_limit') : [];
  const fallback: PurchaseCheck = error.code === AGE_AND_LIMIT_ERRORS.dateOfBirthRequired ? 'date_of_birth' : 'monthly_limit';
  return { needs: needs.length ? needs : [fallback], reason: error.message };
}

/** What the page's form gives the payment: read at each press, so it is always the form as it stands. */
export interface CheckoutForm {
  /** Checks the billing details, showing and focusing what is wrong; false stops the press. Not asked when an order already placed is asked about again. */
  validate: () => boolean;
  /** The pence the card pays (0: points and credit pay it all). */
  cardPence: number;
  /** The checkout request, with the card field's payment-method id (null: no card part). */
  request: (paymentMethodId: string | null) => StoreCheckoutRequest;
  /** The server refused billing fields: its messages, by field. */
  onBillingRefused: (errors: Partial<Record<BillingField, string>>) => void;
  /** The account must give `needs` first (the prompt asks, then presses again). */
  onChecksMissing: (missing: MissingChecks) => void;
}

/**
 * The checkout's payment, from Place order (or Finish paying) to the confirmation: the order
 * placed once per attempt, its card payment followed to its end (3-D Secure, checkout-return), the
 * reservation's countdown, an order found waiting for its payment as the page opened (finished or
 * cancelled), and every way it can end: paid, refused (by the card field, or by the button), run
 * out, under review, or lost touch with (the next press asks about the same order again).
 */
export function useCardCheckout(form: CheckoutForm) {
  const location = useLocation();
  const navigate = useNavigate();
  const formRef = useRef(form);
  formRef.current = form;
  // A refusal of the card (the field's own, or the API's decline) is shown by the card field.
  const [cardError, setCardError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [expired, setExpired] = useState<{ refunded: boolean } | null>(null);
  // The order whose payment took the wrong amount: staff settle it; the page only says so.
  const [underReview, setUnderReview] = useState<number | null>(null);
  const watch = useRef<PaymentWatch>({ expired: false, challenged: new Set() });
  const cardField = useRef<CardFieldHandle>(null);
  // A credit card the shop may not take (UK code 1.3): shown by the card, until the card or the payment changes.
  const [refusal, setRefusal] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  const heldOrder = useHeldOrder();
  const [held, setHeld] = useState<Held | null>(null);
  // What the held-order ask answered has been taken in (until then the page waits for it).
  const [heldTaken, setHeldTaken] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const heldExpiryAsked = useRef(false);
  const attempt = useRef(new CheckoutAttempt());
  // An order placed whose payment we lost touch with (offline while it was confirming): the next
  // press asks about it again rather than placing another (the server has taken the basket for it).
  const unsettled = useRef<StoreCheckoutResponse | null>(null);
  const placingRef = useRef(false);
  // The last press's toast: a new press closes its outcome (a declined card's error would otherwise
  // stay up for its 4 s, over the confirmation page of the retry that worked).
  const pressToast = useRef<LoadingToast | null>(null);
  const placingToast = () => {
    pressToast.current = toastLoading(PLACING_MESSAGE, 'checkout');
    return pressToast.current;
  };

  // An order found waiting for its payment is the one this page finishes (or cancels); one paid
  // meanwhile is shown as paid.
  useEffect(() => {
    if (heldOrder.state === 'loading' || heldOrder.state === 'failed') return;
    setHeldTaken(true);
    if (heldOrder.state === 'released') {
      // Refused, or run out, as it was asked about: released, and its basket is back.
      const { released } = heldOrder;
      applyCart(released.cart);
      if (released.code === STORE_ERRORS.reservationExpired.code) setExpired({ refunded: released.refunded });
      else setFailure(released.message);
      return;
    }
    if (heldOrder.state !== 'found') return;
    const { order, lines } = heldOrder;
    const payment = order.extensions.cgg.payment;
    if (isPaid(order)) {
      keepLastOrder(order);
      navigate(`/confirmation?order=${order.order_id}`, { replace: true });
      return;
    }
    if (!payment) return;
    if (payment.under_review) {
      setUnderReview(order.order_id);
      return;
    }
    unsettled.current = order;
    setHeld({ order, lines });
    setPending({ intentId: payment.intent_id, deadline: Date.now() + payment.seconds_left * 1000 });
  }, [heldOrder, navigate]);

  // Leaving the page mid-payment stops following it (no later jump to the confirmation from elsewhere).
  useEffect(
    () => () => {
      watch.current.left = true;
      cardField.current?.cancelNextAction();
    },
    [],
  );

  // The countdown reached 00:00: no challenge any more; the payment loop asks the API until it says the reservation is over.
  const onReservationOver = useCallback(() => {
    watch.current.expired = true;
    cardField.current?.cancelNextAction();
  }, []);

  const toSignIn = () => navigate('/auth/login', { replace: true, state: { from: { pathname: location.pathname, search: '', hash: '' } } });

  /** Checks the form and places the order (again after the age and limit prompt), or asks about the order already placed. */
  const placeOrder = async () => {
    if (placingRef.current) return;
    const f = formRef.current;
    // An order already placed is asked about again: its billing details went with it.
    const resuming = unsettled.current;
    if (!resuming && !f.validate()) return;
    placingRef.current = true;
    setPlacing(true);
    pressToast.current?.dismiss();
    setFailure(null);
    setRefusal(null);
    setCardError(null);
    let paymentMethodId: string | null = null;
    if (f.cardPence > 0 && !resuming) {
      // The card goes to the provider from its own field; we get its payment-method id.
      try {
        if (!cardField.current) throw new NoCardField();
        paymentMethodId = await cardField.current.createPaymentMethod();
      } catch (error) {
        const message = errorMessage(error, 'We could not reach the card provider. Check your connection and try again.');
        // No field on the page (still loading, not set up, its config failed) to show it: said by the button.
        if (error instanceof NoCardField) setFailure(error.message);
        else if (!(error instanceof CardFieldError && error.shownByField)) setCardError(error instanceof CardFieldError ? error.message : message);
        placingRef.current = false;
        setPlacing(false);
        return;
      }
    }
    const request = f.request(paymentMethodId);
    // Asking again about the same order keeps whether its reservation ran out. Its challenge may be
    // shown again: only if the API's fresh answer (asked first, below) still wants it.
    watch.current = { expired: resuming ? watch.current.expired : false, challenged: new Set() };
    // Payment and ticket allocation take a moment: a loading toast until the answer. It steps
    // aside while a 3-D Secure challenge waits for the customer, and comes back after it.
    let loading = placingToast();
    try {
      // The server counts its seconds left from when it took the request: counted here from when it
      // was sent, so a slow answer (the provider retried) makes the countdown end early, never late.
      const askedAt = Date.now();
      // Resuming starts from where the order is now, not from the first answer (its challenge may be done).
      const placed = resuming ? await askCheckoutReturn(resuming, watch.current) : await attempt.current.place(request);
      unsettled.current = placed;
      const order = await settlePayment(placed, cardField, {
        watch: watch.current,
        onChallenge: (stage) => {
          if (stage === 'shown') loading.done();
          else loading = placingToast();
        },
        onPending: (payment: StoreCheckoutPayment) => {
          // The server's seconds left, counted on this browser's clock (its own clock may be wrong).
          setPending((p) => (p?.intentId === payment.intent_id ? p : { intentId: payment.intent_id, deadline: askedAt + payment.seconds_left * 1000 }));
          // A held order's panel says where its payment stands now (after a challenge: being confirmed).
          setHeld((h) => (h && h.order.extensions.cgg.payment?.status !== payment.status ? { ...h, order: withPayment(h.order, payment) } : h));
        },
      });
      unsettled.current = null;
      keepLastOrder(order);
      // A resumed order took its basket when it was placed: what is in it now is new.
      if (!resuming) basketTaken();
      navigate(`/confirmation?order=${order.order_id}`);
    } catch (error) {
      if (error instanceof CheckoutLeft) return;
      if (error instanceof PaymentUnderReview) {
        unsettled.current = null;
        if (!resuming) basketTaken();
        setUnderReview(error.order.order_id);
        return;
      }
      if (unsettled.current && (error instanceof NoChallengeField || error instanceof ChallengeNotFinished || error instanceof CardFieldError)) {
        // The order stands; only its challenge could not be shown (the field not loaded) or was not finished: said, and the next press shows it again.
        setFailure(error.message);
        loading.error(error.message);
        return;
      }
      // Only a lost answer (or one asking us to ask less often) keeps the order to ask about again; any other answer from the API ends it.
      const lostTouch = unsettled.current !== null && !isFinalAnswer(error);
      if (!lostTouch) unsettled.current = null;
      if (error instanceof ApiError && error.code === 'woocommerce_rest_checkout_login_required') {
        toSignIn();
        return;
      }
      const missing = missingChecks(error);
      if (missing) {
        // Not a failure: the prompt above the form asks, then places the order again.
        f.onChecksMissing(missing);
        return;
      }
      // A refused or expired payment gave the basket back: show it as the server has it.
      applyCartFromError(error);
      if (isExpiry(error)) {
        const refunded = (error.data as { refunded?: unknown } | undefined)?.refunded === true;
        setExpired({ refunded });
        loading.error(reservationExpiredText(refunded));
        return;
      }
      // Until the countdown ends; after it the API's next answer says how the order ended.
      const heldMeanwhile = watch.current.expired ? '' : ' Your order and its tickets are held meanwhile.';
      // Asked too often as the countdown ended: its one ask is made again once this press is over.
      if (isTooOften(error)) heldExpiryAsked.current = false;
      const message = !lostTouch
        ? errorMessage(error, 'Your order could not be placed. Please try again.')
        : isTooOften(error)
          ? `${error.message}${heldMeanwhile}`
          : `We could not confirm your payment: check your connection, then press ${held ? FINISH_PAYING : 'Place order'} to ask again.${heldMeanwhile}`;
      f.onBillingRefused(serverBillingErrors(error));
      const refused = creditCardRefusal(error);
      // The refusal has its own place by the card, with the ways on; a decline is said by the card field. Neither repeated by the button.
      if (refused) setRefusal(refused);
      else if (isCardRefusal(error)) setCardError(message);
      else setFailure(message);
      loading.error(message);
    } finally {
      loading.done();
      placingRef.current = false;
      setPlacing(false);
      // The countdown stays while the order is held for a press that asks again.
      if (!unsettled.current) {
        setPending(null);
        setHeld(null);
      }
    }
  };

  /** Gives up the held order: the provider stops the payment, the tickets go back into the basket. */
  const cancelHeld = async () => {
    const order = unsettled.current;
    if (!order || placingRef.current) return;
    placingRef.current = true;
    setCancelling(true);
    // The last press's error ("press Finish paying to ask again") is old news once the order is given up.
    pressToast.current?.dismiss();
    setFailure(null);
    try {
      const answer = await callStore('cancelHeldOrder', { order_id: order.order_id, order_key: order.order_key });
      applyCart(answer.cart);
      // Left the page while it was asked: the basket is as the server says, and the customer stays where they went.
      if (watch.current.left) return;
      if (answer.order?.extensions.cgg.payment?.under_review) {
        unsettled.current = null;
        setPending(null);
        setHeld(null);
        setUnderReview(answer.order.order_id);
        return;
      }
      if (answer.outcome === 'confirming' && answer.order) {
        // Where the payment stands now (being confirmed), for the panel and the next Finish paying.
        unsettled.current = answer.order;
        setHeld((h) => h && { ...h, order: answer.order! });
        setFailure(`Your payment is already being confirmed, so the order can no longer be cancelled. Press ${FINISH_PAYING} to see how it went.`);
        return;
      }
      unsettled.current = null;
      if (answer.outcome === 'paid' && answer.order) {
        keepLastOrder(answer.order);
        navigate(`/confirmation?order=${answer.order.order_id}`);
        return;
      }
      setPending(null);
      setHeld(null);
      toastSuccess(`Order #${order.order_id} is cancelled: its tickets are back in your basket.`);
    } catch (error) {
      if (watch.current.left) return;
      if (error instanceof ApiError && error.code === STORE_ERRORS.loginRequired.code) {
        toSignIn();
        return;
      }
      setFailure(errorMessage(error, 'The order could not be cancelled. Please try again.'));
    } finally {
      placingRef.current = false;
      setCancelling(false);
    }
  };

  /**
   * The held order's countdown reached 00:00. Nothing is asking about the payment right now: ask
   * once, and the API's answer ends the hold. A new function each render, so the countdown calls
   * it again after one: an ask skipped while Finish paying or Cancel order ran is made once that ends.
   */
  const onHeldReservationOver = () => {
    onReservationOver();
    if (!heldExpiryAsked.current && !placingRef.current) {
      heldExpiryAsked.current = true;
      void placeOrder();
    }
  };

  return {
    heldOrder,
    heldTaken,
    held,
    pending,
    expired,
    underReview,
    placing,
    cancelling,
    failure,
    cardError,
    refusal,
    cardField,
    placeOrder,
    cancelHeld,
    onReservationOver,
    onHeldReservationOver,
    clearCardProblems: () => {
      setCardError(null);
      setRefusal(null);
    },
    clearRefusal: () => setRefusal(null),
  };
}
