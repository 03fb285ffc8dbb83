import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { checkAuthResponseSchema, pointsResponseSchema, userSchema, type User } from '@cgg/contracts/account';
import { describe, expect, it, vi } from 'vitest';
import CheckoutPage from '../pages/checkout-page.tsx';
import { collect, signIn } from '../test/events.ts';
import { makeCart, makeCartItem, makeCheckoutResponse, makeCompetition } from '../test/fixtures.ts';
import { demoProvider } from '../test/demo-provider.ts';
import { recordFocus } from '@cgg/contracts/testing-focus';
import { mockShop, wpError, type ShopCall } from '../test/mock-shop.ts';
import { renderAt } from '../test/render.tsx';

const tesla = makeCompetition({ id: 11, title: 'Win a Tesla' });

function makeUser(overrides: Partial<User> = {}): User {
  return userSchema.parse({
    id: 7, first_name: 'Priya', last_name: 'Shah', email: 'priya@example.co.uk', name: 'Priya Shah', nickname: 'priya', token: 'tok-1', description: '',
    billing_first_name: 'Priya', billing_last_name: 'Shah', billing_company: '', billing_address_1: '12', billing_address_2: 'High Street',
    billing_city: 'Leeds', billing_state: '', billing_postcode: 'LS1 1AA', billing_country: 'GB', billing_email: 'priya@example.co.uk', billing_phone: '07700900123',
    limit_duration: null, limit_value: null, lockout_period: null, current_spending: '0.00', lock_account: false, locking_period: null, account_number: '', sort_code: '',
    ...overrides,
  });
}

type CheckoutAnswer = (body: Record<string, unknown>, call: ShopCall) => unknown;

function checkoutShop(checkout: CheckoutAnswer, { user = makeUser(), points = 0, cred = '0.00', more = {} as Record<string, unknown> } = {}) {
  return mockShop({
    ...demoProvider(),
    get_user_details: checkAuthResponseSchema.parse({ success: true, data: user }),
    points: (body) => pointsResponseSchema.parse({ success: true, points: body.type === 'cred' ? cred : points, logs: [], totalLogs: 0 }),
    'store:GET /cart': makeCart([makeCartItem(tesla, 3)]),
    'store:POST /checkout': checkout,
    ...(more as Record<string, object>),
  });
}

const renderCheckout = () =>
  renderAt('/checkout', [
    { path: '/checkout', element: <CheckoutPage /> },
    { path: '/confirmation', element: <p>confirmation page</p> },
    { path: '/auth/login', element: <p>login page</p> },
  ]);

async function fillCard(number = '4242 4242 4242 4242') {
  await userEvent.type(await screen.findByLabelText('Card number'), number);
  await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '12/30');
  await userEvent.type(screen.getByLabelText('Security code (CVC)'), '123');
}

/** The order summary's rows beside the basket lines: [label, amount]. */
const summaryRows = () =>
  [...screen.getByRole('complementary', { name: 'Your order' }).querySelector('dl')!.children].map((row) => [
    row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent,
  ]);

const placeOrder = () => userEvent.click(screen.getByRole('button', { name: 'Place order' }));

describe('/checkout', () => {
  it("shows the shop's message instead of spinning when the basket cannot be loaded (503 while the database restarts)", async () => {
    signIn();
    const message = 'The shop is briefly unavailable while its database restarts. Please try again in a few seconds.';
    const api = mockShop({
      get_user_details: wpError(503, 'rest_database_unavailable', message, { retry_after: 5 }),
      'store:GET /cart': wpError(503, 'rest_database_unavailable', message, { retry_after: 5 }),
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderCheckout();
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.getByRole('heading', { name: 'Checkout' })).toBeTruthy();
    expect(screen.queryByText('Loading checkout')).toBeNull();
    expect(api.routes()).not.toContain('store:POST /checkout');
    warn.mockRestore();
  });

  it('sends a signed-out visitor to /auth/login with the way back', async () => {
    const api = checkoutShop(() => makeCheckoutResponse());
    renderCheckout();
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(JSON.parse(screen.getByTestId('location-state').textContent ?? '')).toEqual({ from: { pathname: '/checkout', search: '', hash: '' } });
    expect(api.routes()).not.toContain('store:POST /checkout');
    // A visitor has no order waiting for its payment: not asked (it would only be refused, 401).
    expect(api.routes()).not.toContain('store:GET /cgg/held-order');
  });

  it("prefills billing from the account and shows the spec's messages without calling", async () => {
    signIn();
    const api = checkoutShop(() => makeCheckoutResponse());
    renderCheckout();
    const first = await screen.findByLabelText('First name');
    await waitFor(() => expect((first as HTMLInputElement).value).toBe('Priya'));
    expect((screen.getByLabelText('Town/City') as HTMLInputElement).value).toBe('Leeds');
    expect(screen.getByText('United Kingdom')).toBeTruthy();
    // Phones: the postcode in capitals, never autocorrected.
    expect(screen.getByLabelText('Postcode').getAttribute('autocapitalize')).toBe('characters');
    expect(screen.getByLabelText('Postcode').getAttribute('autocorrect')).toBe('off');
    for (const label of ['First name', 'Last name', 'Phone', 'Email address', 'House name/number', 'Street address', 'Town/City', 'Postcode']) {
      await userEvent.clear(screen.getByLabelText(label));
    }
    const focus = recordFocus();
    await placeOrder();
    for (const message of [
      'First Name is required.',
      'Last Name is required.',
      'Email address is required.',
      'Phone No. is required.',
      'House Name/No. is required.',
      'Street Address is required.',
      'Town/City is required.',
      'Postcode is required.',
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
    // It took the focus with its message already tied to it, as a screen reader reads it.
    expect(focus.last()?.element).toBe(document.activeElement);
    expect(focus.last()?.invalid).toBe('true');
    expect(focus.last()?.describedBy).toBe('cc-first_name-error');
    expect(focus.last()?.description).toBe('First Name is required.');
    // With the names given, the first field missing as the form shows it is Phone (above Email address).
    await userEvent.type(screen.getByLabelText('First name'), 'Priya');
    await userEvent.type(screen.getByLabelText('Last name'), 'Shah');
    await placeOrder();
    expect(document.activeElement).toBe(screen.getByLabelText('Phone'));
    await userEvent.type(screen.getByLabelText('Email address'), 'nope@');
    await placeOrder();
    expect(screen.getByText('Email address is invalid.')).toBeTruthy();
    expect(api.routes()).not.toContain('store:POST /checkout');
  });

  it('focuses the first failing card field with its message, once the card fields are enabled again', async () => {
    signIn();
    const api = checkoutShop(() => makeCheckoutResponse());
    renderCheckout();
    const expiry = await screen.findByLabelText('Expiry (MM/YY)');
    // Phones: the digit keypad, which has no slash; the field puts it in.
    expect(expiry.getAttribute('inputmode')).toBe('numeric');
    await userEvent.type(expiry, '1230');
    expect((expiry as HTMLInputElement).value).toBe('12/30');
    await userEvent.clear(expiry);
    await userEvent.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    const focus = recordFocus();
    await placeOrder();
    expect(await screen.findByText('Expiry date is required.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(expiry));
    expect(focus.last()?.element).toBe(expiry);
    expect(focus.last()?.invalid).toBe('true');
    expect(focus.last()?.describedBy).toBe('cc-card_expiry-error');
    expect(focus.last()?.description).toBe('Expiry date is required.');
    expect((expiry as HTMLInputElement).disabled).toBe(false);
    expect(api.routes()).not.toContain('store:POST /checkout');
  });

  it('says why at the button when there is no card form to pay with (card payments not set up), and places nothing', async () => {
    signIn();
    const api = checkoutShop(() => makeCheckoutResponse(), { more: { 'store:GET /cgg/payment-config': { provider: 'demo', publishable_key: null, demo_api_base: null, reservation_minutes: 10 } } });
    renderCheckout();
    await screen.findByText(/Card payments are not set up on this shop right now\./);
    await placeOrder();
    expect(await screen.findByText('The card form is not ready: see the card details above, or try again in a moment.')).toBeTruthy();
    expect(api.routes()).not.toContain('store:POST /checkout');
  });

  it('places the order with an idempotency key and goes to the confirmation', async () => {
    signIn('tok-1');
    const api = checkoutShop(() => makeCheckoutResponse());
    const changed = collect('cart:changed');
    const toasts = collect('shell:toast');
    const dismissed = collect('shell:toast-dismiss');
    renderCheckout();
    await fillCard();
    await placeOrder();
    expect(await screen.findByText('confirmation page')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/confirmation?order=1042');
    // A loading toast while the order is placed, closed once it is.
    expect(toasts).toEqual([{ variant: 'loading', message: 'Placing your order...', id: expect.stringMatching(/^checkout-/) }]);
    expect(dismissed).toEqual([{ id: toasts[0]?.id }]);
    const call = api.last('store:POST /checkout');
    expect(call?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(call?.headers.get('Nonce')).toMatch(/^nonce-/);
    // The card went to the provider only; our API got its payment-method id.
    expect(api.last('demo-pay:POST /payment_methods')?.body).toEqual({ card_number: '4242424242424242', card_expiry: '12/30', card_cvc: '123' });
    expect(call?.body).toEqual({
      billing_address: { first_name: 'Priya', last_name: 'Shah', email: 'priya@example.co.uk', phone: '07700900123', address_1: '12', address_2: 'High Street', city: 'Leeds', postcode: 'LS1 1AA', state: '', country: 'GB' },
      payment_method: 'cgg-card',
      payment_data: [{ key: 'payment_method_id', value: 'pm_demo_4242' }],
    });
    expect(JSON.stringify(api.calls.filter((c) => !c.route.startsWith('demo-pay:')).map((c) => c.body))).not.toContain('4242424242424242');
    expect(JSON.parse(sessionStorage.getItem('cc_last_order') ?? '{}').order_id).toBe(1042);
    expect(changed.at(-1)).toEqual({ itemCount: 0, totalPence: 0 });
  });

  it('retries a lost answer with the same key, and starts a new key after a decline (basket kept, error shown)', async () => {
    signIn();
    const answers: (() => unknown)[] = [
      () => ({ status: 502, body: 'Bad gateway' }),
      () => wpError(400, 'woocommerce_rest_checkout_process_payment_error', 'Your card was declined.'),
      () => makeCheckoutResponse(),
    ];
    const api = checkoutShop(() => answers.shift()?.());
    const toasts = collect('shell:toast');
    renderCheckout();
    await fillCard('4000 0000 0000 0002');
    await placeOrder();
    expect(await screen.findByRole('alert')).toBeTruthy();
    await placeOrder();
    expect(await screen.findByText('Your card was declined.', { selector: '.cc-alert' })).toBeTruthy();
    // The attempt's loading toast is replaced by its outcome (same id): nothing else closes it.
    const declined = toasts.at(-1);
    expect(declined).toEqual({ variant: 'error', message: 'Your card was declined.', id: expect.stringMatching(/^checkout-/) });
    expect(toasts.at(-2)).toEqual({ variant: 'loading', message: 'Placing your order...', id: declined?.id });
    expect(screen.getByText('Win a Tesla')).toBeTruthy();
    await placeOrder();
    await screen.findByText('confirmation page');
    const keys = api.calls.filter((c) => c.route === 'store:POST /checkout').map((c) => c.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it("shows the server's spending-limit refusal", async () => {
    signIn();
    checkoutShop(() => wpError(403, 'cgg_rest_spending_limit', 'This order would take you past your weekly spending limit of £50.00.'));
    renderCheckout();
    await fillCard();
    await placeOrder();
    expect(await screen.findByText('This order would take you past your weekly spending limit of £50.00.', { selector: '.cc-alert' })).toBeTruthy();
  });

  it('shows why a credit card is refused by the card, and lets the customer switch to a debit card', async () => {
    signIn();
    const why = `We can't take credit cards for competitions with instant wins, and "Win a Tesla" has them. Please pay with a debit card or use your site credit instead.`;
    const answers: (() => unknown)[] = [
      () => wpError(400, 'cgg_credit_card_refused', why, { reason: 'instant_wins', competition_ids: [11] }),
      () => makeCheckoutResponse(),
    ];
    const api = checkoutShop(() => answers.shift()?.());
    renderCheckout();
    expect(await screen.findByText(/4000 0566 5566 5556 is a debit card, 4242 4242 4242 4242 a credit card/)).toBeTruthy();
    await fillCard('4242 4242 4242 4242');
    await placeOrder();
    const refusal = await screen.findByRole('alert', { name: "We can't take this credit card" });
    expect(refusal.textContent).toContain(why);
    // Said once, by the card: not again under the button. No site credit: no site-credit button.
    expect(screen.queryByText(why, { selector: '.cc-summary .cc-alert' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use my site credit' })).toBeNull();
    expect(screen.getByText('Win a Tesla')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Use a debit card' }));
    expect(screen.queryByRole('alert', { name: "We can't take this credit card" })).toBeNull();
    const number = screen.getByLabelText('Card number') as HTMLInputElement;
    expect(number.value).toBe('');
    expect(document.activeElement).toBe(number);
    await userEvent.type(number, '4000 0566 5566 5556');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '12/30');
    await userEvent.type(screen.getByLabelText('Security code (CVC)'), '123');
    await placeOrder();
    await screen.findByText('confirmation page');
    expect(api.last('store:POST /checkout')?.body).toMatchObject({ payment_data: expect.arrayContaining([{ key: 'payment_method_id', value: 'pm_demo_5556' }]) });
  });

  it('offers site credit after a credit-card refusal when the customer has some', async () => {
    signIn();
    const why = 'You can pay up to £250.00 by credit card in a calendar month, and this order would go over it: you have £2.00 left this month. Please pay with a debit card or use your site credit instead.';
    const answers: (() => unknown)[] = [() => wpError(400, 'cgg_credit_card_refused', why, { reason: 'monthly_cap' }), () => makeCheckoutResponse()];
    const api = checkoutShop(() => answers.shift()?.(), { cred: '5.00' });
    renderCheckout();
    await fillCard('4242 4242 4242 4242');
    await placeOrder();
    expect((await screen.findByRole('alert', { name: "We can't take this credit card" })).textContent).toContain(why);
    await userEvent.click(screen.getByRole('button', { name: 'Use my site credit' }));
    expect((screen.getByLabelText(/Use my site credit/) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('alert', { name: "We can't take this credit card" })).toBeNull();
    await placeOrder();
    await screen.findByText('confirmation page');
    expect(api.last('store:POST /checkout')?.body).toMatchObject({ payment_data: expect.arrayContaining([{ key: 'use_credit', value: '500' }]) });
  });

  it('asks an older account for its date of birth and monthly limit inline, saves them, then places the order (UK code 1.1, 1.4)', async () => {
    signIn();
    let refused = true;
    const saveAgeAndLimit = () => {
      refused = false;
      return { success: true, message: 'Thank you. You can now place your order.', data: { needs: [] } };
    };
    const api = checkoutShop(
      () =>
        refused
          ? wpError(403, 'cgg_date_of_birth_required', 'Before your first order we need your date of birth, to check you are 18 or over, and your choice of a monthly spending limit (or no limit).', {
              needs: ['date_of_birth', 'monthly_limit'],
            })
          : makeCheckoutResponse(),
      { more: { save_age_and_limit: saveAgeAndLimit } },
    );
    renderCheckout();
    await fillCard();
    await placeOrder();
    expect(await screen.findByRole('heading', { name: 'Before your first order' })).toBeTruthy();
    expect(screen.getByText(/we need your date of birth, to check you are 18 or over/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    const save = () => userEvent.click(screen.getByRole('button', { name: 'Save and place order' }));
    await save();
    expect(screen.getByText('Please enter your date of birth.')).toBeTruthy();
    expect(screen.getByText('Please choose a monthly spending limit, or choose no limit.')).toBeTruthy();
    expect(api.routes()).not.toContain('save_age_and_limit');

    await userEvent.type(screen.getByLabelText('Date of birth'), '2015-01-01');
    await userEvent.click(screen.getByLabelText('Set a monthly limit'));
    await userEvent.type(screen.getByLabelText('Monthly limit (£, 0 allowed)'), '30');
    await save();
    // The form's own rule refuses first; the API's words would be the same.
    expect(screen.getByText(/Sorry, you need to be 18 or over to enter our prize draws, so we cannot take this order/)).toBeTruthy();
    expect(api.routes()).not.toContain('save_age_and_limit');

    await userEvent.clear(screen.getByLabelText('Date of birth'));
    await userEvent.type(screen.getByLabelText('Date of birth'), '1985-07-19');
    await save();
    expect(await screen.findByText('confirmation page')).toBeTruthy();
    expect(api.last('save_age_and_limit')?.body).toMatchObject({ date_of_birth: '1985-07-19', monthly_limit: '30' });
    expect(api.routes().filter((r) => r === 'store:POST /checkout')).toHaveLength(2);
  });

  it('asks only for the limit choice when that is all that is missing', async () => {
    signIn();
    const api = checkoutShop(
      () =>
        api.routes().includes('save_age_and_limit')
          ? makeCheckoutResponse()
          : wpError(403, 'cgg_limit_choice_required', 'Before your first order, please choose a monthly spending limit (any amount, £0 included) or no limit.', { needs: ['monthly_limit'] }),
      { more: { save_age_and_limit: () => ({ success: true, message: 'Thank you.', data: { needs: [] } }) } },
    );
    renderCheckout();
    await fillCard();
    await placeOrder();
    await screen.findByRole('heading', { name: 'Before your first order' });
    expect(screen.queryByLabelText('Date of birth')).toBeNull();
    // No choice: the focus goes to the first radio, and each radio carries the message itself.
    const focus = recordFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Save and place order' }));
    const limit = screen.getByLabelText('Set a monthly limit');
    expect(document.activeElement).toBe(limit);
    expect(focus.last()?.element).toBe(limit);
    expect(focus.last()?.describedBy).toBe('cc-limitChoice-error');
    expect(focus.last()?.description).toBe('Please choose a monthly spending limit, or choose no limit.');
    expect(screen.getByLabelText('No limit').getAttribute('aria-describedby')).toBe('cc-limitChoice-error');
    await userEvent.click(screen.getByLabelText('No limit'));
    await userEvent.click(screen.getByRole('button', { name: 'Save and place order' }));
    expect(await screen.findByText('confirmation page')).toBeTruthy();
    expect(api.last('save_age_and_limit')?.body).toEqual({ token: expect.any(String), monthly_limit: null });
  });

  it('pays with points and site credit when they cover the order', async () => {
    signIn();
    const api = checkoutShop(() => makeCheckoutResponse(), { points: 300, cred: '5.00' });
    renderCheckout();
    await userEvent.click(await screen.findByLabelText(/Use my points/));
    await userEvent.click(screen.getByLabelText(/Use my site credit/));
    expect(screen.queryByLabelText('Card number')).toBeNull();
    // The summary says what each pays, down to nothing by card.
    expect(summaryRows()).toEqual([['Points', '−£3.00'], ['Site credit', '−£2.97'], ['By card', '£0.00'], ['Total', '£5.97']]);
    await placeOrder();
    await screen.findByText('confirmation page');
    expect(api.last('store:POST /checkout')?.body).toMatchObject({
      payment_method: 'cgg-site-credit',
      payment_data: [
        { key: 'redeem_points', value: '300' },
        { key: 'use_credit', value: '297' },
      ],
    });
  });

  it('leaves the card at least £0.30: points that would leave less are used that much less', async () => {
    signIn();
    // £5.97 with 580 points would leave 17p to the card, which Stripe refuses: 567 points, £0.30 by card.
    const api = checkoutShop(() => makeCheckoutResponse(), { points: 580 });
    renderCheckout();
    await userEvent.click(await screen.findByLabelText(/Use my points/));
    expect(summaryRows()).toEqual([['Points', '−£5.67'], ['By card', '£0.30'], ['Total', '£5.97']]);
    await fillCard();
    await placeOrder();
    await screen.findByText('confirmation page');
    expect(api.last('store:POST /checkout')?.body).toMatchObject({
      payment_method: 'cgg-card',
      payment_data: [{ key: 'redeem_points', value: '567' }, { key: 'payment_method_id', value: expect.any(String) }],
    });
  });

  it('says there is nothing to pay when coupons cover the order, and places it without a card', async () => {
    signIn();
    const covered = makeCart([makeCartItem(tesla, 3)], { coupon: 'free3', discountPence: 597 });
    const api = checkoutShop(() => makeCheckoutResponse(), { points: 300, more: { 'store:GET /cart': covered } });
    renderCheckout();
    expect(await screen.findByText('Your coupons cover this order: there is nothing to pay.')).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await placeOrder();
    await screen.findByText('confirmation page');
    expect(api.last('store:POST /checkout')?.body).toMatchObject({ payment_method: 'cgg-site-credit', payment_data: [] });
  });

  it('tells a card payer the credit-card rules, and the demo field says no real money is taken', async () => {
    signIn();
    checkoutShop(() => makeCheckoutResponse());
    renderCheckout();
    expect(await screen.findByText(/^Pay £5\.97 by card\. .* We can't take credit cards for competitions with instant wins/)).toBeTruthy();
    expect(await screen.findByText(/^This is a demo shop: no real money is taken\. Demo cards:/)).toBeTruthy();
  });
});
