// Standalone dev page (`dev` script only): this remote's pages and widget without the
// shell, plus buttons that fire the events the shell or other remotes would send.
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { emit } from '@cgg/contracts';
import CartPage from '../pages/cart-page.tsx';
import CheckoutPage from '../pages/checkout-page.tsx';
import ClaimPrizePage from '../pages/claim-prize-page.tsx';
import ConfirmationPage from '../pages/confirmation-page.tsx';
import MiniCart from '../mini-cart/mini-cart.tsx';
import './standalone.css';

function Standalone() {
  return (
    <BrowserRouter>
      <div className="cc-dev">
        <nav className="cc-dev__bar" aria-label="Standalone">
          <strong>cart-checkout (standalone)</strong>
          <Link to="/cart">Basket</Link>
          <Link to="/checkout">Checkout</Link>
          <Link to="/confirmation">Confirmation</Link>
          <Link to="/claim/prize">Claim prize</Link>
          <button
            type="button"
            onClick={() => {
              const id = Number(window.prompt('Competition id to add 1 ticket of (its product id is asked next)'));
              const productId = Number(window.prompt('competition_product_id'));
              if (id > 0 && productId > 0) emit('cart:add-requested', { competitionId: id, productId, quantity: 1, title: `Competition ${id}` });
            }}
          >
            Fake cart:add-requested
          </button>
          <MiniCart />
        </nav>
        <main>
          <Routes>
            <Route path="/cart" element={<CartPage />} />
            <Route path="/checkout" element={<CheckoutPage />} />
            <Route path="/confirmation" element={<ConfirmationPage />} />
            <Route path="/claim/prize" element={<ClaimPrizePage />} />
            <Route path="*" element={<CartPage />} />
          </Routes>
        </main>
      </div>
    </BrowserRouter>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<Standalone />);
