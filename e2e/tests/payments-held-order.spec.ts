import { expect, test, type Page } from '@playwright/test';
import { expectTicketsLeft, placeCardOrder, shopperWithBasket } from '../support/payments.ts';

/*
 * Issue 15: the checkout opened again (here a reload) while a card order waits for its 3-D
 * Secure. The server holds its tickets and took the basket for it; the page shows that order,
 * to finish paying or to cancel, instead of an empty basket.
 */

/** Signed in, two tickets in the basket, placed with the 3-D Secure card, challenge shown; then the page reloaded. */
async function heldAfterReload(page: Page, email: string) {
  await placeCardOrder(page, email, '4000 0027 6000 3184');
  await expect(page.getByRole('dialog', { name: '3-D Secure: confirm this payment' })).toBeVisible();
  await page.reload();
  const panel = page.getByRole('region', { name: 'Your order is waiting for its payment' });
  await expect(panel).toBeVisible();
  return panel;
}

test('a checkout reloaded mid 3-D Secure shows the held order, and finishing it pays it', async ({ browser }) => {
  const { competition, customer, before, context, page } = await shopperWithBasket(browser, { title: 'Held Finish', firstName: 'Hana', lastName: 'Held', quantity: 2 });

  const panel = await heldAfterReload(page, customer.email);
  await expect(panel.getByText(`${competition.title} × 2`)).toBeVisible();
  await expect(panel.getByText('Card ending 3184')).toBeVisible();
  await expect(panel.getByRole('timer')).toHaveText(/^\d\d:\d\d$/);
  await expectTicketsLeft(competition.id, before - 2);

  await panel.getByRole('button', { name: 'Finish paying' }).click();
  const challenge = page.getByRole('dialog', { name: '3-D Secure: confirm this payment' });
  await expect(challenge.getByText('Pay £5.00 with the card ending 3184?')).toBeVisible();
  await challenge.getByRole('button', { name: 'Complete' }).click();

  await expect(page).toHaveURL(/\/confirmation\?order=\d+$/);
  await expect(page.getByRole('list', { name: `Ticket numbers for ${competition.title}` }).getByRole('listitem')).toHaveCount(2);
  await expectTicketsLeft(competition.id, before - 2);
  await context.close();
});

test('cancelling the held order puts its tickets back on sale and in the basket', async ({ browser }) => {
  const { competition, customer, before, context, page } = await shopperWithBasket(browser, { title: 'Held Cancel', firstName: 'Cora', lastName: 'Held', quantity: 2 });

  const panel = await heldAfterReload(page, customer.email);
  await panel.getByRole('button', { name: 'Cancel order' }).click();

  await expect(page.getByText(/^Order #\d+ is cancelled: its tickets are back in your basket\.$/)).toBeVisible();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Your order' }).getByText(competition.title)).toBeVisible();
  await expectTicketsLeft(competition.id, before);
  await context.close();
});
