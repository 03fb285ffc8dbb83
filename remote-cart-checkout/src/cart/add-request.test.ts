import { emit, type Competition } from '@cgg/contracts';
import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { collect, signIn } from '../test/events.ts';
import { makeCart, makeCartItem, makeCompetition, questionComp, responses } from '../test/fixtures.ts';
import { mockShop, wpError } from '../test/mock-shop.ts';
import { NONCE_MAX_AGE_MS, storeNonce } from '../storage/nonce-cache.ts';
import { handleAddRequest } from './add-request.ts';
import { startCart } from './cart-startup.ts';
import { basketModalOpenAtom, cartItemsAtom, cartLoadErrorAtom, cartLoadedAtom, cartStore } from './cart-store.ts';

/** The basket was read earlier on this page, so no startup read renews the nonce first. */
const basketAlreadyLoaded = () => cartStore.set(cartLoadedAtom, true);

/** A shop whose basket starts with `inBasket` tickets of `c` and adds whatever add-item asks for. */
function shop(c: Competition, { inBasket = 0, purchased = 0 } = {}) {
  let quantity = inBasket;
  const cart = () => makeCart(quantity > 0 ? [makeCartItem(c, quantity)] : []);
  return mockShop({
    getcompetition: responses.competition(c),
    get_purchased_competition: responses.purchased(purchased ? [{ competition_id: c.id, total_tickets: purchased }] : []),
    'store:GET /cart': () => cart(),
    'store:POST /cart/add-item': (body) => {
      quantity += Number(body.quantity);
      return cart();
    },
  });
}

const request = (c: Competition, quantity: number, answerId?: number) => ({
  competitionId: c.id,
  productId: c.competition_product_id,
  quantity,
  title: c.title,
  ...(answerId !== undefined ? { answerId } : {}),
});

async function add(c: Competition, quantity: number, answerId?: number) {
  await handleAddRequest(request(c, quantity, answerId));
}

const errorToasts = (toasts: { message: string; variant: string }[]) => toasts.filter((t) => t.variant === 'error').map((t) => t.message);

describe('adding tickets (spec section 5 and the section 8 toasts)', () => {
  it('adds, emits cart:changed and opens the basket modal', async () => {
    const c = makeCompetition();
    const api = shop(c);
    const changed = collect('cart:changed');
    const settled = collect('cart:add-settled');
    await add(c, 3);
    // The page that asked offers Add again.
    expect(settled).toEqual([{ competitionId: c.id, added: true }]);
    // The spec's add-item carries the nonce and the cart token in its body as well as its headers.
    expect(api.last('store:POST /cart/add-item')?.body).toEqual({ id: c.competition_product_id, quantity: 3, nonce: 'nonce-1', cart_header: 'cart-token-1' });
    expect(changed.at(-1)).toEqual({ itemCount: 3, totalPence: 597 });
    expect(cartStore.get(basketModalOpenAtom)).toBe(true);
    expect(JSON.parse(localStorage.getItem('update_cart') ?? '{}')).toEqual({ [c.id]: `key-${c.id}` });
  });

  it("1: 0 tickets left: 'Oops! There is not ticket left to purchase for this competition', nothing sent", async () => {
    const c = makeCompetition({ total_ticket_sold: 1000, quantity: 0 });
    const api = shop(c);
    const toasts = collect('shell:toast');
    const settled = collect('cart:add-settled');
    await add(c, 1);
    expect(errorToasts(toasts)).toEqual(['Oops! There is not ticket left to purchase for this competition']);
    expect(settled).toEqual([{ competitionId: c.id, added: false }]);
    expect(api.routes()).not.toContain('store:POST /cart/add-item');
    // A visitor has no token to send.
    expect(api.last('getcompetition')?.body).toEqual({ id: c.id });
  });

  it("2: the basket alone at the cap: '... in cart!'", async () => {
    const c = makeCompetition({ max_ticket_per_user: 5 });
    const api = shop(c, { inBasket: 5 });
    const toasts = collect('shell:toast');
    await add(c, 1);
    expect(errorToasts(toasts)).toEqual(['You already have the maximum number of tickets for this competition in cart!']);
    expect(api.routes()).not.toContain('store:POST /cart/add-item');
  });

  it("3: basket plus purchased at the cap: \"Oops! It seems you've already have N tickets ...\"", async () => {
    signIn();
    const c = makeCompetition({ max_ticket_per_user: 5 });
    const api = shop(c, { inBasket: 2, purchased: 3 });
    const toasts = collect('shell:toast');
    await add(c, 1);
    expect(errorToasts(toasts)).toEqual(["Oops! It seems you've already have 2 tickets for this competition in cart."]);
    expect(api.last('get_purchased_competition')?.body).toEqual({ token: 'tok-1' });
    // The single-competition call carries the signed-in customer's token (spec section 7), as its bearer too.
    expect(api.last('getcompetition')?.body).toEqual({ id: c.id, token: 'tok-1' });
    expect(api.last('getcompetition')?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(api.routes()).not.toContain('store:POST /cart/add-item');
  });

  it("4: capped by tickets left: 'Only N tickets are available , M tickets have been added to your basket.'", async () => {
    const c = makeCompetition({ total_sell_tickets: 100, total_ticket_sold: 96, quantity: 4 });
    const api = shop(c, { inBasket: 1 });
    const toasts = collect('shell:toast');
    await add(c, 10);
    expect(api.last('store:POST /cart/add-item')?.body).toMatchObject({ quantity: 3 });
    expect(errorToasts(toasts)).toEqual(['Only 3 tickets are available , 3 tickets have been added to your basket.']);
  });

  it("5: capped by the per-user allowance: 'Only N tickets available, M tickets have been added to your basket.'", async () => {
    signIn();
    const c = makeCompetition({ max_ticket_per_user: 10 });
    const api = shop(c, { inBasket: 2, purchased: 3 });
    const toasts = collect('shell:toast');
    await add(c, 8);
    expect(api.last('store:POST /cart/add-item')?.body).toMatchObject({ quantity: 5 });
    expect(errorToasts(toasts)).toEqual(['Only 5 tickets available, 5 tickets have been added to your basket.']);
  });

  it("6: purchased tickets alone at the cap: 'You already have the maximum number of tickets for this competition'", async () => {
    signIn();
    const c = makeCompetition({ max_ticket_per_user: 5 });
    const api = shop(c, { purchased: 5 });
    const toasts = collect('shell:toast');
    await add(c, 1);
    expect(errorToasts(toasts)).toEqual(['You already have the maximum number of tickets for this competition']);
    expect(api.routes()).not.toContain('store:POST /cart/add-item');
  });

  it('refuses a required question that came unanswered (show_question 1), without a second modal', async () => {
    localStorage.setItem('show_question', '1');
    const c = makeCompetition(questionComp);
    const api = shop(c);
    const toasts = collect('shell:toast');
    await add(c, 2);
    expect(errorToasts(toasts)).toEqual(['Please answer the competition question before adding tickets.']);
    expect(api.routes()).not.toContain('store:POST /cart/add-item');
    expect(document.getElementById('enter')).toBeNull();
  });

  it('sends the answer along, and does not ask when show_question is 0', async () => {
    localStorage.setItem('show_question', '1');
    const c = makeCompetition(questionComp);
    const api = shop(c);
    await add(c, 2, 2);
    expect(api.last('store:POST /cart/add-item')?.body).toEqual({ id: c.competition_product_id, quantity: 2, answer_id: 2, nonce: 'nonce-1', cart_header: 'cart-token-1' });
    localStorage.setItem('show_question', '0');
    await add(c, 1);
    expect(api.last('store:POST /cart/add-item')?.body).toEqual({ id: c.competition_product_id, quantity: 1, nonce: 'nonce-2', cart_header: 'cart-token-1' });
  });

  it("shows the server's message when it refuses (e.g. a wrong answer)", async () => {
    const c = makeCompetition();
    mockShop({
      getcompetition: responses.competition(c),
      'store:GET /cart': makeCart([]),
      'store:POST /cart/add-item': wpError(400, 'cgg_rest_wrong_answer', 'Sorry, that answer is incorrect. Please try again.'),
    });
    const toasts = collect('shell:toast');
    const settled = collect('cart:add-settled');
    await add(c, 1, 1);
    expect(errorToasts(toasts)).toEqual(['Sorry, that answer is incorrect. Please try again.']);
    expect(settled).toEqual([{ competitionId: c.id, added: false }]);
    expect(cartStore.get(basketModalOpenAtom)).toBe(false);
  });

  it('an add whose answer was lost but that went through says so, from the basket read again; one that did not is a failure', async () => {
    const c = makeCompetition();
    let quantity = 0;
    let goesThrough = true;
    const cart = () => makeCart(quantity > 0 ? [makeCartItem(c, quantity)] : []);
    mockShop({
      getcompetition: responses.competition(c),
      'store:GET /cart': () => cart(),
      'store:POST /cart/add-item': (body) => {
        if (goesThrough) quantity += Number(body.quantity);
        throw new TypeError('Failed to fetch');
      },
    });
    basketAlreadyLoaded();
    const toasts = collect('shell:toast');
    const settled = collect('cart:add-settled');
    await add(c, 2);
    expect(settled).toEqual([{ competitionId: c.id, added: true }]);
    expect(errorToasts(toasts)).toEqual([]);
    expect(cartStore.get(basketModalOpenAtom)).toBe(true);
    cartStore.set(basketModalOpenAtom, false);

    goesThrough = false;
    await add(c, 1);
    expect(settled.at(-1)).toEqual({ competitionId: c.id, added: false });
    expect(errorToasts(toasts)).toHaveLength(1);
    expect(cartStore.get(basketModalOpenAtom)).toBe(false);

    // A basket that could not be read before the add is no measure: the tickets already in it are not taken for the add.
    cartStore.set(cartItemsAtom, []);
    cartStore.set(cartLoadErrorAtom, 'Your basket could not be loaded. Please try again.');
    await add(c, 1);
    expect(settled.at(-1)).toEqual({ competitionId: c.id, added: false });
    expect(cartStore.get(basketModalOpenAtom)).toBe(false);
  });

  it("maps the server's own cap and per-user refusals to the spec's toasts", async () => {
    const c = makeCompetition();
    const notice = { code: 'woocommerce_rest_product_partially_out_of_stock', message: 'Only 2 tickets are available.', data: { available: 2, added: 2, requested: 5, limit: 'stock' } };
    let answer: unknown = makeCart([makeCartItem(c, 2)], { errors: [notice] });
    mockShop({
      getcompetition: responses.competition(c),
      'store:GET /cart': makeCart([]),
      'store:POST /cart/add-item': () => answer,
    });
    const toasts = collect('shell:toast');
    await add(c, 5);
    answer = wpError(400, 'cgg_rest_max_tickets_per_user', 'You already have the maximum number of tickets for this competition', { max_per_user: 5, in_cart: 5, purchased: 0 });
    await add(c, 1);
    answer = wpError(400, 'woocommerce_rest_product_out_of_stock', 'You cannot add "X" to the cart because the product is out of stock.');
    await add(c, 1);
    expect(errorToasts(toasts)).toEqual([
      'Only 2 tickets are available , 2 tickets have been added to your basket.',
      'You already have the maximum number of tickets for this competition in cart!',
      'Oops! There is not ticket left to purchase for this competition',
    ]);
  });

  it('shows a loading toast while the add runs and closes it when the tickets are in', async () => {
    const c = makeCompetition();
    const toasts = collect('shell:toast');
    const dismissed = collect('shell:toast-dismiss');
    let shownDuringAdd: unknown[] = [];
    mockShop({
      getcompetition: responses.competition(c),
      'store:GET /cart': makeCart([]),
      'store:POST /cart/add-item': () => {
        shownDuringAdd = [...toasts];
        return makeCart([makeCartItem(c, 1)]);
      },
    });
    await add(c, 1);
    const id = toasts[0]?.id;
    expect(shownDuringAdd).toEqual([{ variant: 'loading', message: 'Adding to your basket...', id: expect.stringMatching(/^cart-add-/) }]);
    expect(toasts).toHaveLength(1);
    expect(dismissed).toEqual([{ id }]);
  });

  it('replaces the loading toast with the refusal, under the same id', async () => {
    const c = makeCompetition({ total_ticket_sold: 1000, quantity: 0 });
    shop(c);
    const toasts = collect('shell:toast');
    const dismissed = collect('shell:toast-dismiss');
    await add(c, 1);
    expect(toasts.map((t) => t.variant)).toEqual(['loading', 'error']);
    expect(toasts[1]).toEqual({ variant: 'error', message: 'Oops! There is not ticket left to purchase for this competition', id: toasts[0]?.id });
    // Closing it afterwards would take the refusal off the screen.
    expect(dismissed).toEqual([]);
  });

  it('listens for cart:add-requested once started', async () => {
    const c = makeCompetition();
    const api = shop(c);
    startCart('/');
    emit('cart:add-requested', request(c, 2));
    await waitFor(() => expect(api.routes()).toContain('store:POST /cart/add-item'));
  });
});

describe('store headers and the nonce', () => {
  it('sends the cached nonce and the cart token, and keeps the fresh ones the answer carries', async () => {
    const c = makeCompetition();
    localStorage.setItem('cart_header', 'cart-token-0');
    storeNonce('nonce-cached', Date.now());
    signIn('tok-9');
    const api = shop(c);
    await handleAddRequest(request(c, 1)); // first add loads the basket (a cart read renews the nonce)
    storeNonce('nonce-cached', Date.now());
    await add(c, 1);
    const addCall = api.last('store:POST /cart/add-item');
    expect(addCall?.headers.get('Nonce')).toBe('nonce-cached');
    expect(addCall?.headers.get('Authorization')).toBe('Bearer tok-9');
    expect(api.last('store:GET /cart')?.headers.get('Cart-Token')).toBe('cart-token-0');
    expect(localStorage.getItem('cart_header')).toBe('cart-token-1');
    expect(localStorage.getItem('nonce')).toMatch(/^nonce-\d+$/);
  });

  it('fetches a new nonce before a write once the cached one is 11 hours old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Date.UTC(2026, 10, 21, 8, 0);
    vi.setSystemTime(t0);
    storeNonce('nonce-old', t0);
    const c = makeCompetition();
    const api = shop(c, { inBasket: 1 });
    // The basket is already on the page: no startup read hides the refresh.
    basketAlreadyLoaded();

    vi.setSystemTime(t0 + NONCE_MAX_AGE_MS - 1000);
    await add(c, 1);
    expect(api.routes()).toEqual(['getcompetition', 'store:POST /cart/add-item']);
    expect(api.last('store:POST /cart/add-item')?.headers.get('Nonce')).toBe('nonce-old');

    api.calls.length = 0;
    storeNonce('nonce-old', t0);
    vi.setSystemTime(t0 + NONCE_MAX_AGE_MS);
    await add(c, 1);
    expect(api.routes()).toEqual(['getcompetition', 'store:GET /cart', 'store:POST /cart/add-item']);
    expect(api.last('store:POST /cart/add-item')?.headers.get('Nonce')).not.toBe('nonce-old');
    expect(localStorage.getItem('nonce_timestamp')).toBe(String(t0 + NONCE_MAX_AGE_MS));
  });

  it('replaces a nonce the server refuses and repeats the write once', async () => {
    const c = makeCompetition();
    storeNonce('nonce-bad', Date.now());
    basketAlreadyLoaded();
    let first = true;
    const api = mockShop({
      getcompetition: responses.competition(c),
      'store:GET /cart': makeCart([]),
      'store:POST /cart/add-item': () => {
        if (first) {
          first = false;
          return wpError(403, 'woocommerce_rest_invalid_nonce', 'Nonce is invalid.');
        }
        return makeCart([makeCartItem(c, 1)]);
      },
    });
    await add(c, 1);
    const adds = api.calls.filter((x) => x.route === 'store:POST /cart/add-item');
    expect(adds.map((x) => x.headers.get('Nonce'))).toEqual(['nonce-bad', expect.stringMatching(/^nonce-\d+$/)]);
  });
});
