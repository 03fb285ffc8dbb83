import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { formatPounds } from '@cgg/contracts';
import { emptyCart, loadCart, removeItem } from '../cart/cart-actions.ts';
import { ensureCartLoaded, startCart } from '../cart/cart-startup.ts';
import { useCart } from '../cart/use-cart.ts';
import { PageFrame, Spinner } from '../components/page-frame.tsx';
import { EmptyBasket } from '../components/empty-basket.tsx';
import { LoadFailed } from '../components/load-failed.tsx';
import { BasketLines } from './basket-lines.tsx';
import { CouponForm } from './coupon-form.tsx';
import { QuantityControl } from './quantity-control.tsx';

/** `/cart`: change quantities, remove lines, empty the basket, coupons, totals, on to checkout. */
export function CartPageView() {
  const { pathname } = useLocation();
  useEffect(() => {
    startCart(pathname);
    ensureCartLoaded(pathname);
  }, [pathname]);
  const { items, totals, coupons, lineProblems, loaded, loadError, isLoading, isUpdating, isDeleting, count, totalPence } = useCart();
  const busy = isUpdating || isDeleting;
  // The checkout would refuse these lines: say so here, where they can be changed.
  const blocked = items.some((item) => lineProblems[item.key]);
  // What a change did, said to a screen reader.
  const [change, setChange] = useState('');
  const seen = useRef<string | null>(null);
  const summary = `${count} ${count === 1 ? 'ticket' : 'tickets'} in your basket, total ${formatPounds(totalPence)}.`;
  useEffect(() => {
    if (!loaded) return;
    // Not on the first showing: only what a change made.
    if (seen.current !== null && seen.current !== summary) setChange(`Basket updated: ${summary}`);
    seen.current = summary;
  }, [loaded, summary]);
  const remove = (key: string) => {
    if (busy) return;
    // The Remove button that had the focus goes with its line: the page's heading takes it (also
    // when the basket is now empty and its page shows instead), and the status line says the rest.
    void removeItem(key).then((removed) => removed && requestAnimationFrame(() => document.querySelector<HTMLElement>('.cc-page__title')?.focus()));
  };

  if (!loaded && loadError) return <LoadFailed title="Basket" message={loadError} retrying={isLoading} onRetry={() => void loadCart()} />;
  if (!loaded) {
    return (
      <PageFrame title="Basket">
        <Spinner label="Loading your basket" />
      </PageFrame>
    );
  }
  if (items.length === 0) return <EmptyBasket title="Basket" />;
  return (
    <PageFrame title="Basket" intro={`${count} ${count === 1 ? 'ticket' : 'tickets'} ready to check out.`}>
      <p className="cc-visually-hidden" role="status">
        {change}
      </p>
      <div className="cc-basket" aria-busy={busy}>
        <div className="cc-card">
          <BasketLines
            items={items}
            problems={lineProblems}
            controls={(item) => (
              <div className="cc-line__controls">
                <QuantityControl item={item} disabled={busy} />
                <button type="button" className="cc-link-button" aria-disabled={busy || undefined} onClick={() => remove(item.key)}>
                  Remove <span className="cc-visually-hidden">{item.name}</span>
                </button>
              </div>
            )}
          />
          <button type="button" className="cc-btn cc-btn--ghost cc-basket__empty" aria-disabled={busy || undefined} onClick={() => !busy && void emptyCart()}>
            Empty basket
          </button>
        </div>
        <aside className="cc-card cc-summary" aria-label="Basket totals">
          <CouponForm coupons={coupons} disabled={busy} />
          <dl className="cc-summary__rows">
            <div>
              <dt>Subtotal</dt>
              <dd>{formatPounds(Number(totals?.total_items ?? totalPence))}</dd>
            </div>
            {Number(totals?.total_discount ?? 0) > 0 && (
              <div>
                <dt>Discount</dt>
                <dd>−{formatPounds(Number(totals?.total_discount))}</dd>
              </div>
            )}
            <div className="cc-summary__total">
              <dt>Total</dt>
              <dd>{formatPounds(totalPence)}</dd>
            </div>
          </dl>
          {blocked && (
            <p className="cc-summary__blocked" role="status" id="cc-basket-blocked">
              Some tickets in your basket can no longer be bought as they are: change or remove the lines marked in your basket to check out.
            </p>
          )}
          <Link
            to="/checkout"
            className="cc-btn cc-btn--block"
            aria-disabled={blocked || undefined}
            aria-describedby={blocked ? 'cc-basket-blocked' : undefined}
            onClick={(event) => blocked && event.preventDefault()}
          >
            Proceed to checkout
          </Link>
        </aside>
      </div>
    </PageFrame>
  );
}
