import { screen, within } from '@testing-library/react';
import { orderDetailResponseSchema } from '@cgg/contracts';
import { describe, expect, it } from 'vitest';
import ClaimPrizePage from '../pages/claim-prize-page.tsx';
import ConfirmationPage from '../pages/confirmation-page.tsx';
import { signIn } from '../test/events.ts';
import { makeCheckoutResponse } from '../test/fixtures.ts';
import { mockShop } from '../test/mock-shop.ts';
import { renderAt } from '../test/render.tsx';
import { keepLastOrder } from './last-order.ts';

const renderConfirmation = (path = '/confirmation?order=1042') =>
  renderAt(path, [
    { path: '/confirmation', element: <ConfirmationPage /> },
    { path: '/claim/prize', element: <ClaimPrizePage /> },
  ]);

describe('/confirmation', () => {
  it('shows the order number, ticket numbers per competition and instant wins with a claim link, without reading the basket', async () => {
    const api = mockShop({});
    keepLastOrder(makeCheckoutResponse());
    renderConfirmation();
    expect(screen.getByRole('heading', { name: 'Order #1042' })).toBeTruthy();
    const tesla = screen.getByRole('list', { name: 'Ticket numbers for Win a Tesla' });
    expect(within(tesla).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['14', '233']);
    expect(within(screen.getByRole('list', { name: 'Ticket numbers for Win £500' })).getByText('9')).toBeTruthy();
    expect(screen.getByText(/won/).textContent).toBe('Ticket 233 won £50 Amazon voucher (£50.00).');
    expect(screen.getByRole('link', { name: 'Claim your prize' }).getAttribute('href')).toBe('/claim/prize');
    expect(api.calls).toEqual([]);
  });

  it('re-fetches an order that is not in this tab with order_detail', async () => {
    signIn('tok-1');
    const api = mockShop({
      order_detail: orderDetailResponseSchema.parse({
        data: {
          id: 77,
          status: 'completed',
          date_created: { date: '2026-11-21 14:03:00.000000' },
          total: '1.99',
          payment_method_title: 'Card',
          products: [{ title: 'Win a Watch', quantity: 2, tickets: [5, 6], draw_date: '2026-12-01', draw_time: '20:00', price: '1.99' }],
          billing: { first_name: 'P', last_name: 'S', address_1: '1', address_2: 'A St', city: 'Leeds', state: '', postcode: 'LS1', phone: '1', email: 'p@x.uk' },
          shipping: { first_name: 'P', last_name: 'S', address_1: '1', address_2: 'A St', city: 'Leeds', state: '', postcode: 'LS1' },
        },
      }),
    });
    renderConfirmation('/confirmation?order=77');
    expect(await screen.findByRole('heading', { name: 'Order #77' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Ticket numbers for Win a Watch' })).getAllByRole('listitem')).toHaveLength(2);
    expect(api.last('order_detail')?.body).toEqual({ token: 'tok-1', id: 77 });
  });

  it('points to the account orders when the order cannot be shown', () => {
    mockShop({});
    renderConfirmation('/confirmation');
    expect(screen.getByRole('link', { name: 'See my orders' }).getAttribute('href')).toBe('/account/recent/orders');
  });
});

describe('/claim/prize', () => {
  it('is a real page saying claims open in the next release', () => {
    renderConfirmation('/claim/prize');
    expect(screen.getByRole('heading', { name: 'Claim your prize' })).toBeTruthy();
    expect(screen.getByText('Claims open in the next release')).toBeTruthy();
  });
});
