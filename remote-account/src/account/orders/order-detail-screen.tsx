import { Link, useParams } from 'react-router-dom';
import { formatDisplayDate, formatPounds, poundsToPence, to12Hour } from '@cgg/contracts';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { useAccountData } from '../../data/use-account-data.ts';
import { moneyText, orderStatusLabel } from './order-display.ts';

function parseOrderId(param: string | undefined): number | null {
  return param && /^\d{1,10}$/.test(param) && Number(param) > 0 ? Number(param) : null;
}

/** Sum of the product lines (each `price` is the line's pounds); unreadable prices count 0. */
function subtotalPence(prices: string[]): number {
  return prices.reduce((sum, p) => {
    try {
      return sum + poundsToPence(p);
    } catch {
      return sum;
    }
  }, 0);
}

function NotFound() {
  return (
    <section className="acc-screen">
      <h1 className="acc-page__title">Order details</h1>
      <p className="acc-empty">We could not find that order.</p>
      <Link to="/account/recent/orders">Back to your orders</Link>
    </section>
  );
}

function OrderDetail({ id }: { id: number }) {
  const { data, isLoading } = useAccountData('orderDetail', { id });
  if (isLoading) return <Spinner label="Loading your order" />;
  const order = data?.data;
  if (!order) return <NotFound />;
  const { billing, shipping } = order;
  return (
    <section className="acc-screen acc-order">
      <h1 className="acc-page__title">Order #{order.id}</h1>
      <p className="acc-order__sentence">
        Order #{order.id} was placed on {formatDisplayDate(order.date_created.date) || 'N/A'} and is currently {orderStatusLabel(order.status)}
      </p>
      {/* One table: a grid of columns on desktop, stacked cards on a phone (CSS, data-label). */}
      <table className="acc-table acc-order__products">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Ticket numbers</th>
            <th scope="col">Draw</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {order.products.map((p, i) => (
            <tr key={i}>
              <td data-label="Product">
                {p.title} x {p.quantity}
              </td>
              {/* A refunded or cancelled line's numbers went back on sale: say so rather than show nothing. */}
              <td data-label="Ticket numbers">{p.tickets.length > 0 ? p.tickets.join(', ') : 'None: not in the draw'}</td>
              <td data-label="Draw">
                {formatDisplayDate(p.draw_date)} @ {to12Hour(p.draw_time)}
              </td>
              <td data-label="Price">{moneyText(p.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="acc-summary">
        <div>
          <dt>SUBTOTAL</dt>
          <dd>{formatPounds(subtotalPence(order.products.map((p) => p.price)))}</dd>
        </div>
        <div>
          <dt>SHIPPING</dt>
          <dd>Flat Rate</dd>
        </div>
        <div>
          <dt>PAYMENT METHOD</dt>
          <dd>{order.payment_method_title}</dd>
        </div>
        <div>
          <dt>TOTAL</dt>
          <dd>{moneyText(order.total)}</dd>
        </div>
      </dl>
      <div className="acc-addresses">
        <section className="acc-card" aria-label="Billing address">
          <h2 className="acc-card__title">Billing address</h2>
          <address>
            {billing.first_name} {billing.last_name}
            <br />
            {billing.address_1}
            {billing.address_2 && (
              <>
                <br />
                {billing.address_2}
              </>
            )}
            <br />
            {billing.city}
            <br />
            {[billing.state, billing.postcode].filter(Boolean).join(' ')}
            <br />
            {billing.phone}
            <br />
            {billing.email}
          </address>
        </section>
        <section className="acc-card" aria-label="Shipping address">
          <h2 className="acc-card__title">Shipping address</h2>
          <address>
            {shipping.first_name} {shipping.last_name}
            <br />
            {shipping.address_1}
            {shipping.address_2 && (
              <>
                <br />
                {shipping.address_2}
              </>
            )}
            <br />
            {shipping.city}
            <br />
            {[shipping.state, shipping.postcode].filter(Boolean).join(' ')}
          </address>
        </section>
      </div>
      <Link to="/account/recent/orders">Back to your orders</Link>
    </section>
  );
}

/** `/account/recent/orders/order-detail/:orderId`. */
export default function OrderDetailScreen() {
  usePageTitle('Order details');
  const id = parseOrderId(useParams().orderId);
  return id === null ? <NotFound /> : <OrderDetail id={id} />;
}
