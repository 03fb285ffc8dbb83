import { render, screen, waitFor, within } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { checkAuthResponseSchema, pointsResponseSchema, userSchema } from '@cgg/contracts/account';
import { describe, expect, it, vi } from 'vitest';
import CheckoutPage from '../pages/checkout-page.tsx';
import { STATUS_POLL_MS } from './card-payment.ts';
import { collect, signIn } from '../test/events.ts';
import { demoProvider } from '../test/demo-provider.ts';
import { makeCart, makeCartItem, makeCheckoutResponse, makeCompetition, makePendingCheckout } from '../test/fixtures.ts';
import { mockShop, wpError } from '../test/mock-shop.ts';
import { renderAt } from '../test/render.tsx';

/*
 * The card payment after Place order (payments-api.md): the demo provider's field, its 3-D
 * Secure challenge, checkout-return until the API's final answer, the reservation countdown
 * and its expiry, and declines shown by the card field with the basket given back.
 */

const tesla = makeCompetition({ id: 11, title: 'Win a Tesla' });
const basket = makeCart([makeCartItem(tesla, 3)]);
const user = userSchema.parse({
  id: 7, first_name: 'Priya', last_name: 'Shah', email: 'priya@example.co.uk', name: 'Priya Shah', nickname: 'priya', token: 'tok-1', description: '',
  billing_first_name: 'Priya', billing_last_name: 'Shah', billing_company: '', billing_address_1: '12', billing_address_2: 'High Street',
  billing_city: 'Leeds', billing_state: '', billing_postcode: 'LS1 1AA', billing_country: 'GB', billing_email: 'priya@example.co.uk', billing_phone: '07700900123',
  limit_duration: null, limit_value: null, lockout_period: null, current_spending: '0.00', lock_account: false, locking_period: null, account_number: '', sort_code: '',
});

function shop(checkout: () => unknown, checkoutReturn: () => unknown, more: Record<string, unknown> = {}) {
  return mockShop({
    ...demoProvider(),
    get_user_details: checkAuthResponseSchema.parse({ success: true, data: user }),
    points: pointsResponseSchema.parse({ success: true, points: 0, logs: [], totalLogs: 0 }),
    'store:GET /cart': basket,
    'store:POST /checkout': checkout,
    'store:POST /cgg/checkout-return': checkoutReturn,
    ...(more as Record<string, object>),
  });
}

const renderCheckout = () =>
  renderAt('/checkout', [
    { path: '/checkout', element: <CheckoutPage /> },
    { path: '/confirmation', element: <p>confirmation page</p> },
    { path: '/cart', element: <p>basket page</p> },
  ]);

async function payWith(number: string) {
  await userEvent.type(await screen.findByLabelText('Card number'), number);
  await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '12/30');
  await userEvent.type(screen.getByLabelText('Security code (CVC)'), '123');
  await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
}

const declined = (message: string, reason: string) => wpError(400, 'woocommerce_rest_checkout_process_payment_error', message, { reason, cart: basket });

describe('card payment', () => {
  it('shows the 3-D Secure challenge and the countdown, then the order once the API says it is paid', async () => {
    signIn();
    const returns = [() => makePendingCheckout('processing'), () => makeCheckoutResponse()];
    const api = shop(() => makePendingCheckout('requires_action'), () => returns.shift()?.());
    const toasts = collect('shell:toast');
    const dismissed = collect('shell:toast-dismiss');
    renderCheckout();
    await payWith('4000 0027 6000 3184');

    const challenge = await screen.findByRole('dialog', { name: '3-D Secure: confirm this payment' });
    expect(await within(challenge).findByText('Pay £5.97 with the card ending 3184?')).toBeTruthy();
    // The customer's turn: "Placing your order..." has stepped aside for the challenge.
    expect(toasts).toEqual([{ variant: 'loading', message: 'Placing your order...', id: expect.stringMatching(/^checkout-/) }]);
    expect(dismissed).toEqual([{ id: toasts[0]?.id }]);
    // The tickets are held meanwhile: the countdown from the server's seconds left.
    expect(screen.getByRole('timer').textContent).toMatch(/^(10:00|09:5\d)$/);
    expect(api.routes()).not.toContain('store:POST /cgg/checkout-return');

    await userEvent.click(within(challenge).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('confirmation page')).toBeTruthy();
    // Back while the payment was confirmed, closed with the order.
    expect(toasts).toHaveLength(2);
    expect(toasts[1]).toEqual({ variant: 'loading', message: 'Placing your order...', id: expect.stringMatching(/^checkout-/) });
    expect(dismissed.at(-1)).toEqual({ id: toasts[1]?.id });
    expect(api.last('demo-pay:POST /payment_intents/pi_demo_1/challenge')?.body).toEqual({ client_secret: 'pi_demo_1_secret_abc', outcome: 'complete' });
    expect(api.last('demo-pay:GET /payment_intents/pi_demo_1/challenge')).toBeTruthy();
    // Processing once, then paid: asked twice, with the order's id and key.
    const asked = api.calls.filter((c) => c.route === 'store:POST /cgg/checkout-return');
    expect(asked.map((c) => c.body)).toEqual([
      { order_id: 1042, order_key: 'wc_order_abc' },
      { order_id: 1042, order_key: 'wc_order_abc' },
    ]);
    expect(asked[0]?.headers.get('Nonce')).toMatch(/^nonce-/);
    expect(JSON.parse(sessionStorage.getItem('cc_last_order') ?? '{}').extensions.cgg.tickets).toHaveLength(2);
  });

  it('shows the decline by the card when the challenge is failed, with the basket given back', async () => {
    signIn();
    const toasts = collect('shell:toast');
    const message = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
    const api = shop(() => makePendingCheckout('requires_action'), () => declined(message, 'authentication_failed'));
    renderCheckout();
    await payWith('4000 0027 6000 3184');
    const challenge = await screen.findByRole('dialog', { name: '3-D Secure: confirm this payment' });
    await within(challenge).findByText('Pay £5.97 with the card ending 3184?');
    await userEvent.click(within(challenge).getByRole('button', { name: 'Fail' }));

    const group = screen.getByRole('group', { name: 'Card details' });
    expect((await within(group).findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
    // The decline replaces the loading toast that came back after the challenge.
    expect(toasts.at(-1)).toMatchObject({ variant: 'error', message, id: toasts.at(-2)?.id });
    expect(toasts.at(-2)).toMatchObject({ variant: 'loading', message: 'Placing your order...' });
    expect(api.last('demo-pay:POST /payment_intents/pi_demo_1/challenge')?.body).toMatchObject({ outcome: 'fail' });
    // Still on the checkout with the basket; Place order works again, and kept the focus throughout.
    expect(screen.getByText('Win a Tesla')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Place order' });
    expect(button.getAttribute('aria-disabled')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('closing the challenge counts as failing it', async () => {
    signIn();
    const api = shop(() => makePendingCheckout('requires_action'), () => declined('We are unable to authenticate your payment method.', 'authentication_failed'));
    renderCheckout();
    await payWith('4000 0027 6000 3184');
    const challenge = await screen.findByRole('dialog', { name: '3-D Secure: confirm this payment' });
    await within(challenge).findByText('Pay £5.97 with the card ending 3184?');
    await userEvent.click(within(challenge).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('We are unable to authenticate your payment method.')).toBeTruthy();
    expect(api.last('demo-pay:POST /payment_intents/pi_demo_1/challenge')?.body).toMatchObject({ outcome: 'fail' });
  });

  it('closing the challenge before it could be read still fails it, so the payment does not wait out the reservation', async () => {
    signIn();
    const api = shop(() => makePendingCheckout('requires_action'), () => declined('We are unable to authenticate your payment method.', 'authentication_failed'), {
      'demo-pay:GET /payment_intents/pi_demo_1/challenge': { status: 503, body: { message: 'Service unavailable' } },
    });
    renderCheckout();
    await payWith('4000 0027 6000 3184');
    const challenge = await screen.findByRole('dialog', { name: '3-D Secure: confirm this payment' });
    await within(challenge).findByText('We could not reach the card provider. Check your connection and try again.');
    await userEvent.click(within(challenge).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('We are unable to authenticate your payment method.')).toBeTruthy();
    expect(api.last('demo-pay:POST /payment_intents/pi_demo_1/challenge')?.body).toMatchObject({ outcome: 'fail' });
  });

  it('says a declined card by the card field, once, and nothing more at the button', async () => {
    signIn();
    const changed = collect('cart:changed');
    shop(() => makePendingCheckout('processing'), () => declined('Your card was declined.', 'card_declined'));
    renderCheckout();
    await payWith('4000 0000 0000 0002');
    const group = screen.getByRole('group', { name: 'Card details' });
    expect((await within(group).findByRole('alert')).textContent).toBe('Your card was declined.');
    expect(screen.getAllByText('Your card was declined.')).toHaveLength(1);
    // The basket the API gave back is the one shown (and announced).
    expect(changed.at(-1)).toEqual({ itemCount: 3, totalPence: 597 });
    // A new card clears the message.
    await userEvent.type(screen.getByLabelText('Card number'), '1');
    expect(within(group).queryByRole('alert')).toBeNull();
  });

  it("a new press closes the last one's error toast, so it is not left up over the confirmation", async () => {
    signIn();
    const toasts = collect('shell:toast');
    const dismissed = collect('shell:toast-dismiss');
    const answers = [() => declined('Your card was declined.', 'card_declined'), () => makeCheckoutResponse()];
    shop(() => makePendingCheckout('processing'), () => answers.shift()?.());
    renderCheckout();
    await payWith('4000 0000 0000 0002');
    await within(screen.getByRole('group', { name: 'Card details' })).findByRole('alert');
    const decline = toasts.find((t) => t.variant === 'error');
    expect(decline).toMatchObject({ message: 'Your card was declined.', id: expect.stringMatching(/^checkout-/) });
    expect(dismissed).not.toContainEqual({ id: decline?.id });

    await userEvent.clear(screen.getByLabelText('Card number'));
    await userEvent.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('confirmation page')).toBeTruthy();
    expect(dismissed).toContainEqual({ id: decline?.id });
    expect(toasts.filter((t) => t.variant === 'error')).toHaveLength(1);
  });

  it("shows the card field's own checks and the provider's refusal without calling our API", async () => {
    signIn();
    const api = shop(
      () => makeCheckoutResponse(),
      () => makeCheckoutResponse(),
      { 'demo-pay:POST /payment_methods': { status: 402, body: { error: { type: 'card_error', code: 'expired_card', message: 'Your card has expired.' } } } },
    );
    renderCheckout();
    await screen.findByLabelText('Card number');
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(screen.getByText('Card number is required.')).toBeTruthy();
    expect(screen.getByText('Expiry date is required.')).toBeTruthy();
    expect(screen.getByText('Security code is required.')).toBeTruthy();
    // The first failing field takes the focus once its message is rendered and the fields are enabled again.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Card number')));
    expect(api.routes()).not.toContain('demo-pay:POST /payment_methods');

    await payWith('4000 0566 5566 5556');
    const group = screen.getByRole('group', { name: 'Card details' });
    expect((await within(group).findByRole('alert')).textContent).toBe('Your card has expired.');
    expect(api.routes()).not.toContain('store:POST /checkout');
  });

  it('when the countdown runs out: the challenge goes, the API is asked, and the expired message leads back to the basket', async () => {
    signIn();
    const toasts = collect('shell:toast');
    const expiredMessage = 'Your tickets were held for 10 minutes and the time ran out. Your basket is as it was; please check out again.';
    const api = shop(
      () => makePendingCheckout('requires_action', { seconds_left: 2 }),
      () => wpError(409, 'cgg_reservation_expired', expiredMessage, { refunded: false, cart: basket }),
    );
    renderCheckout();
    await payWith('4000 0027 6000 3184');
    await screen.findByRole('dialog', { name: '3-D Secure: confirm this payment' });
    expect(screen.getByRole('timer').textContent).toMatch(/^00:0[12]$/);

    const expired = await screen.findByRole('alert', { name: 'Your reservation has expired' });
    expect(expired.textContent).toContain('your tickets have gone back on sale. Nothing was taken from your card.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Place order' })).toBeNull();
    // The challenge was never answered: the API was asked once the time was up.
    expect(api.routes()).not.toContain('demo-pay:POST /payment_intents/pi_demo_1/challenge');
    expect(api.routes()).toContain('store:POST /cgg/checkout-return');
    expect(toasts.at(-1)).toMatchObject({ variant: 'error', message: expect.stringContaining('gone back on sale') });
    await userEvent.click(screen.getByRole('link', { name: 'Back to basket' }));
    expect(await screen.findByText('basket page')).toBeTruthy();
  });

  it('counts the reservation from when the order was sent, so a slow answer never makes it end late', async () => {
    signIn();
    let offset = 0;
    const realNow = Date.now.bind(Date);
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + offset);
    try {
      // The provider was slow: the answer, counting 10 minutes from when the server took the order, arrives 30 s later.
      shop(() => {
        offset = 30_000;
        return makePendingCheckout('processing', { seconds_left: 600 });
      }, () => makePendingCheckout('processing', { seconds_left: 570 }));
      renderCheckout();
      await payWith('4000 0566 5566 5556');
      const timer = await screen.findByRole('timer');
      expect(timer.textContent).toMatch(/^09:(29|30)$/);
    } finally {
      clock.mockRestore();
    }
  });

  it('says so when a payment that went through late was refunded', async () => {
    signIn();
    shop(
      () => makePendingCheckout('processing', { seconds_left: 600 }),
      () => wpError(409, 'cgg_reservation_expired', 'Your tickets were held for 10 minutes and the time ran out.', { refunded: true, cart: basket }),
    );
    renderCheckout();
    await payWith('4000 0566 5566 5556');
    const expired = await screen.findByRole('alert', { name: 'Your reservation has expired' });
    expect(expired.textContent).toContain('The payment that went through after the time ran out has been refunded to your card.');
  });

  it('after losing touch while the payment confirms, Place order asks about the same order again, not a new one', { timeout: 30_000 }, async () => {
    signIn();
    let returns = 0;
    // A 3-D Secure payment: the challenge passed, then eleven status checks lost (offline, 5xx): the
    // page stops asking; then the connection is back.
    const api = shop(() => makePendingCheckout('requires_action'), () => (++returns <= 11 ? { status: 503, body: { message: 'Service unavailable' } } : makeCheckoutResponse()));
    renderCheckout();
    await payWith('4000 0027 6000 3184');
    const challenge = await screen.findByRole('dialog', { name: '3-D Secure: confirm this payment' });
    await within(challenge).findByText('Pay £5.97 with the card ending 3184?');
    await userEvent.click(within(challenge).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText(/We could not confirm your payment: check your connection, then press Place order to ask again\./, undefined, { timeout: 20_000 })).toBeTruthy();
    // The order and its tickets are still held: the countdown stays.
    expect(screen.getByRole('timer')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('confirmation page', undefined, { timeout: 5000 })).toBeTruthy();
    expect(api.routes().filter((r) => r === 'store:POST /checkout')).toHaveLength(1);
    expect(api.routes().filter((r) => r === 'demo-pay:POST /payment_methods')).toHaveLength(1);
    // The challenge already answered is not shown again when the page asks again.
    expect(api.routes().filter((r) => r === 'demo-pay:GET /payment_intents/pi_demo_1/challenge')).toHaveLength(1);
  });

  it('leaving the checkout while the payment confirms stops asking, and never jumps to the confirmation from elsewhere', async () => {
    signIn();
    const api = shop(() => makePendingCheckout('processing'), () => makeCheckoutResponse());
    render(
      <MemoryRouter initialEntries={['/checkout']}>
        <Link to="/competitions">Leave</Link>
        <Routes>
          <Route path="/checkout" element={<CheckoutPage />} />
          <Route path="/confirmation" element={<p>confirmation page</p>} />
          <Route path="/competitions" element={<p>competitions page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    await payWith('4000 0566 5566 5556');
    await screen.findByRole('timer');
    await userEvent.click(screen.getByRole('link', { name: 'Leave' }));
    expect(screen.getByText('competitions page')).toBeTruthy();
    // Longer than the page's wait before it asks again: it does not ask, and the customer stays.
    await new Promise((resolve) => setTimeout(resolve, STATUS_POLL_MS + 500));
    expect(api.routes()).not.toContain('store:POST /cgg/checkout-return');
    expect(screen.getByText('competitions page')).toBeTruthy();
  });

  it('keeps asking while the provider is still processing', async () => {
    signIn();
    const returns = [() => makePendingCheckout('processing'), () => makePendingCheckout('processing'), () => makeCheckoutResponse()];
    const api = shop(() => makePendingCheckout('processing'), () => returns.shift()?.());
    renderCheckout();
    await payWith('4000 0566 5566 5556');
    expect(await screen.findByText('confirmation page')).toBeTruthy();
    await waitFor(() => expect(api.routes().filter((r) => r === 'store:POST /cgg/checkout-return')).toHaveLength(3));
    expect(api.routes()).not.toContain('demo-pay:GET /payment_intents/pi_demo_1/challenge');
  });

  it('asked to ask less often, waits as the API says and asks again: the order is not lost', async () => {
    signIn();
    const returns = [
      () => wpError(429, 'rest_too_many_order_checks', 'You are checking your order too often. Please wait a minute and try again.', { retry_after: 1 }),
      () => makeCheckoutResponse(),
    ];
    const api = shop(() => makePendingCheckout('processing'), () => returns.shift()?.());
    renderCheckout();
    await payWith('4000 0566 5566 5556');
    expect(await screen.findByText('confirmation page', undefined, { timeout: 5000 })).toBeTruthy();
    expect(api.routes().filter((r) => r === 'store:POST /cgg/checkout-return')).toHaveLength(2);
    expect(api.routes().filter((r) => r === 'store:POST /checkout')).toHaveLength(1);
  });

  it('a payment of the wrong amount under review is said, and the page stops asking about it', async () => {
    signIn();
    const api = shop(() => makePendingCheckout('processing'), () => makePendingCheckout('processing', { under_review: true }));
    renderCheckout();
    await payWith('4000 0566 5566 5556');
    const panel = await screen.findByRole('region', { name: 'We are checking your payment' });
    expect(within(panel).getByText(/^The amount your bank took for order #1042 does not match the order/).textContent).toContain('We will refund it in full and email you when it is done.');
    expect(within(panel).getByRole('link', { name: 'Find a competition' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Place order' })).toBeNull();
    expect(screen.queryByText('confirmation page')).toBeNull();
    // No more status checks: a second passes with the one ask that said so.
    await new Promise((resolve) => setTimeout(resolve, STATUS_POLL_MS + 200));
    expect(api.routes().filter((r) => r === 'store:POST /cgg/checkout-return')).toHaveLength(1);
  });
});
