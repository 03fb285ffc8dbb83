import { expect, test } from '@playwright/test';
import { registerCustomer, signInContext } from '../support/customers.ts';
import { sql } from '../support/db.ts';
import { createAllWinsCompetition } from '../support/instant-win.ts';
import { fillBasket, fillDemoCard } from '../support/payments.ts';

/*
 * UK prize-draw code 1.3 (credit cards) in the browser: the demo credit card is refused at
 * /checkout for a competition with instant wins, the page says why and offers a debit card;
 * the demo debit card then pays, and the refused attempt left no order and no payment.
 */




test('a credit card is refused for an instant-win competition with the reason, then a debit card pays', async ({ browser }) => {
  const competition = await createAllWinsCompetition(`Credit Card Instant Wins ${Date.now()}`, 3);
  const customer = await registerCustomer('Grace', 'Hopper');
  const context = await browser.newContext();
  await signInContext(context, customer);
  const page = await context.newPage();

  await fillBasket(customer.token, competition.productId, 1);
  // remote-account rotates the token with check-auth on load: wait for it before moving on.
  await Promise.all([page.waitForResponse((r) => r.url().includes('/api/v1/check-auth')), page.goto('/checkout')]);
  const fields: [string, string][] = [
    ['Phone', '07700900123'], ['Email address', customer.email], ['House name/number', '9'], ['Street address', 'Compiler Lane'],
    ['Town/City', 'London'], ['Postcode', 'N1 9GU'],
  ];
  for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
  const checkout = page.locator('[data-boundary="cart-checkout"]');
  await expect(checkout.getByText('4000 0566 5566 5556 is a debit card, 4242 4242 4242 4242 a credit card', { exact: false })).toBeVisible();

  await fillDemoCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Place order' }).click();
  const refusal = checkout.getByRole('alert', { name: "We can't take this credit card" });
  await expect(refusal).toContainText(`We can't take credit cards for competitions with instant wins, and "${competition.title}" has them.`);
  await expect(refusal).toContainText('Please pay with a debit card or use your site credit instead.');
  await expect(page).toHaveURL(/\/checkout$/);

  await refusal.getByRole('button', { name: 'Use a debit card' }).click();
  await expect(refusal).toHaveCount(0);
  await expect(page.getByLabel('Card number')).toHaveValue('');
  await fillDemoCard(page, '4000 0566 5566 5556');
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/confirmation\?order=\d+$/);
  await expect(checkout.getByText(/^Ticket \d+ won £25 Amazon Voucher/)).toBeVisible();
  // One order, paid by the debit card; the refused credit card left no order and no payment (its funding was read
  // from the provider's payment method before any intent was made).
  const orders = await sql<{ card_funding: string; status: string; intents: string[] }>(
    `SELECT o.card_funding, o.status,
       ARRAY(SELECT pi.status FROM payment_intents pi JOIN orders o2 ON o2.id = pi.order_id WHERE o2.customer_id = o.customer_id) AS intents
     FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.email = $1`,
    [customer.email],
  );
  expect(orders).toEqual([{ card_funding: 'debit', status: 'completed', intents: ['succeeded'] }]);
  await context.close();
});
