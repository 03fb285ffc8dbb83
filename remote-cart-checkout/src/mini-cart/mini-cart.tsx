import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { formatPounds } from '@cgg/contracts';
import { BasketModal } from '../basket-modal/basket-modal.tsx';
import { startCart } from '../cart/cart-startup.ts';
import { useCart } from '../cart/use-cart.ts';
import '../styles/cart-checkout.css';

/**
 * The header's basket link (exposed as `./MiniCart`). It is on every page, so it starts
 * the basket (one load per page, add requests, the basket modal it hosts).
 */
export default function MiniCart() {
  const { pathname } = useLocation();
  useEffect(() => startCart(pathname), [pathname]);
  const { count, totalPence } = useCart();

  const total = formatPounds(totalPence);
  return (
    <>
      {/* The name holds the visible text in its order (count, then total): speech users say what they see (WCAG 2.5.3). */}
      <Link to="/cart" className="cc-mini-cart" data-boundary="cart-checkout" aria-label={`Basket, ${count} ${total}`}>
        <svg className="cc-mini-cart__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            fill="currentColor"
            d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM5.2 4l.4 2H21l-2 8H7.4l.4 2H19v2H6.2L3.6 4H1V2h3.8l.4 2Z"
          />
        </svg>
        <span className="cc-mini-cart__count" aria-hidden="true">
          {count}
        </span>
        <span className="cc-mini-cart__total" aria-hidden="true">
          {total}
        </span>
      </Link>
      <BasketModal />
    </>
  );
}
