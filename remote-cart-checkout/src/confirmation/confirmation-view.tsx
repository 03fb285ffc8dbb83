import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import type { StoreCheckoutResponse } from '@cgg/contracts/store';
import { accountCalls } from '@cgg/contracts/account';
import { ApiError, apiRequest, formatPounds, poundsToPence } from '@cgg/contracts';
import { startCart } from '../cart/cart-startup.ts';
import { errorMessage } from '../cart/toast.ts';
import { LoadFailed } from '../components/load-failed.tsx';
import { PageFrame, Spinner } from '../components/page-frame.tsx';
import { currentSessionToken, withSessionToken } from '../session/session-token.ts';
import { readLastOrder } from './last-order.ts';

/** What the page shows, from the checkout answer or (another tab, a reload elsewhere) order_detail. */
interface ShownOrder {
  id: number;
  tickets: { title: string; numbers: number[] }[];
  instantWins: StoreCheckoutResponse['extensions']['cgg']['instant_wins'];
  totalPence: number | null;
  pointsEarned: number | null;
}

function fromCheckout(order: StoreCheckoutResponse): ShownOrder {
  const cgg = order.extensions.cgg;
  return {
    id: order.order_id,
    tickets: cgg.tickets.map((t) => ({ title: t.title, numbers: t.ticket_numbers })),
    instantWins: cgg.instant_wins,
    totalPence: Number(cgg.total),
    pointsEarned: cgg.points_earned,
  };
}

async function fetchOrder(id: number): Promise<ShownOrder> {
  const res = await withSessionToken((token) => apiRequest(accountCalls.orderDetail, { token, id }));
  return {
    id: res.data.id,
    tickets: res.data.products.map((p) => ({ title: p.title, numbers: p.tickets })),
    // order_detail has no instant-win list; the account's order page shows the tickets.
    instantWins: [],
    totalPence: null,
    pointsEarned: null,
  };
}

/** No answer about the order at all: a server error (503 while the database restarts) or no connection. */
/** A prize's value written as every price is; shown as sent if it is not pounds (never a crash after payment). */
function prizeValueText(pounds: string): string {
  return /^\d+(\.\d{1,2})?$/.test(pounds) ? formatPounds(poundsToPence(pounds)) : `£${pounds}`;
}

const shopUnavailable = (error: unknown): boolean => (error instanceof ApiError && error.status >= 500) || error instanceof TypeError;

/** `/confirmation`: order number, each competition's ticket numbers, instant wins with a link to claim. */
export function ConfirmationView() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const wanted = Number(params.get('order')) || null;
  const [state, setState] = useState<{ order: ShownOrder | null; loading: boolean; unavailable?: string }>(() => {
    const kept = readLastOrder();
    const order = kept && (wanted === null || kept.order_id === wanted) ? fromCheckout(kept) : null;
    return { order, loading: order === null && wanted !== null && currentSessionToken() !== null };
  });

  // The basket's listeners still start here; its load does not (spec: not on confirmation paths).
  useEffect(() => startCart(pathname), [pathname]);

  useEffect(() => {
    if (!state.loading || wanted === null) return;
    let live = true;
    fetchOrder(wanted)
      .then((order) => live && setState({ order, loading: false }))
      .catch((error: unknown) => {
        // Spec section 8: order detail failures are silent (no toast); the page shows its empty
        // state, except when the shop could not answer at all (its database restarting, offline):
        // "we could not find that order" would then be wrong, so the page says what happened.
        console.warn('[confirmation] order unavailable', error);
        if (live) setState({ order: null, loading: false, unavailable: shopUnavailable(error) ? errorMessage(error) : undefined });
      });
    return () => {
      live = false;
    };
  }, [state.loading, wanted]);

  if (state.unavailable) {
    return <LoadFailed title="Order confirmation" message={state.unavailable} onRetry={() => setState({ order: null, loading: true })} />;
  }
  if (state.loading) {
    return (
      <PageFrame title="Order confirmation">
        <Spinner label="Loading your order" />
      </PageFrame>
    );
  }
  const order = state.order;
  if (!order) {
    return (
      <PageFrame title="Order confirmation">
        <div className="cc-card cc-empty">
          <p>We could not find that order here. Your orders and their ticket numbers are in your account.</p>
          <Link to="/account/recent/orders" className="cc-btn">
            See my orders
          </Link>
        </div>
      </PageFrame>
    );
  }
  return (
    <PageFrame title="Order confirmation" intro={`Thank you. Your order #${order.id} has been received and you are in the draw.`}>
      <div className="cc-confirmation">
        <div className="cc-card">
          <h2 className="cc-card__title">Order #{order.id}</h2>
          {order.totalPence !== null && (
            <p className="cc-muted">
              Total {formatPounds(order.totalPence)}
              {order.pointsEarned ? ` · ${order.pointsEarned} points earned` : ''}
            </p>
          )}
          <ul className="cc-tickets">
            {order.tickets.map((t, i) => (
              <li key={`${t.title}-${i}`} className="cc-tickets__comp">
                <h3 className="cc-tickets__title">{t.title}</h3>
                <p className="cc-tickets__label">Your ticket numbers</p>
                <ul className="cc-tickets__numbers" aria-label={`Ticket numbers for ${t.title}`}>
                  {t.numbers.map((n) => (
                    <li key={n} className="cc-ticket">
                      {n}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
        {order.instantWins.length > 0 && (
          <div className="cc-card cc-wins">
            <h2 className="cc-card__title">Instant win!</h2>
            <ul className="cc-wins__list">
              {order.instantWins.map((w) => (
                <li key={w.win_id} className="cc-win">
                  <img src={w.image} alt="" width={56} height={56} />
                  <p>
                    Ticket <strong>{w.ticket_number}</strong> won <strong>{w.prize_title}</strong> ({prizeValueText(w.prize_value)}).
                  </p>
                </li>
              ))}
            </ul>
            <Link to="/claim/prize" className="cc-btn">
              Claim your prize
            </Link>
          </div>
        )}
        <p>
          <Link to="/account/recent/orders">See all your orders</Link>
        </p>
      </div>
    </PageFrame>
  );
}
