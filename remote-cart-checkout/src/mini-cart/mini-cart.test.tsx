import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { basketModalOpenAtom, cartStore } from '../cart/cart-store.ts';
import { collect } from '../test/events.ts';
import { makeCart, makeCartItem, makeCompetition } from '../test/fixtures.ts';
import { mockShop } from '../test/mock-shop.ts';
import MiniCart from './mini-cart.tsx';

function renderMiniCart(path = '/') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <MiniCart />
    </MemoryRouter>,
  );
  return screen.getByRole('link', { name: /^Basket,/ });
}

const tesla = makeCompetition({ id: 11, title: 'Win a Tesla' });
const cash = makeCompetition({ id: 12, title: 'Win £500', price_per_ticket: '0.99' });

describe('MiniCart', () => {
  it('loads the basket once at startup and shows its count and total, announcing cart:changed', async () => {
    const api = mockShop({ 'store:GET /cart': makeCart([makeCartItem(tesla, 2), makeCartItem(cash, 1)]) });
    const changed = collect('cart:changed');
    const link = renderMiniCart();
    expect(link.getAttribute('href')).toBe('/cart');
    await waitFor(() => expect(link.getAttribute('aria-label')).toBe('Basket, 3 £4.97'));
    expect(changed).toEqual([{ itemCount: 3, totalPence: 497 }]);
    // A second widget on the same page does not load again.
    render(
      <MemoryRouter>
        <MiniCart />
      </MemoryRouter>,
    );
    expect(api.routes()).toEqual(['store:GET /cart']);
    expect(localStorage.getItem('nonce')).toBe('nonce-1');
    expect(localStorage.getItem('cart_header')).toBe('cart-token-1');
  });

  it('does not fetch the basket on a path containing confirmation', async () => {
    const api = mockShop({ 'store:GET /cart': makeCart([]) });
    const link = renderMiniCart('/confirmation?order=5');
    await act(async () => undefined);
    expect(api.calls).toEqual([]);
    expect(link.getAttribute('aria-label')).toBe('Basket, 0 £0.00');
  });

  it("opens the basket modal 'exampleModal-3' as an accessible dialog that closes on Escape", async () => {
    mockShop({ 'store:GET /cart': makeCart([makeCartItem(tesla, 2)]) });
    renderMiniCart();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Basket, 2 £3.98' })).toBeTruthy());
    act(() => cartStore.set(basketModalOpenAtom, true));
    const dialog = screen.getByRole('dialog', { name: 'Your basket' });
    expect(dialog.id).toBe('exampleModal-3');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('Win a Tesla');
    expect(dialog.textContent).toContain('£3.98');
    expect(screen.getByRole('link', { name: 'Go to basket' }).getAttribute('href')).toBe('/cart');
    expect(screen.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
