import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { checkAuthResponseSchema, pointsResponseSchema, userSchema } from '@cgg/contracts/account';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import CheckoutPage from '../../pages/checkout-page.tsx';
import { makeCart, makeCartItem, makeCheckoutResponse, makeCompetition, makePendingCheckout } from '../../test/fixtures.ts';
import { mockShop, wpError } from '../../test/mock-shop.ts';
import { renderAt } from '../../test/render.tsx';

/*
 * The Stripe path cannot reach Stripe here: @stripe/react-stripe-js and Stripe.js's loader
 * are replaced by fakes that record what our field asks of them (the Elements options, the
 * PaymentMethod creation, handleNextAction), so the checkout's side of the seam is tested.
 */

const stripe = vi.hoisted(() => ({
  elementsOptions: [] as unknown[],
  submit: vi.fn(async (): Promise<{ error?: { message: string } }> => ({})),
  createPaymentMethod: vi.fn(async (_: unknown): Promise<unknown> => ({ paymentMethod: { id: 'pm_from_stripe' } })),
  handleNextAction: vi.fn(async (_: unknown) => ({})),
  loadStripe: vi.fn(async (_key: string) => ({ fake: 'stripe' })),
}));

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => {
  const elements = { submit: stripe.submit, getElement: () => ({ clear: vi.fn(), focus: vi.fn() }) };
  return {
    Elements: ({ options, children }: { options: unknown; children: ReactNode }) => {
      stripe.elementsOptions.push(options);
      return <div data-testid="stripe-elements">{children}</div>;
    },
    PaymentElement: () => <div role="group" aria-label="Stripe payment element" />,
    useStripe: () => ({ createPaymentMethod: stripe.createPaymentMethod, handleNextAction: stripe.handleNextAction }),
    useElements: () => elements,
  };
});

const tesla = makeCompetition({ id: 11, title: 'Win a Tesla' });
const basket = makeCart([makeCartItem(tesla, 3)]);
const user = userSchema.parse({
  id: 7, first_name: 'Priya', last_name: 'Shah', email: 'priya@example.co.uk', name: 'Priya Shah', nickname: 'priya', token: 'tok-1', description: '',
  billing_first_name: 'Priya', billing_last_name: 'Shah', billing_company: '', billing_address_1: '12', billing_address_2: 'High Street',
  billing_city: 'Leeds', billing_state: '', billing_postcode: 'LS1 1AA', billing_country: 'GB', billing_email: 'priya@example.co.uk', billing_phone: '07700900123',
  limit_duration: null, limit_value: null, lockout_period: null, current_spending: '0.00', lock_account: false, locking_period: null, account_number: '', sort_code: '',
});

function stripeShop(checkout: () => unknown, checkoutReturn: () => unknown = () => makeCheckoutResponse()) {
  localStorage.setItem('token', btoa('tok-1'));
  return mockShop({
    'store:GET /cgg/payment-config': { provider: 'stripe', publishable_key: 'pk_test_123', demo_api_base: null, reservation_minutes: 10 },
    'store:GET /cgg/held-order': { order: null, lines: [], released: null },
    get_user_details: checkAuthResponseSchema.parse({ success: true, data: user }),
    points: pointsResponseSchema.parse({ success: true, points: 0, logs: [], totalLogs: 0 }),
    'store:GET /cart': basket,
    'store:POST /checkout': checkout,
    'store:POST /cgg/checkout-return': checkoutReturn,
  });
}

const renderCheckout = () =>
  renderAt('/checkout', [
    { path: '/checkout', element: <CheckoutPage /> },
    { path: '/confirmation', element: <p>confirmation page</p> },
  ]);

const placeOrder = () => userEvent.click(screen.getByRole('button', { name: 'Place order' }));

beforeEach(() => {
  stripe.elementsOptions.length = 0;
});

describe("Stripe's Payment Element", () => {
  it('is loaded with the publishable key from payment-config, in deferred-intent mode for the amount, instead of the demo field', async () => {
    stripeShop(() => makeCheckoutResponse());
    renderCheckout();
    expect(await screen.findByRole('group', { name: 'Stripe payment element' })).toBeTruthy();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(stripe.elementsOptions.at(-1)).toMatchObject({ mode: 'payment', amount: 597, currency: 'gbp', paymentMethodCreation: 'manual', allowedPaymentMethodTypes: ['card'] });
    expect(screen.queryByLabelText('Card number')).toBeNull();
    // Real money with Stripe: no demo wording, and the UK code's credit-card rules still shown.
    expect(screen.queryByText(/demo shop/)).toBeNull();
    expect(screen.getByText(/We can't take credit cards for competitions with instant wins/)).toBeTruthy();
  });

  it('says so when Stripe.js cannot be loaded (offline, a blocker), and Try again loads it again', async () => {
    const loadsBefore = stripe.loadStripe.mock.calls.length;
    stripe.loadStripe.mockRejectedValueOnce(new Error('Failed to load Stripe.js'));
    stripeShop(() => makeCheckoutResponse());
    renderCheckout();
    const alert = await screen.findByText(/The card form could not be loaded from Stripe\./);
    expect(screen.queryByRole('group', { name: 'Stripe payment element' })).toBeNull();
    await userEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Stripe payment element' })).toBeTruthy();
    expect(stripe.loadStripe.mock.calls.length - loadsBefore).toBe(2);
  });

  it("hands our API Stripe's payment-method id, runs handleNextAction for 3-D Secure, then asks our API for the result", async () => {
    const api = stripeShop(() => makePendingCheckout('requires_action', { provider: 'stripe', intent_id: 'pi_3ds', client_secret: 'pi_3ds_secret_x', next_action: { type: 'use_stripe_sdk', url: null } }));
    renderCheckout();
    await screen.findByRole('group', { name: 'Stripe payment element' });
    await placeOrder();
    expect(await screen.findByText('confirmation page')).toBeTruthy();
    expect(stripe.submit).toHaveBeenCalled();
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith({ elements: expect.objectContaining({ submit: stripe.submit }) });
    expect(api.last('store:POST /checkout')?.body).toMatchObject({ payment_method: 'cgg-card', payment_data: [{ key: 'payment_method_id', value: 'pm_from_stripe' }] });
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_3ds_secret_x' });
    expect(api.last('store:POST /cgg/checkout-return')?.body).toEqual({ order_id: 1042, order_key: 'wc_order_abc' });
  });

  it("shows Stripe's own refusal by the field and calls nothing of ours", async () => {
    stripe.submit.mockResolvedValueOnce({ error: { message: 'Your card number is incomplete.' } });
    const api = stripeShop(() => makeCheckoutResponse());
    renderCheckout();
    await screen.findByRole('group', { name: 'Stripe payment element' });
    await placeOrder();
    expect((await screen.findByRole('alert')).textContent).toBe('Your card number is incomplete.');
    expect(api.routes()).not.toContain('store:POST /checkout');
  });

  it("shows our API's decline by the field", async () => {
    stripeShop(() => wpError(400, 'woocommerce_rest_checkout_process_payment_error', 'Your card was declined.', { reason: 'card_declined', cart: basket }));
    renderCheckout();
    const field = await screen.findByTestId('stripe-elements');
    await placeOrder();
    expect((await within(field).findByRole('alert')).textContent).toBe('Your card was declined.');
  });
});
