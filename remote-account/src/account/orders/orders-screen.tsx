import { Link } from 'react-router-dom';
import { accountCalls } from '@cgg/contracts/account';
import { apiRequest, formatDisplayDate } from '@cgg/contracts';
import { LoadMoreButton } from '../../components/load-more-button.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { PAGE_SIZE, usePagedList } from '../../data/use-paged-list.ts';
import { requireToken } from '../../data/session-token.ts';
import { useSession } from '../../session/use-session.ts';
import { moneyText, orderStatusLabel } from './order-display.ts';

/** `/account/recent/orders`: 10 orders a page, Load More while pages remain. */
export default function OrdersScreen() {
  usePageTitle('Orders');
  const { user } = useSession();
  const list = usePagedList(
    'orders',
    async (pageIndex) => {
      const page = pageIndex + 1;
      const res = await apiRequest(accountCalls.orders, { token: requireToken(), page, limit: PAGE_SIZE });
      return { items: res.data, hasMore: page < res.total_pages, extra: null };
    },
    Boolean(user),
  );
  if (list.isLoading) return <Spinner label="Loading your orders" />;
  return (
    <section className="acc-screen">
      <h1 className="acc-page__title">Orders</h1>
      {list.items.length === 0 ? (
        <p className="acc-empty">You don&apos;t have any orders at present</p>
      ) : (
        <table className="acc-table">
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Order</th>
              <th scope="col">Date</th>
              <th scope="col">Total</th>
              <th scope="col">
                <span className="acc-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((order) => (
              <tr key={order.order_id_}>
                <td data-label="Status">
                  <span className="acc-status">{orderStatusLabel(order.order_status)}</span>
                </td>
                <td data-label="Order">#{order.order_id_}</td>
                <td data-label="Date">{(order.order_date && formatDisplayDate(order.order_date)) || 'N/A'}</td>
                <td data-label="Total">
                  {moneyText(order.order_total)} for {order.item_count} Items
                </td>
                <td>
                  <Link className="acc-button acc-button--small" to={`/account/recent/orders/order-detail/${order.order_id_}`} aria-label={`View order #${order.order_id_}`}>
                    View
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <LoadMoreButton list={list} />
    </section>
  );
}
