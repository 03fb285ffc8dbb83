import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { checkAuthResponseSchema, pointsResponseSchema, userSchema } from '@cgg/contracts/account';
import { describe, expect, it } from 'vitest';
import CheckoutPage from '../pages/checkout-page.tsx';
import { STATUS_POLL_MS } from './card-payment.ts';
import { collect, signIn } from '../test/events.ts';
import { demoProvider } from '../test/demo-provider.ts';
import { makeCart, makeCartItem, makeCheckoutResponse, makeCompetition, makePendingCheckout } from '../test/fixtures.ts';
import { mockShop, wpError } from '../test/mock-shop.ts';
import { renderAt } from '../test/render.tsx';

/*
 * The checkout opened again while an order waits for its card payment (a reload, another tab,
 * back from the basket): the server holds its tickets and took the basket for it, so the page
 * shows that order, to finish paying or to cancel, instead of an empty basket.
 */

const tesla = makeCompetition({ id: 11, title: 'Win a Tesla' });
const basket = makeCart([makeCartItem(tesla, 3)]);
const emptyBasket = makeCart([]);
const user = userSchema.parse({
  id: 7, first_name: 'Priya', last_name: 'Shah', email: 'priya@example.co.uk', name: 'Priya Shah', nickname: 'priya', token: 'tok-1', description: '',
  billing_first_name: 'Priya', billing_last_name: 'Shah', billing_company: '', billing_address_1: '12', billing_address_2: 'High Street',
  billing_city: 'Leeds', billing_state: '', billing_postcode: 'LS1 1AA', billing_country: 'GB', billing_email: 'priya@example.co.uk', billing_phone: '07700900123',
  limit_duration: null, limit_value: null, lockout_period: null, current_spending: '0.00', lock_account: false, locking_period: null, account_number: '', sort_code: '',
});
const lines = [{ competition_id: 11, title: 'Win a Tesla', quantity: 3, total: '597' }];

function shop(held: object, more: Record<string, unknown> = {}) {
  return mockShop({
    ...demoProvider(),
    get_user_details: checkAuthResponseSchema.parse({ success: true, data: user }),
    points: pointsResponseSchema.parse({ success: true, points: 0, logs: [], totalLogs: 0 }),
    'store:GET /cart': emptyBasket,
    'store:GET /cgg/held-order': held,
    ...(more as Record<string, object>),
  });
}

const renderCheckout = () =>
  renderAt('/checkout', [
    { path: '/checkout', element: <CheckoutPage /> },
    { path: '/confirmation', element: <p>confirmation page</p> },
  ]);

const heldPanel = async () => screen.findByRole('region', { name: 'Your order is waiting for its payment' });

describe('an order waiting for its payment, found as the checkout opens', () => {
  it('shows the order, its countdown and its card, and finishes its 3-D Secure to the confirmation', async () => {
    signIn();
    // The API answers the challenge still to do until the provider has heard the customer's answer.
    let challengeAnswered = false;
    const api = shop({ order: makePendingCheckout('requires_action', { seconds_left: 400 }), lines, released: null }, {
      'store:POST /cgg/checkout-return': () => (challengeAnswered ? makeCheckoutResponse() : makePendingCheckout('requires_action')),
      'demo-pay:POST /payment_intents/pi_demo_1/challenge': () => {
        challengeAnswered = true;
        return { id: 'pi_demo_1', status: 'processing' };
      },
    });
    renderCheckout();

    const panel = await heldPanel();
    expect(within(panel).getByText(/^Order #1042: you started paying for these tickets/).textContent).toContain(
      'Your bank asked you to confirm this payment (3-D Secure). Press Finish paying to confirm it, or Cancel order to put the tickets back in your basket.',
    );
    expect(within(panel).getByText('Win a Tesla × 3')).toBeTruthy();
    expect(within(panel).getByText('Card ending 3184')).toBeTruthy();
    expect(within(panel).getByRole('timer').textContent).toMatch(/^(06:40|06:3\d)$/);
    // Not the empty basket, and no new order to place.
    expect(screen.queryByText('Your basket is empty.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Place order' })).toBeNull();

    await userEvent.click(within(panel).getByRole('button', { name: 'Finish paying' }));
    const challenge = await screen.findByRole('dialog', { name: '3-D Secure: confirm this payment' });
    await within(challenge).findByText('Pay £5.97 with the card ending 3184?');
    await userEvent.click(within(challenge).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('confirmation page')).toBeTruthy();
    expect(api.routes()).not.toContain('store:POST /checkout');
    // Asked about the same order throughout (first before any challenge: it may have been done elsewhere).
    const asked = api.calls.filter((c) => c.route === 'store:POST /cgg/checkout-return').map((c) => c.body);
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(new Set(asked.map((b) => JSON.stringify(b)))).toEqual(new Set([JSON.stringify({ order_id: 1042, order_key: 'wc_order_abc' })]));
  });

  it('cancelling puts the tickets back in the basket and shows the checkout for them', async () => {
    signIn();
    const toasts = collect('shell:toast');
    const api = shop({ order: makePendingCheckout('requires_action'), lines, released: null }, {
      'store:POST /cgg/held-order/cancel': { outcome: 'cancelled', order: null, cart: basket },
    });
    renderCheckout();
    await userEvent.click(within(await heldPanel()).getByRole('button', { name: 'Cancel order' }));

    expect(await screen.findByRole('button', { name: 'Place order' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your order is waiting for its payment' })).toBeNull();
    expect(screen.getByText('Win a Tesla')).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(api.last('store:POST /cgg/held-order/cancel')?.body).toEqual({ order_id: 1042, order_key: 'wc_order_abc' });
    expect(api.last('store:POST /cgg/held-order/cancel')?.headers.get('Nonce')).toMatch(/^nonce-/);
    expect(toasts.at(-1)).toMatchObject({ variant: 'success', message: 'Order #1042 is cancelled: its tickets are back in your basket.' });
  });

  it('a payment the provider is already confirming cannot be cancelled: said, and the order stays to finish', async () => {
    signIn();
    shop({ order: makePendingCheckout('processing'), lines, released: null }, {
      'store:POST /cgg/held-order/cancel': { outcome: 'confirming', order: makePendingCheckout('processing'), cart: emptyBasket },
    });
    renderCheckout();
    const panel = await heldPanel();
    expect(within(panel).getByText(/Your card payment is being confirmed\. Press Finish paying to see how it went/)).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel order' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'Your payment is already being confirmed, so the order can no longer be cancelled. Press Finish paying to see how it went.',
    );
    expect(within(panel).getByRole('button', { name: 'Finish paying' })).toBeTruthy();
  });

  it('a cancel the API could not do is said, and the order stays held', async () => {
    signIn();
    shop({ order: makePendingCheckout('requires_action'), lines, released: null }, {
      'store:POST /cgg/held-order/cancel': wpError(503, 'cgg_payment_provider_unavailable', 'We could not reach the payment provider. Your tickets are held for you: please try again in a moment.'),
    });
    renderCheckout();
    const panel = await heldPanel();
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel order' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe('We could not reach the payment provider. Your tickets are held for you: please try again in a moment.');
    expect(within(panel).getByRole('timer')).toBeTruthy();
  });

  it('a payment declined as it is finished gives the basket back to the checkout, the decline by the card', async () => {
    signIn();
    const message = 'Your card was declined.';
    shop({ order: makePendingCheckout('processing'), lines, released: null }, {
      'store:POST /cgg/checkout-return': wpError(400, 'woocommerce_rest_checkout_process_payment_error', message, { reason: 'card_declined', cart: basket }),
    });
    renderCheckout();
    await userEvent.click(within(await heldPanel()).getByRole('button', { name: 'Finish paying' }));
    const group = await screen.findByRole('group', { name: 'Card details' });
    expect((await within(group).findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('button', { name: 'Place order' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your order is waiting for its payment' })).toBeNull();
  });

  it('when its countdown runs out with nothing asking, the API is asked and the expired message shown', async () => {
    signIn();
    const expiredMessage = 'Your tickets were held for 10 minutes and the time ran out. Your basket is as it was; please check out again.';
    const api = shop({ order: makePendingCheckout('requires_action', { seconds_left: 1 }), lines, released: null }, {
      'store:POST /cgg/checkout-return': wpError(409, 'cgg_reservation_expired', expiredMessage, { refunded: false, cart: basket }),
    });
    renderCheckout();
    await heldPanel();
    const expired = await screen.findByRole('alert', { name: 'Your reservation has expired' });
    expect(expired.textContent).toContain('Nothing was taken from your card.');
    expect(api.calls.filter((c) => c.route === 'store:POST /cgg/checkout-return')).toHaveLength(1);
    // No challenge once the time is up.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('an order the ask found refused is released: the checkout shows the basket given back, and why', async () => {
    signIn();
    const message = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
    shop({ order: null, lines: [], released: { code: 'woocommerce_rest_checkout_process_payment_error', message, refunded: false, cart: basket } });
    renderCheckout();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('button', { name: 'Place order' })).toBeTruthy();
    expect(screen.getByText('Win a Tesla')).toBeTruthy();
  });

  it('an order whose time ran out is released as it is asked about: the expired message', async () => {
    signIn();
    shop({ order: null, lines: [], released: { code: 'cgg_reservation_expired', message: 'Your tickets were held for 10 minutes and the time ran out.', refunded: true, cart: basket } });
    renderCheckout();
    const expired = await screen.findByRole('alert', { name: 'Your reservation has expired' });
    expect(expired.textContent).toContain('The payment that went through after the time ran out has been refunded to your card.');
  });

  it('when the ask for a held order fails, the checkout says so and asks again on Try again (never an empty basket to fill twice)', async () => {
    signIn();
    let answers = 0;
    const api = shop({}, {
      'store:GET /cgg/held-order': () => (++answers === 1 ? wpError(503, 'cgg_payment_provider_unavailable', 'We could not reach the payment provider. Your tickets are held for you: please try again in a moment.') : { order: null, lines: [], released: null }),
    });
    renderCheckout();
    expect(await screen.findByText('We could not reach the payment provider. Your tickets are held for you: please try again in a moment.')).toBeTruthy();
    expect(screen.queryByText('Your basket is empty.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your basket is empty.')).toBeTruthy();
    expect(api.calls.filter((c) => c.route === 'store:GET /cgg/held-order')).toHaveLength(2);
  });

  it('an order whose payment is under review is said, with nothing to press (staff refund it)', async () => {
    signIn();
    const api = shop({ order: makePendingCheckout('processing', { under_review: true }), lines, released: null });
    renderCheckout();
    const panel = await screen.findByRole('region', { name: 'We are checking your payment' });
    expect(within(panel).getByText(/Until then the order's tickets stay held\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Finish paying' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.queryByText('Your basket is empty.')).toBeNull();
    // Longer than the page's wait between status checks: it never asks about that order.
    await new Promise((resolve) => setTimeout(resolve, STATUS_POLL_MS + 200));
    expect(api.routes()).not.toContain('store:POST /cgg/checkout-return');
  });

  it('a cancel that finds the payment under review says so, with nothing more to press', async () => {
    signIn();
    shop({ order: makePendingCheckout('processing'), lines, released: null }, {
      'store:POST /cgg/held-order/cancel': { outcome: 'confirming', order: makePendingCheckout('processing', { under_review: true }), cart: emptyBasket },
    });
    renderCheckout();
    await userEvent.click(within(await heldPanel()).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByRole('region', { name: 'We are checking your payment' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your order is waiting for its payment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Finish paying' })).toBeNull();
  });

  it('an order under review does not stop a new basket: the notice is above the form, Place order is there', async () => {
    signIn();
    shop({ order: makePendingCheckout('processing', { under_review: true }), lines, released: null }, { 'store:GET /cart': basket });
    renderCheckout();
    const notice = await screen.findByRole('region', { name: 'We are checking your payment' });
    expect(within(notice).queryByRole('link', { name: 'Find a competition' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeTruthy();
    expect(screen.getByText('Win a Tesla')).toBeTruthy();
  });

  it('an order paid meanwhile goes straight to its confirmation', async () => {
    signIn();
    shop({ order: makeCheckoutResponse(), lines, released: null });
    renderCheckout();
    expect(await screen.findByText('confirmation page')).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem('cc_last_order') ?? '{}').order_id).toBe(1042);
  });

  it('with nothing held, an empty basket is said as before', async () => {
    signIn();
    shop({ order: null, lines: [], released: null });
    renderCheckout();
    expect(await screen.findByText('Your basket is empty.')).toBeTruthy();
  });
});
