import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emit } from '@cgg/contracts';
import MiniCart from './mini-cart.tsx';

afterEach(cleanup);

function renderMiniCart() {
  render(
    <MemoryRouter>
      <MiniCart />
    </MemoryRouter>,
  );
  return screen.getByRole('link');
}

describe('MiniCart', () => {
  it('starts empty and links to the basket', () => {
    const link = renderMiniCart();
    expect(link.getAttribute('href')).toBe('/cart');
    expect(link.getAttribute('aria-label')).toBe('Basket: 0 items, £0.00');
    expect(link.textContent).toContain('£0.00');
  });

  it('shows the count and total of cart:changed', () => {
    const link = renderMiniCart();
    act(() => emit('cart:changed', { itemCount: 3, totalPence: 297 }));
    expect(link.getAttribute('aria-label')).toBe('Basket: 3 items, £2.97');
    expect(link.textContent).toContain('3');
    expect(link.textContent).toContain('£2.97');
  });

  it('ignores a payload that breaks the contract', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const link = renderMiniCart();
    act(() => emit('cart:changed', { itemCount: 1, totalPence: 99 }));
    act(() => window.dispatchEvent(new CustomEvent('cart:changed', { detail: { itemCount: -2, totalPence: 'lots' } })));
    expect(link.getAttribute('aria-label')).toBe('Basket: 1 item, £0.99');
    expect(warn).toHaveBeenCalled();
  });
});
