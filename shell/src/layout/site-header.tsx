import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { WidgetSlot } from '../federation/widget-slot.tsx';
import { whileBasketDown } from './held-adds.ts';
import { siteLinks } from './site-links.ts';

/** Logo, navigation to every public page, and the cart and account widgets of their remotes. */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className="sh-header">
      <div className="sh-header__bar">
        <Link to="/" className="sh-logo" aria-label="CGG Competitions, home">
          <span className="sh-logo__mark" aria-hidden="true">CGG</span>
          <span className="sh-logo__text">CGG Competitions</span>
        </Link>
        <div className="sh-header__widgets">
          {/* Each widget's box is held at its size before its remote arrives (layout.css), so nothing in the header moves. */}
          <div className="sh-widget-slot sh-widget-slot--account">
            <WidgetSlot
              remote="account"
              module="./AccountMenu"
              retryOn={pathname}
              fallback={
                <Link className="sh-header__widget-link" to="/auth/login">
                  Login
                </Link>
              }
            />
          </div>
          <div className="sh-widget-slot sh-widget-slot--cart">
            <WidgetSlot
              remote="cartCheckout"
              module="./MiniCart"
              retryOn={pathname}
              whileDown={whileBasketDown}
              fallback={
                <Link className="sh-header__widget-link" to="/cart">
                  Basket
                </Link>
              }
            />
          </div>
          <button
            type="button"
            className="sh-menu-button"
            aria-expanded={menuOpen}
            aria-controls="sh-site-nav"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="sh-menu-button__icon" aria-hidden="true" />
            <span className="sh-visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          </button>
        </div>
      </div>
      <nav id="sh-site-nav" className={`sh-nav${menuOpen ? ' sh-nav--open' : ''}`} aria-label="Main">
        <ul className="sh-nav__list">
          {siteLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === '/'} className="sh-nav__link">
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
