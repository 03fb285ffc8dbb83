import { expect, test } from '@playwright/test';
import { sql } from '../support/db.ts';
import { expectTicketsLeft, placeCardOrder, shopperWithBasket } from '../support/payments.ts';

/*
 * Issue 15: a declined card. The decline comes from the provider through our API and is shown
 * by the card field; nothing is charged, the tickets held for the basket go back on sale and
 * the basket is the customer's again.
 */

test('a declined card: the message by the card, the tickets back on sale, the basket kept', async ({ browser }) => {
  const { competition, customer, before, context, page } = await shopperWithBasket(browser, { title: 'Declined Card', firstName: 'Dec', lastName: 'Lined', quantity: 3 });
  await placeCardOrder(page, customer.email, '4000 0000 0000 0002');

  await expect(page.getByRole('group', { name: 'Card details' }).getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page).toHaveURL(/\/checkout$/);
  await expectTicketsLeft(competition.id, before);
  // The basket is back: the checkout still lists it and the header counts its 3 tickets.
  await expect(page.locator('[data-boundary="cart-checkout"]').getByText(competition.title).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^Basket, 3 / })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeEnabled();
  // The keyboard focus stayed on the button through the attempt, beside the message; not lost to the page's top.
  await expect(page.getByRole('button', { name: 'Place order' })).toBeFocused();
  // Nothing was charged: no payment of this customer's succeeded.
  const payments = await sql<{ status: string }>(
    'SELECT pi.status FROM payment_intents pi JOIN orders o ON o.id = pi.order_id JOIN customers c ON c.id = o.customer_id WHERE c.email = $1',
    [customer.email],
  );
  expect(payments.map((p) => p.status)).not.toContain('succeeded');
  await context.close();
});
