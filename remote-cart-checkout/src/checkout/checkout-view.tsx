import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import {
  AGE_AND_LIMIT_ERRORS,
  ApiError,
  billingDetailsErrors,
  cardDetailsErrors,
  formatPounds,
  type CardDetailsField,
  type CardDetailsValues,
  type FieldError,
  type PurchaseCheck,
  type StoreCheckoutRequest,
} from '@cgg/contracts';
import { announceCart, loadCart } from '../cart/cart-actions.ts';
import { ensureCartLoaded, startCart } from '../cart/cart-startup.ts';
import { cartItemsAtom, cartStore, cartTotalsAtom } from '../cart/cart-store.ts';
import { errorMessage, toastLoading } from '../cart/toast.ts';
import { useCart } from '../cart/use-cart.ts';
import { BasketLines } from '../cart-page/basket-lines.tsx';
import { PageFrame, Spinner } from '../components/page-frame.tsx';
import { LoadFailed } from '../components/load-failed.tsx';
import { EmptyBasket } from '../components/empty-basket.tsx';
import { keepLastOrder } from '../confirmation/last-order.ts';
import { currentSessionToken } from '../session/session-token.ts';
import { AgeAndLimitPrompt } from './age-and-limit-prompt.tsx';
import { BillingSection, type BillingField, type BillingValues } from './billing-section.tsx';
import { CheckoutAttempt } from './checkout-attempt.ts';
import { CreditCardRefusal, creditCardRefusal } from './credit-card-refusal.tsx';
import { PaymentSection } from './payment-section.tsx';
import { paymentFields, planPayment, type PaymentChoice } from './payment-plan.ts';
import { useCustomer } from './use-customer.ts';

const emptyBilling: BillingValues = { first_name: '', last_name: '', email: '', phone: '', address_1: '', address_2: '', city: '', postcode: '', state: '' };
const emptyCard: CardDetailsValues = { card_number: '', card_expiry: '', card_cvc: '' };

function byField<F extends string>(errors: FieldError<F>[]): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const e of errors) out[e.field] ??= e.message;
  return out;
}

/** The server's billing refusal (`data.params`: field -> the spec's message) shown under the fields. */
function serverBillingErrors(error: unknown): Partial<Record<BillingField, string>> {
  const params = error instanceof ApiError ? (error.data as { params?: Record<string, string> } | undefined)?.params : undefined;
  if (!params) return {};
  const out: Partial<Record<BillingField, string>> = {};
  for (const [field, message] of Object.entries(params)) {
    const name = field.replace(/^billing_(address\.)?/, '') as BillingField;
    if (name in emptyBilling) out[name] = message;
  }
  return out;
}

export const PLACING_MESSAGE = 'Placing your order...';

/** UK code 1.1 / 1.4: the checkout was refused until the account gives what `needs` lists (an account from before sign-up asked). */
function missingChecks(error: unknown): { needs: PurchaseCheck[]; reason: string } | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code !== AGE_AND_LIMIT_ERRORS.dateOfBirthRequired && error.code !== AGE_AND_LIMIT_ERRORS.limitChoiceRequired) return null;
  const listed = (error.data as { needs?: unknown } | undefined)?.needs;
  const needs = Array.isArray(listed) ? listed.filter((n): n is PurchaseCheck => n === 'date_of_birth' || n === 'monthly_limit') : [];
  const fallback: PurchaseCheck = error.code === AGE_AND_LIMIT_ERRORS.dateOfBirthRequired ? 'date_of_birth' : 'monthly_limit';
  return { needs: needs.length ? needs : [fallback], reason: error.message };
}

/** `/checkout`: signed-in customers only; billing, payment, one idempotent order per attempt. */
export function CheckoutView() {
  const location = useLocation();
  const { pathname } = location;
  const navigate = useNavigate();
  const [hadToken] = useState(() => currentSessionToken() !== null);
  const customer = useCustomer();
  const { items, loaded, loadError, isLoading, totalPence } = useCart();
  const [billing, setBilling] = useState<BillingValues>(emptyBilling);
  const [card, setCard] = useState<CardDetailsValues>(emptyCard);
  const [choice, setChoice] = useState<PaymentChoice>({ usePoints: false, useCredit: false });
  const [billingErrs, setBillingErrs] = useState<Partial<Record<BillingField, string>>>({});
  const [cardErrs, setCardErrs] = useState<Partial<Record<CardDetailsField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // A credit card the shop may not take (UK code 1.3): shown by the card, until the card or the payment changes.
  const [refusal, setRefusal] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  const [asking, setAsking] = useState<{ needs: PurchaseCheck[]; reason: string } | null>(null);
  const attempt = useRef(new CheckoutAttempt());
  const placingRef = useRef(false);
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

  if (!hadToken || customer.state === 'signed-out') {
    return <Navigate to="/auth/login" replace state={{ from: { pathname: location.pathname, search: location.search, hash: location.hash } }} />;
  }
  if (!loaded && loadError) return <LoadFailed title="Checkout" message={loadError} retrying={isLoading} onRetry={() => void loadCart()} />;
  if (customer.state === 'loading' || !loaded) {
    return (
      <PageFrame title="Checkout">
        <Spinner label="Loading checkout" />
      </PageFrame>
    );
  }
  if (items.length === 0) return <EmptyBasket title="Checkout" />;

  const focusField = (name: string) => {
    const input = form.current?.elements.namedItem(name);
    if (input instanceof HTMLElement) {
      input.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      input.focus({ preventScroll: true });
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void placeOrder();
  };

  /** Checks the form and places the order (again after the age and limit prompt). */
  const placeOrder = async () => {
    if (placingRef.current) return;
    const bErrors = billingDetailsErrors(billing);
    const cErrors = plan.cardPence > 0 ? cardDetailsErrors(card) : [];
    setBillingErrs(byField(bErrors));
    setCardErrs(byField(cErrors));
    const first = bErrors[0] ?? cErrors[0];
    if (first) {
      focusField(first.field);
      return;
    }
    const request: StoreCheckoutRequest = {
      billing_address: { ...billing, country: 'GB' },
      ...paymentFields(plan, card),
    };
    placingRef.current = true;
    setPlacing(true);
    setFailure(null);
    setRefusal(null);
    // Payment and ticket allocation take a moment: a loading toast until the answer.
    const loading = toastLoading(PLACING_MESSAGE, 'checkout');
    try {
      const order = await attempt.current.place(request);
      keepLastOrder(order);
      // The order took the basket: show it empty without another read.
      cartStore.set(cartItemsAtom, []);
      cartStore.set(cartTotalsAtom, null);
      announceCart();
      navigate(`/confirmation?order=${order.order_id}`);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'woocommerce_rest_checkout_login_required') {
        navigate('/auth/login', { replace: true, state: { from: { pathname: location.pathname, search: '', hash: '' } } });
        return;
      }
      const missing = missingChecks(error);
      if (missing) {
        // Not a failure: the prompt above the form asks, then places the order again.
        setAsking(missing);
        return;
      }
      const message = errorMessage(error, 'Your order could not be placed. Please try again.');
      setBillingErrs(serverBillingErrors(error));
      const refused = creditCardRefusal(error);
      // The refusal has its own place by the card, with the ways on; not repeated by the button.
      if (refused) setRefusal(refused);
      else setFailure(message);
      loading.error(message);
    } finally {
      loading.done();
      placingRef.current = false;
      setPlacing(false);
    }
  };

  return (
    <PageFrame title="Checkout">
      {asking && (
        <AgeAndLimitPrompt
          needs={asking.needs}
          reason={asking.reason}
          onSaved={(stillNeeded) => {
            if (stillNeeded.length) return setAsking({ ...asking, needs: stillNeeded });
            setAsking(null);
            void placeOrder();
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
            card={card}
            errors={cardErrs}
            refusal={
              refusal && (
                <CreditCardRefusal
                  message={refusal}
                  onOtherCard={() => {
                    setRefusal(null);
                    setCard(emptyCard);
                    focusField('card_number');
                  }}
                  onUseCredit={
                    customer.creditPence > 0 && !choice.useCredit
                      ? () => {
                          setRefusal(null);
                          setChoice({ ...choice, useCredit: true });
                        }
                      : null
                  }
                />
              )
            }
            onChoice={(next) => {
              setRefusal(null);
              setChoice(next);
            }}
            onCard={(field, value) => {
              if (field === 'card_number') setRefusal(null);
              setCard((c) => ({ ...c, [field]: value }));
            }}
          />
        </div>
        <aside className="cc-card cc-summary" aria-label="Your order">
          <h2 className="cc-summary__title">Your order</h2>
          <BasketLines items={items} compact />
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
          <button type="submit" className="cc-btn cc-btn--block" disabled={placing}>
            {placing ? 'Placing order...' : 'Place order'}
          </button>
        </aside>
      </form>
    </PageFrame>
  );
}
