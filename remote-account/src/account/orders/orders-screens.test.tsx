import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openAccount } from '../../test/account-harness.tsx';
import { responses } from '../../test/fixtures.ts';
import { wpError } from '../../test/mock-api.ts';
import { UI_WAIT } from '../../test/ui-wait.ts';

const order = (id: number, overrides: Record<string, unknown> = {}) => ({
  order_id_: id,
  order_status: 'completed',
  order_date: '2026-11-21',
  order_total: '<span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&pound;</span>7.98</bdi></span>',
  item_count: 3,
  ...overrides,
});
const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('orders screen', () => {
  it('shows the empty state', async () => {
    openAccount('/account/recent/orders', { orders: responses.orders([], 0) });
    expect(await screen.findByText("You don't have any orders at present")).toBeTruthy();
  });

  it("shows status ('Ticket Win' for admin-comp-win), #id, date or N/A, total for n Items, and a view link", async () => {
    openAccount('/account/recent/orders', {
      orders: responses.orders([order(501), order(502, { order_status: 'admin-comp-win', order_date: null, order_total: '0.00', item_count: 1 })]),
    });
    await screen.findByText('#501');
    const cells = bodyRows().map((r) => [...r.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent));
    expect(cells).toEqual([
      ['completed', '#501', 'November 21, 2026', '£7.98 for 3 Items'],
      ['Ticket Win', '#502', 'N/A', '£0.00 for 1 Items'],
    ]);
    expect(screen.getByRole('link', { name: 'View order #501' }).getAttribute('href')).toBe('/account/recent/orders/order-detail/501');
  });

  it('asks for page 1, 2, ... (limit 10) and shows Load More while pages remain', async () => {
    const { api } = openAccount('/account/recent/orders', {
      orders: (body: Record<string, unknown>) => {
        const page = Number(body.page);
        return responses.orders(Array.from({ length: page < 2 ? 10 : 4 }, (_, i) => order(page * 100 + i)), 2);
      },
    });
    await screen.findByText('#100');
    expect(bodyRows()).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await vi.waitFor(() => expect(bodyRows()).toHaveLength(14), UI_WAIT);
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    expect(api.calls.filter((c) => c.route === 'orders').map((c) => c.body)).toEqual([
      { token: 'tok-new-123', page: 1, limit: 10 },
      { token: 'tok-new-123', page: 2, limit: 10 },
    ]);
  });
});

describe('order detail screen', () => {
  it('shows the sentence, products with tickets and 12-hour draw times, the summary and both addresses', async () => {
    const { api } = openAccount('/account/recent/orders/order-detail/501', { order_detail: responses.orderDetail() });
    expect(await screen.findByText('Order #501 was placed on November 21, 2026 and is currently completed')).toBeTruthy();
    expect(api.calls.find((c) => c.route === 'order_detail')?.body).toEqual({ token: 'tok-new-123', id: 501 });
    const rows = bodyRows().map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual([
      ['Win a Tesla x 2', '14, 15', 'December 1, 2026 @ 8:00 PM', '£3.98'],
      ['Win £500 x 1', '9', 'December 5, 2026 @ 9:30 AM', '£4.00'],
    ]);
    const summary = [...document.querySelectorAll('.acc-summary div')].map((d) => [d.querySelector('dt')?.textContent, d.querySelector('dd')?.textContent]);
    expect(summary).toEqual([
      ['SUBTOTAL', '£7.98'],
      ['SHIPPING', 'Flat Rate'],
      ['PAYMENT METHOD', 'Card'],
      ['TOTAL', '£7.98'],
    ]);
    const billing = screen.getByRole('region', { name: 'Billing address' }).textContent;
    expect(billing).toContain('07700900123');
    expect(billing).toContain('priya@example.co.uk');
    expect(screen.getByRole('region', { name: 'Shipping address' }).textContent).toContain('West Yorkshire LS1 1AA');
    // Desktop and mobile: one table whose cells carry their column name for the stacked phone layout.
    expect([...document.querySelectorAll('tbody td')].every((td) => td.getAttribute('data-label'))).toBe(true);
  });

  it('says a refunded line holds no tickets, rather than showing an empty cell', async () => {
    const products = [{ title: 'Win a Tesla', quantity: 2, tickets: [], draw_date: '2026-12-01', draw_time: '20:00', price: '3.98' }];
    openAccount('/account/recent/orders/order-detail/501', { order_detail: responses.orderDetail({ status: 'refunded', products }) });
    expect(await screen.findByText(/and is currently refunded$/)).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'None: not in the draw' })).toBeTruthy();
  });

  it("shows 'Ticket Win' for an admin-comp-win order", async () => {
    openAccount('/account/recent/orders/order-detail/501', { order_detail: responses.orderDetail({ status: 'admin-comp-win' }) });
    expect(await screen.findByText(/and is currently Ticket Win$/)).toBeTruthy();
  });

  it("shows a not-found state for another customer's order (404) or a bad id", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    openAccount('/account/recent/orders/order-detail/999', { order_detail: wpError(404, 'order_not_found', 'No such order') });
    expect(await screen.findByText('We could not find that order.')).toBeTruthy();
    expect(warn).toHaveBeenCalled();
  });
});
