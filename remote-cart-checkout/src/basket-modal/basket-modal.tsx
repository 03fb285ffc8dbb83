import { useAtom } from 'jotai';
import { Link } from 'react-router-dom';
import { formatPounds } from '@cgg/contracts';
import { Dialog } from '../components/dialog.tsx';
import { basketModalOpenAtom, cartStore } from '../cart/cart-store.ts';
import { useCart } from '../cart/use-cart.ts';
import { BasketLines } from '../cart-page/basket-lines.tsx';

/** The spec's basket modal (id 'exampleModal-3'): opens after a successful add. */
export function BasketModal() {
  const [open, setOpen] = useAtom(basketModalOpenAtom, { store: cartStore });
  const { items, lineProblems, count, totalPence } = useCart();
  if (!open) return null;
  const close = () => setOpen(false);
  // A line the checkout would refuse is changed in the basket first.
  const blocked = items.some((item) => lineProblems[item.key]);
  return (
    <Dialog id="exampleModal-3" title="Your basket" onClose={close}>
      {items.length === 0 ? (
        <p className="cc-muted">Your basket is empty.</p>
      ) : (
        <>
          <BasketLines items={items} compact problems={lineProblems} />
          {blocked && <p className="cc-summary__blocked">Some tickets can no longer be bought as they are: change or remove them in your basket to check out.</p>}
          <p className="cc-modal__total">
            <span>
              Total ({count} {count === 1 ? 'ticket' : 'tickets'})
            </span>
            <strong>{formatPounds(totalPence)}</strong>
          </p>
        </>
      )}
      <div className="cc-modal__actions">
        <Link to="/cart" className="cc-btn cc-btn--ghost" onClick={close}>
          Go to basket
        </Link>
        {items.length > 0 && !blocked && (
          <Link to="/checkout" className="cc-btn" onClick={close}>
            Checkout
          </Link>
        )}
      </div>
    </Dialog>
  );
}
