import dayjs from 'dayjs';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { SHOP_TIMEZONE } from '../lib/london-time.ts';
import { penceToPounds } from '../lib/money.ts';
import { HOLDING_STATUSES } from '../store/order-statuses.ts';
import type { AccountDeps } from './account-deps.ts';

/** WooCommerce's price markup, as its REST answers carry it. */
export const priceHtml = (pence: number): string => `<span class="woocommerce-Price-amount amount">£${penceToPounds(pence)}</span>`;

const london = (d: Date) => dayjs(d).tz(SHOP_TIMEZONE);
const orderNotFound = (): WpHttpError => new WpHttpError(404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');

interface OrderRow {
  id: number;
  status: string;
  created_at: Date;
  total_pence: number;
  payment_method_title: string;
  [billingOrShipping: `${'billing' | 'shipping'}_${string}`]: string;
}

/** orders, order_detail, get_purchased_competition: always scoped to the caller's own orders. */
export function orderRoutes(deps: AccountDeps): DeclaredRoute[] {
  const { pool } = deps;
  return [
    declaredRoute(routeTable.orders, {
      summary: 'One page of the customer\'s orders.',
      description: 'Newest first; `order_total` is WooCommerce\'s price HTML; a page past the end has `data: []` and the real `total_pages`. Statuses are WooCommerce\'s plus `admin-comp-win` (a free ticket win).',
      handler: async ({ customer: me, input }) => {
        const { rows } = await pool.query<{ id: number; status: string; created_at: Date; total_pence: number; item_count: number; total: number }>(
          `SELECT o.id, o.status, o.created_at, o.total_pence, count(*) OVER ()::int AS total,
                  COALESCE((SELECT sum(quantity) FROM order_items i WHERE i.order_id = o.id), 0)::int AS item_count
           FROM orders o WHERE o.customer_id = $1
           ORDER BY o.created_at DESC, o.id DESC OFFSET $2 LIMIT $3`,
          [me.customerId, (input.page - 1) * input.limit, input.limit],
        );
        let total = rows[0]?.total;
        if (total === undefined) {
          // A page past the end still reports the real page count.
          const count = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE customer_id = $1', [me.customerId]);
          total = count.rows[0]!.n;
        }
        return {
          success: true,
          data: rows.map((r) => ({
            order_id_: r.id,
            order_status: r.status,
            order_date: london(r.created_at).format('YYYY-MM-DD'),
            order_total: priceHtml(r.total_pence),
            item_count: r.item_count,
          })),
          total_pages: Math.ceil(total / input.limit),
        };
      },
    }),

    declaredRoute(routeTable.orderDetail, {
      summary: 'One of the customer\'s own orders, with its tickets and wins (404 for anyone else\'s).',
      description: 'Ticket numbers per line, `price` = line total, times in London. 404 `woocommerce_rest_shop_order_invalid_id` \'Invalid ID.\' for a missing order or another customer\'s.',
      handler: async ({ customer: me, input }) => {
        if (input.id > 2_147_483_647) throw orderNotFound();
        // Another customer's order is indistinguishable from a missing one.
        const { rows } = await pool.query<OrderRow>('SELECT * FROM orders WHERE id = $1 AND customer_id = $2', [input.id, me.customerId]);
        const o = rows[0];
        if (!o) throw orderNotFound();
        const items = await pool.query<{ title: string; quantity: number; line_total_pence: number; draw_at: Date; tickets: number[] }>(
          `SELECT i.title, i.quantity, i.line_total_pence, c.draw_at,
                  COALESCE((SELECT array_agg(t.ticket_number ORDER BY t.ticket_number) FROM tickets t WHERE t.order_item_id = i.id), '{}') AS tickets
           FROM order_items i JOIN competitions c ON c.id = i.competition_id
           WHERE i.order_id = $1 ORDER BY i.position, i.id`,
          [o.id],
        );
        const address = (kind: 'billing' | 'shipping') => ({
          first_name: o[`${kind}_first_name`]!,
          last_name: o[`${kind}_last_name`]!,
          address_1: o[`${kind}_address_1`]!,
          address_2: o[`${kind}_address_2`]!,
          city: o[`${kind}_city`]!,
          state: o[`${kind}_state`]!,
          postcode: o[`${kind}_postcode`]!,
        });
        return {
          success: true,
          data: {
            id: o.id,
            status: o.status,
            // WooCommerce's WC_DateTime as JSON.
            date_created: { date: london(o.created_at).format('YYYY-MM-DD HH:mm:ss.000000'), timezone_type: 3, timezone: SHOP_TIMEZONE },
            total: penceToPounds(o.total_pence),
            payment_method_title: o.payment_method_title,
            products: items.rows.map((i) => ({
              title: i.title,
              quantity: i.quantity,
              tickets: i.tickets,
              draw_date: london(i.draw_at).format('YYYY-MM-DD'),
              draw_time: london(i.draw_at).format('HH:mm'),
              price: penceToPounds(i.line_total_pence),
            })),
            billing: { ...address('billing'), phone: o.billing_phone!, email: o.billing_email! },
            shipping: address('shipping'),
          },
        };
      },
    }),

    declaredRoute(routeTable.getPurchasedCompetition, {
      summary: 'The competitions the customer has tickets in, with their ticket numbers.',
      description: 'Tickets held in pending, processing, completed and admin-comp-win orders: what counts toward a competition\'s per-customer maximum.',
      handler: async ({ customer: me }) => {
        const { rows } = await pool.query<{ competition_id: number; total_tickets: number }>(
          `SELECT i.competition_id, sum(i.quantity)::int AS total_tickets
           FROM order_items i JOIN orders o ON o.id = i.order_id
           WHERE o.customer_id = $1 AND o.status = ANY($2)
           GROUP BY i.competition_id ORDER BY i.competition_id`,
          [me.customerId, HOLDING_STATUSES],
        );
        return { success: true, data: rows };
      },
    }),
  ];
}
