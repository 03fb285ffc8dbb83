import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderDetailResponseSchema, unclaimedPrizesResponseSchema } from '@cgg/contracts/account';
import { describe, expect, it, vi } from 'vitest';
import ClaimPrizePage from '../pages/claim-prize-page.tsx';
import ConfirmationPage from '../pages/confirmation-page.tsx';
import { signIn } from '../test/events.ts';
import { makeCheckoutResponse } from '../test/fixtures.ts';
import { mockShop, wpError } from '../test/mock-shop.ts';
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

  it("writes an instant win's value as every price is written (£1,000.00)", () => {
    mockShop({});
    keepLastOrder(makeCheckoutResponse({
      instant_wins: [{ win_id: 3, competition_id: 11, ticket_number: 233, prize_id: 4, prize_title: 'Cash', prize_value: '1000.00', image: '/wp-content/uploads/iw.svg' }],
    }));
    renderConfirmation();
    expect(screen.getByText(/won/).textContent).toBe('Ticket 233 won Cash (£1,000.00).');
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

  it("says the shop is unavailable (not that the order is missing) when order_detail answers 503, and shows the order on Try again", async () => {
    signIn('tok-1');
    const message = 'The shop is briefly unavailable while its database restarts. Please try again in a few seconds.';
    let down = true;
    const order = orderDetailResponseSchema.parse({
      data: {
        id: 78, status: 'completed', date_created: { date: '2026-11-21 14:03:00.000000' }, total: '0.99', payment_method_title: 'Card',
        products: [{ title: 'Win a Watch', quantity: 1, tickets: [7], draw_date: '2026-12-01', draw_time: '20:00', price: '0.99' }],
        billing: { first_name: 'P', last_name: 'S', address_1: '1', address_2: 'A St', city: 'Leeds', state: '', postcode: 'LS1', phone: '1', email: 'p@x.uk' },
        shipping: { first_name: 'P', last_name: 'S', address_1: '1', address_2: 'A St', city: 'Leeds', state: '', postcode: 'LS1' },
      },
    });
    mockShop({ order_detail: () => (down ? wpError(503, 'rest_database_unavailable', message, { retry_after: 5 }) : order) });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderConfirmation('/confirmation?order=78');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    expect(screen.queryByText(/could not find that order/)).toBeNull();
    down = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Order #78' })).toBeTruthy();
    warn.mockRestore();
  });

  it('points to the account orders when the order cannot be shown', () => {
    mockShop({});
    renderConfirmation('/confirmation');
    expect(screen.getByRole('link', { name: 'See my orders' }).getAttribute('href')).toBe('/account/recent/orders');
  });
});

describe('/claim/prize from the confirmation', () => {
  it("the confirmation's claim link lands on the claim page with the customer's wins", async () => {
    signIn('tok-1');
    mockShop({
      get_unclaimed_prizes: unclaimedPrizesResponseSchema.parse({
        success: true,
        data: [{ win_kind: 'instant', win_id: 5, competition_id: 11, competition_title: 'Win a Tesla', image: '/x.svg', prize_title: '£50 Amazon voucher', prize_value: '50.00',
          nature: 'item', ticket_number: 233, won_at: '2026-11-21T10:00:00.000Z', options: [{ choice: 'prize', amount: '50.00', needs: 'address' }], claimed: false, claim_state: null }],
      }),
      get_user_details: { status: 500, body: { code: 'x', message: 'down', data: { status: 500 } } },
    });
    keepLastOrder(makeCheckoutResponse());
    renderConfirmation();
    await userEvent.click(screen.getByRole('link', { name: 'Claim your prize' }));
    expect(screen.getByTestId('location').textContent).toBe('/claim/prize');
    expect(await screen.findByRole('heading', { name: '£50 Amazon voucher' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Claim prize' })).toBeTruthy();
  });
});
