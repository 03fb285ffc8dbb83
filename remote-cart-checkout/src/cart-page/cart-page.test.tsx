import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { StoreCart } from '@cgg/contracts/store';
import CartPage from '../pages/cart-page.tsx';
import { collect } from '../test/events.ts';
import { makeCart, makeCartItem, makeCompetition } from '../test/fixtures.ts';
import { mockShop, wpError } from '../test/mock-shop.ts';
import { renderAt } from '../test/render.tsx';

const tesla = makeCompetition({ id: 11, title: 'Win a Tesla' });
const cash = makeCompetition({ id: 12, title: 'Win £500', price_per_ticket: '0.99' });

/** A basket the fake server edits as the Store API would. */
function basketShop(start: { tesla: number; cash: number }) {
  const q = { ...start };
  let coupon: string | null = null;
  /** Quantity changes answer once this has settled (holdUpdates). */
  let updatesHeld: Promise<void> = Promise.resolve();
  /** Lines that can no longer be bought as they stand: named in every cart answer while in the basket. */
  const problems: StoreCart['errors'] = [];
  const cart = (): StoreCart => {
    const items = [q.tesla > 0 ? makeCartItem(tesla, q.tesla, 10) : null, q.cash > 0 ? makeCartItem(cash, q.cash, 10) : null].filter((i) => i !== null);
    const errors = problems.filter((e) => items.some((i) => i.key === e.data?.key));
    return makeCart(items, { ...(coupon ? { coupon, discountPence: 100 } : {}), errors });
  };
  const api = mockShop({
    'store:GET /cart': () => cart(),
    // The spec's shape: quantity as text.
    'store:GET /cart/items': () => cart().items.map((i) => ({ ...i, quantity: String(i.quantity) })),
    'store:POST /cart/update-item': async (body) => {
      await updatesHeld;
      q[body.key === 'key-11' ? 'tesla' : 'cash'] = Number(body.quantity);
      return cart();
    },
    'store:POST /cart/remove-item': (body) => {
      q[body.key === 'key-11' ? 'tesla' : 'cash'] = 0;
      return cart();
    },
    'store:DELETE /cart/items': () => {
      q.tesla = 0;
      q.cash = 0;
      return [];
    },
    'store:POST /cart/apply-coupon': (body) => {
      if (body.code !== 'WELCOME1') return wpError(400, 'woocommerce_rest_cart_coupon_error', `Coupon "${String(body.code)}" does not exist!`);
      coupon = 'welcome1';
      return cart();
    },
    'store:POST /cart/remove-coupon': () => {
      coupon = null;
      return cart();
    },
  });
  /** `q` is the server's basket: a test edits it as another tab would. */
  return Object.assign(api, { q, problems, holdUpdates: (until: Promise<void>) => void (updatesHeld = until) });
}

const renderCart = () => renderAt('/cart', [{ path: '/cart', element: <CartPage /> }]);

describe('/cart', () => {
  it('lists the lines with totals and links to checkout', async () => {
    basketShop({ tesla: 2, cash: 1 });
    renderCart();
    expect(await screen.findByRole('button', { name: 'Remove Win a Tesla' })).toBeTruthy();
    const totals = screen.getByRole('complementary', { name: 'Basket totals' });
    expect(within(totals).getByText('Total').nextSibling?.textContent).toBe('£4.97');
    expect(screen.getByRole('link', { name: 'Proceed to checkout' }).getAttribute('href')).toBe('/checkout');
    expect(document.querySelector('[data-boundary="cart-checkout"]')).toBeTruthy();
  });

  it('marks a line that can no longer be bought with the server\'s reason and holds the way to checkout until it is removed', async () => {
    const api = basketShop({ tesla: 2, cash: 1 });
    // The Tesla sold out after it went in the basket: the cart answers name its line.
    api.problems.push({ code: 'woocommerce_rest_product_out_of_stock', message: '"Win a Tesla" is out of stock.', data: { competition_id: 11, key: 'key-11' } });
    renderAt('/cart', [{ path: '/cart', element: <CartPage /> }, { path: '/checkout', element: <p>Checkout page</p> }]);
    const line = (await screen.findByText('"Win a Tesla" is out of stock.')).closest('li')!;
    expect(within(line).getByRole('button', { name: 'Remove Win a Tesla' })).toBeTruthy();
    const proceed = screen.getByRole('link', { name: 'Proceed to checkout' });
    expect(proceed.getAttribute('aria-disabled')).toBe('true');
    const why = 'Some tickets in your basket can no longer be bought as they are: change or remove the lines marked in your basket to check out.';
    expect(screen.getByText(why).getAttribute('role')).toBe('status');
    expect(proceed.getAttribute('aria-describedby')).toBe(screen.getByText(why).id);
    await userEvent.click(proceed);
    expect(screen.queryByText('Checkout page')).toBeNull();

    await userEvent.click(within(line).getByRole('button', { name: 'Remove Win a Tesla' }));
    await waitFor(() => expect(screen.queryByText('"Win a Tesla" is out of stock.')).toBeNull());
    expect(screen.queryByText(why)).toBeNull();
    expect(screen.getByRole('link', { name: 'Proceed to checkout' }).getAttribute('aria-disabled')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Proceed to checkout' }));
    expect(await screen.findByText('Checkout page')).toBeTruthy();
  });

  it('changes a quantity with + and by typing, emitting cart:changed', async () => {
    const api = basketShop({ tesla: 2, cash: 1 });
    const changed = collect('cart:changed');
    renderCart();
    await screen.findByRole('button', { name: 'Remove Win a Tesla' });
    await userEvent.click(screen.getByRole('button', { name: 'One ticket more for Win a Tesla' }));
    await waitFor(() => expect(api.last('store:POST /cart/update-item')?.body).toEqual({ key: 'key-11', quantity: 3 }));
    await waitFor(() => expect(changed.at(-1)).toEqual({ itemCount: 4, totalPence: 696 }));
    const input = screen.getByLabelText('Tickets for Win £500');
    await userEvent.clear(input);
    await userEvent.type(input, '4{Enter}');
    await waitFor(() => expect(api.last('store:POST /cart/update-item')?.body).toEqual({ key: 'key-12', quantity: 4 }));
  });

  it('keeps the focus on a control while the basket is busy, ignores presses meanwhile, and says what a change did', async () => {
    const api = basketShop({ tesla: 2, cash: 1 });
    // The update answers when the test says so: the page is seen while it runs.
    let answer: () => void = () => undefined;
    const later = new Promise<void>((resolve) => (answer = resolve));
    renderCart();
    await screen.findByRole('button', { name: 'Remove Win a Tesla' });
    const more = screen.getByRole('button', { name: 'One ticket more for Win a Tesla' });
    api.holdUpdates(later);
    await userEvent.click(more);
    await waitFor(() => expect(more.getAttribute('aria-disabled')).toBe('true'));
    expect((more as HTMLButtonElement).disabled).toBe(false);
    expect(document.activeElement).toBe(more);
    await userEvent.click(more);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Win £500' }));
    answer();
    await waitFor(() => expect(more.getAttribute('aria-disabled')).toBeNull());
    expect(api.calls.filter((c) => c.route === 'store:POST /cart/update-item')).toHaveLength(1);
    expect(api.routes()).not.toContain('store:POST /cart/remove-item');
    expect((await screen.findByText(/^Basket updated:/)).textContent).toBe('Basket updated: 4 tickets in your basket, total £6.96.');

    // A removed line took the focus with it: the page's heading has it, and the status says what changed.
    await userEvent.click(screen.getByRole('button', { name: 'Remove Win £500' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove Win £500' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Basket' })));
    expect(screen.getByText(/^Basket updated:/).textContent).toBe('Basket updated: 3 tickets in your basket, total £5.97.');
    // The last line too: the empty basket's heading has it.
    await userEvent.click(screen.getByRole('button', { name: 'Remove Win a Tesla' }));
    expect(await screen.findByText('Your basket is empty.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Basket' })));
  });

  it("caps a typed quantity at the line's maximum with 'You have entered the maximum number of tickets'", async () => {
    const api = basketShop({ tesla: 2, cash: 1 });
    const toasts = collect('shell:toast');
    renderCart();
    await screen.findByRole('button', { name: 'Remove Win a Tesla' });
    const input = screen.getByLabelText('Tickets for Win a Tesla');
    await userEvent.clear(input);
    await userEvent.type(input, '25{Enter}');
    await waitFor(() => expect(api.last('store:POST /cart/update-item')?.body).toEqual({ key: 'key-11', quantity: 10 }));
    expect(toasts).toEqual([{ variant: 'error', message: 'You have entered the maximum number of tickets' }]);
  });

  it('removes a line and empties the basket', async () => {
    const api = basketShop({ tesla: 2, cash: 1 });
    renderCart();
    await screen.findByRole('button', { name: 'Remove Win a Tesla' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Win £500' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove Win £500' })).toBeNull());
    expect(api.last('store:POST /cart/remove-item')?.body).toEqual({ key: 'key-12' });
    await userEvent.click(screen.getByRole('button', { name: 'Empty basket' }));
    expect(await screen.findByText('Your basket is empty.')).toBeTruthy();
    expect(api.routes()).toContain('store:DELETE /cart/items');
    expect(api.last('store:DELETE /cart/items')?.headers.get('Nonce')).toMatch(/^nonce-/);
  });

  it('an emptied basket shows empty even when the read after the emptying fails', async () => {
    // The connection drops after the DELETE has answered: the read that follows it fails.
    let emptied = false;
    const down = () => wpError(503, 'cgg_service_unavailable', 'The shop is busy. Please try again in a moment.');
    mockShop({
      'store:GET /cart': () => (emptied ? down() : makeCart([makeCartItem(tesla, 2, 10)])),
      'store:GET /cart/items': () => (emptied ? down() : makeCart([makeCartItem(tesla, 2, 10)]).items),
      'store:DELETE /cart/items': () => {
        emptied = true;
        return [];
      },
    });
    renderCart();
    await screen.findByRole('button', { name: 'Remove Win a Tesla' });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const toasts = collect('shell:toast');
    await userEvent.click(screen.getByRole('button', { name: 'Empty basket' }));
    expect(await screen.findByText('Your basket is empty.')).toBeTruthy();
    expect(toasts.filter((t) => t.variant === 'error')).toEqual([]);
  });

  it('applies and removes a coupon with messages, and shows the server refusal', async () => {
    basketShop({ tesla: 2, cash: 0 });
    renderCart();
    await screen.findByRole('button', { name: 'Remove Win a Tesla' });
    const code = screen.getByLabelText('Coupon code');
    // A code, not a word: phone keyboards neither capitalise only its first letter nor correct it.
    expect(code.getAttribute('autocapitalize')).toBe('characters');
    expect(code.getAttribute('autocorrect')).toBe('off');
    expect(code.getAttribute('spellcheck')).toBe('false');
    await userEvent.type(code, 'NOPE');
    await userEvent.click(screen.getByRole('button', { name: 'Apply coupon' }));
    expect(await screen.findByText('Coupon "NOPE" does not exist!')).toBeTruthy();
    await userEvent.clear(code);
    await userEvent.type(code, 'WELCOME1');
    await userEvent.click(screen.getByRole('button', { name: 'Apply coupon' }));
    expect(await screen.findByText('Coupon code applied successfully.')).toBeTruthy();
    expect(screen.getByText('Discount').nextSibling?.textContent).toBe('−£1.00');
    expect(screen.getByText('Total').nextSibling?.textContent).toBe('£2.98');
    await userEvent.click(screen.getByRole('button', { name: 'Remove coupon welcome1' }));
    expect(await screen.findByText('Coupon code removed successfully.')).toBeTruthy();
    expect(screen.queryByText('Discount')).toBeNull();
  });

  it('says a coupon that takes nothing off (others cover the basket) stays the customer\'s', async () => {
    mockShop({ 'store:GET /cart': () => makeCart([makeCartItem(tesla, 1, 10)], { coupon: 'spare10', discountPence: 0 }) });
    renderCart();
    const applied = await screen.findByText('spare10');
    expect(applied.parentElement?.textContent).toBe('Coupon spare10: not needed, the basket is already covered. It stays yours for another order.');
    expect(screen.getByRole('button', { name: 'Remove coupon spare10' })).toBeTruthy();
  });

  it('refreshes its lines from GET cart/items (nonce header) when the basket is shown again', async () => {
    const api = basketShop({ tesla: 2, cash: 1 });
    const changed = collect('cart:changed');
    const first = renderCart();
    await screen.findByRole('button', { name: 'Remove Win a Tesla' });
    expect(api.routes()).not.toContain('store:GET /cart/items');
    first.unmount();
    // Another tab changes the basket; this page comes back to /cart without a reload.
    api.q.tesla = 5;
    api.q.cash = 0;
    renderCart();
    await waitFor(() => expect((screen.getByLabelText('Tickets for Win a Tesla') as HTMLInputElement).value).toBe('5'));
    expect(screen.queryByRole('button', { name: 'Remove Win £500' })).toBeNull();
    const totals = screen.getByRole('complementary', { name: 'Basket totals' });
    expect(within(totals).getByText('Total').nextSibling?.textContent).toBe('£9.95');
    expect(changed.at(-1)).toEqual({ itemCount: 5, totalPence: 995 });
    expect(api.last('store:GET /cart/items')?.headers.get('Nonce')).toMatch(/^nonce-\d+$/);
    expect(api.routes().filter((r) => r === 'store:GET /cart')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('update_cart') ?? '{}')).toEqual({ 11: 'key-11' });
  });

  it('a marked line the shop can sell again (stock freed) is unmarked when the basket is shown again', async () => {
    const api = basketShop({ tesla: 2, cash: 1 });
    api.problems.push({ code: 'woocommerce_rest_product_out_of_stock', message: '"Win a Tesla" has sold out: remove it to check out.', data: { competition_id: 11, key: 'key-11' } });
    const first = renderCart();
    expect(await screen.findByText('"Win a Tesla" has sold out: remove it to check out.')).toBeTruthy();
    first.unmount();
    // A reservation ran out elsewhere: the tickets are on sale again. Back on /cart without a reload.
    api.problems.length = 0;
    renderCart();
    await waitFor(() => expect(screen.queryByText('"Win a Tesla" has sold out: remove it to check out.')).toBeNull());
    expect(screen.getByRole('link', { name: 'Proceed to checkout' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('keeps the basket as it is when the lines refresh fails (logged only)', async () => {
    const api = basketShop({ tesla: 2, cash: 1 });
    const first = renderCart();
    await screen.findByRole('button', { name: 'Remove Win a Tesla' });
    first.unmount();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    api.fetchMock.mockImplementationOnce(async () => new Response('down', { status: 503 }));
    renderCart();
    await waitFor(() => expect(warn).toHaveBeenCalledWith('[cart] basket lines could not be refreshed', expect.anything()));
    expect((screen.getByLabelText('Tickets for Win a Tesla') as HTMLInputElement).value).toBe('2');
    expect(screen.getByRole('button', { name: 'Remove Win £500' })).toBeTruthy();
  });

  it("shows the shop's message with Try again when the basket cannot be loaded (503 while the database restarts), then the basket once it can", async () => {
    const api = basketShop({ tesla: 2, cash: 0 });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const message = 'The shop is briefly unavailable while its database restarts. Please try again in a few seconds.';
    api.fetchMock.mockImplementationOnce(async () =>
      Response.json({ code: 'rest_database_unavailable', message, data: { status: 503, retry_after: 5 } }, { status: 503, headers: { 'Retry-After': '5' } }),
    );
    renderCart();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    expect(screen.queryByText('Loading your basket')).toBeNull();
    expect(warn).toHaveBeenCalledWith('[cart] basket could not be loaded', expect.anything());
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Remove Win a Tesla' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
