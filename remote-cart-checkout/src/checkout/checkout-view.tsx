import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Navigate, useLocation } from 'react-router-dom';
import { billingDetailsErrors } from '@cgg/contracts/forms';
import { formatPounds, type FieldError } from '@cgg/contracts';
import { loadCart } from '../cart/cart-actions.ts';
import { ensureCartLoaded, startCart } from '../cart/cart-startup.ts';
import { useCart } from '../cart/use-cart.ts';
import { BasketLines } from '../cart-page/basket-lines.tsx';
import { PageFrame, Spinner } from '../components/page-frame.tsx';
import { LoadFailed } from '../components/load-failed.tsx';
import { EmptyBasket } from '../components/empty-basket.tsx';
import { PaymentConfigFailed } from '../payment/payment-config-failed.tsx';
import { ProviderCardField } from '../payment/provider-card-field.tsx';
import { ReservationCountdown, ReservationExpired } from '../payment/reservation-countdown.tsx';
import { usePaymentConfig } from '../payment/use-payment-config.ts';
import { currentSessionToken } from '../session/session-token.ts';
import { AgeAndLimitPrompt } from './age-and-limit-prompt.tsx';
import { BillingSection, billingFieldOrder, type BillingField, type BillingValues } from './billing-section.tsx';
import { CreditCardRefusal } from './credit-card-refusal.tsx';
import { HeldOrderPanel } from './held-order-panel.tsx';
import { PaymentSection } from './payment-section.tsx';
import { PaymentUnderReview } from './payment-under-review.tsx';
import { paymentFields, planPayment, type PaymentChoice } from './payment-plan.ts';
import { useCardCheckout, type MissingChecks } from './use-card-checkout.ts';
import { useCustomer } from './use-customer.ts';

const emptyBilling: BillingValues = { first_name: '', last_name: '', email: '', phone: '', address_1: '', address_2: '', city: '', postcode: '', state: '' };

function byField<F extends string>(errors: FieldError<F>[]): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const e of errors) out[e.field] ??= e.message;
  return out;
}

/**
 * `/checkout`: signed-in customers only; billing, payment, one idempotent order per attempt. The
 * form is this view's; the payment, from Place order to the confirmation, is useCardCheckout's.
 */
export function CheckoutView() {
  const location = useLocation();
  const { pathname } = location;
  const [hadToken] = useState(() => currentSessionToken() !== null);
  const customer = useCustomer();
  const { items, lineProblems, loaded, loadError, isLoading, totalPence } = useCart();
  const [billing, setBilling] = useState<BillingValues>(emptyBilling);
  const paymentConfig = usePaymentConfig();
  const [choice, setChoice] = useState<PaymentChoice>({ usePoints: false, useCredit: false });
  const [billingErrs, setBillingErrs] = useState<Partial<Record<BillingField, string>>>({});
  const [asking, setAsking] = useState<MissingChecks | null>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    startCart(pathname);
    ensureCartLoaded(pathname);
  }, [pathname]);

  // Prefill billing from the account's saved details (spec: get_user_details).
  useEffect(() => {
    const u = customer.user;
    if (!u) return;
    setBilling({
      first_name: u.billing_first_name || u.first_name,
      last_name: u.billing_last_name || u.last_name,
      email: u.billing_email || u.email,
      phone: u.billing_phone,
      address_1: u.billing_address_1,
      address_2: u.billing_address_2,
      city: u.billing_city,
      postcode: u.billing_postcode,
      state: u.billing_state,
    });
  }, [customer.user]);

  const plan = useMemo(() => planPayment(totalPence, customer, choice), [totalPence, customer, choice]);

  const focusField = (name: string) => {
    const input = form.current?.elements.namedItem(name);
    if (input instanceof HTMLElement) {
      input.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      input.focus({ preventScroll: true });
    }
  };

  const pay = useCardCheckout({
    validate: () => {
      const bErrors = billingDetailsErrors(billing);
      // Rendered before the focus moves: a screen reader reads the field as it takes the focus,
      // so it must already carry aria-invalid and aria-describedby naming its message.
      flushSync(() => setBillingErrs(byField(bErrors)));
      // The first failing field as the form shows it (the rules check email before phone; the form shows phone first).
      const first = billingFieldOrder.find((f) => bErrors.some((e) => e.field === f));
      if (first) focusField(first);
      return !first;
    },
    cardPence: plan.cardPence,
    request: (paymentMethodId) => ({ billing_address: { ...billing, country: 'GB' }, ...paymentFields(plan, paymentMethodId) }),
    onBillingRefused: setBillingErrs,
    // Not a failure: the prompt above the form asks, then places the order again.
    onChecksMissing: setAsking,
  });
  const { held, pending, placing, failure, cardField } = pay;

  if (!hadToken || customer.state === 'signed-out') {
    return <Navigate to="/auth/login" replace state={{ from: { pathname: location.pathname, search: location.search, hash: location.hash } }} />;
  }
  if (!loaded && loadError) return <LoadFailed title="Checkout" message={loadError} retrying={isLoading} onRetry={() => void loadCart()} />;
  if (pay.heldOrder.state === 'failed') return <LoadFailed title="Checkout" message={pay.heldOrder.message} retrying={false} onRetry={pay.heldOrder.retry} />;
  if (customer.state === 'loading' || !loaded || !pay.heldTaken) {
    return (
      <PageFrame title="Checkout">
        <Spinner label="Loading checkout" />
      </PageFrame>
    );
  }
  if (pay.expired) {
    return (
      <PageFrame title="Checkout">
        <ReservationExpired refunded={pay.expired.refunded} />
      </PageFrame>
    );
  }
  // While the order waits for its payment the server holds the basket's tickets (its basket is empty meanwhile).
  const nothingToPay = items.length === 0 && !pending && !held;
  // An order under review took its basket; a new basket is checked out beside it.
  if (pay.underReview !== null && nothingToPay) {
    return (
      <PageFrame title="Checkout">
        <PaymentUnderReview orderId={pay.underReview} />
      </PageFrame>
    );
  }
  if (nothingToPay) return <EmptyBasket title="Checkout" />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void pay.placeOrder();
  };

  if (held && pending && pay.underReview === null) {
    return (
      <PageFrame title="Checkout">
        <HeldOrderPanel
          order={held.order}
          lines={held.lines}
          countdown={
            <ReservationCountdown
              deadline={pending.deadline}
              // A new function each render (see onHeldReservationOver).
              onExpired={pay.onHeldReservationOver}
            />
          }
          challenge={
            paymentConfig.state === 'ready' ? (
              <ProviderCardField
                config={paymentConfig.config}
                amountPence={Number(held.order.extensions.cgg.card_charged)}
                error={null}
                disabled
                onEdit={() => undefined}
                handleRef={cardField}
                challengeOnly
              />
            ) : paymentConfig.state === 'failed' ? (
              <PaymentConfigFailed message={paymentConfig.message} onRetry={paymentConfig.retry} />
            ) : null
          }
          failure={failure}
          busy={placing ? 'finishing' : pay.cancelling ? 'cancelling' : null}
          onFinish={() => void pay.placeOrder()}
          onCancel={() => void pay.cancelHeld()}
        />
      </PageFrame>
    );
  }

  return (
    <PageFrame title="Checkout">
      {pay.underReview !== null && <PaymentUnderReview orderId={pay.underReview} besideCheckout />}
      {asking && (
        <AgeAndLimitPrompt
          needs={asking.needs}
          reason={asking.reason}
          onSaved={(stillNeeded) => {
            if (stillNeeded.length) return setAsking({ ...asking, needs: stillNeeded });
            setAsking(null);
            void pay.placeOrder();
          }}
        />
      )}
      <form ref={form} className="cc-checkout" noValidate onSubmit={submit}>
        <div className="cc-checkout__main">
          <BillingSection values={billing} errors={billingErrs} onChange={(field, value) => setBilling((b) => ({ ...b, [field]: value }))} />
          <PaymentSection
            balances={customer}
            choice={choice}
            plan={plan}
            locked={placing}
            countdown={pending && <ReservationCountdown deadline={pending.deadline} onExpired={pay.onReservationOver} />}
            cardField={
              paymentConfig.state === 'ready' ? (
                <ProviderCardField
                  config={paymentConfig.config}
                  amountPence={plan.cardPence}
                  error={pay.cardError}
                  disabled={placing}
                  onEdit={pay.clearCardProblems}
                  handleRef={cardField}
                />
              ) : paymentConfig.state === 'failed' ? (
                <PaymentConfigFailed message={paymentConfig.message} onRetry={paymentConfig.retry} />
              ) : (
                <Spinner label="Loading the card form" />
              )
            }
            refusal={
              pay.refusal && (
                <CreditCardRefusal
                  message={pay.refusal}
                  onOtherCard={() => {
                    pay.clearRefusal();
                    cardField.current?.reset();
                  }}
                  onUseCredit={
                    customer.creditPence > 0 && !choice.useCredit
                      ? () => {
                          pay.clearRefusal();
                          setChoice({ ...choice, useCredit: true });
                        }
                      : null
                  }
                />
              )
            }
            onChoice={(next) => {
              pay.clearRefusal();
              setChoice(next);
            }}
          />
        </div>
        <aside className="cc-card cc-summary" aria-label="Your order">
          <h2 className="cc-summary__title">Your order</h2>
          <BasketLines items={items} compact problems={lineProblems} />
          <dl className="cc-summary__rows">
            {plan.pointsPence > 0 && (
              <div>
                <dt>Points</dt>
                <dd>−{formatPounds(plan.pointsPence)}</dd>
              </div>
            )}
            {plan.creditPence > 0 && (
              <div>
                <dt>Site credit</dt>
                <dd>−{formatPounds(plan.creditPence)}</dd>
              </div>
            )}
            {/* With points or credit taken off, what is left for the card (maybe nothing), so the total is not read as the price to pay. */}
            {plan.pointsPence + plan.creditPence > 0 && (
              <div>
                <dt>By card</dt>
                <dd>{formatPounds(plan.cardPence)}</dd>
              </div>
            )}
            <div className="cc-summary__total">
              <dt>Total</dt>
              <dd>{formatPounds(totalPence)}</dd>
            </div>
          </dl>
          {failure && (
            <p className="cc-alert" role="alert">
              {failure}
            </p>
          )}
          {/* aria-disabled, not disabled, while placing: a disabled button drops the keyboard focus
              to the page's top, and the customer lands there after a decline. useCardCheckout refuses the press. */}
          <button type="submit" className="cc-btn cc-btn--block" aria-disabled={placing || undefined}>
            {placing ? 'Placing order...' : 'Place order'}
          </button>
        </aside>
      </form>
    </PageFrame>
  );
}
