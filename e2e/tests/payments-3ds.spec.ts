import { expect, test } from '@playwright/test';
import { expectTicketsLeft, placeCardOrder, shopperWithBasket } from '../support/payments.ts';

/*
 * Issue 15: a card that needs 3-D Secure. The demo provider's card field takes the card (the
 * order API gets only its payment-method id), the checkout answers requires_action, the
 * provider's challenge is shown with the reservation's countdown; passing it pays the order.
 */

test('a 3-D Secure card: the challenge is shown and passed, the order is received', async ({ browser }) => {
  const { competition, customer, before, context, page } = await shopperWithBasket(browser, { title: '3DS Purchase', firstName: 'Tess', lastName: 'Secure', quantity: 2 });
  await placeCardOrder(page, customer.email, '4000 0027 6000 3184');

  const challenge = page.getByRole('dialog', { name: '3-D Secure: confirm this payment' });
  await expect(challenge).toBeVisible();
  await expect(challenge.getByText('Pay £5.00 with the card ending 3184?')).toBeVisible();
  // On a phone the title wraps clear of the close button.
  await page.setViewportSize({ width: 390, height: 844 });
  const titleUnderClose = await challenge.evaluate((dialog) => {
    const title = document.createRange();
    title.selectNodeContents(dialog.querySelector('h2')!);
    const close = dialog.querySelector('button[aria-label="Close"]')!.getBoundingClientRect();
    return [...title.getClientRects()].some((r) => r.right > close.left && r.left < close.right && r.bottom > close.top && r.top < close.bottom);
  });
  expect(titleUnderClose).toBe(false);
  // The tickets are held for the basket meanwhile, with the time left shown.
  await expect(page.getByRole('timer')).toHaveText(/^\d\d:\d\d$/);
  await challenge.getByRole('button', { name: 'Complete' }).click();

  await expect(page).toHaveURL(/\/confirmation\?order=\d+$/);
  const orderId = Number(new URL(page.url()).searchParams.get('order'));
  await expect(page.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible();
  await expect(page.getByRole('list', { name: `Ticket numbers for ${competition.title}` }).getByRole('listitem')).toHaveCount(2);
  await expectTicketsLeft(competition.id, before - 2);
  await context.close();
});
